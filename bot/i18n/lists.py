"""Lists of names in a sentence, joined as the language joins them."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n.catalog import default_catalog


def join_names(names: Sequence[str], locale: str | None = None) -> str:
    """``["Ben"]`` → ``"Ben"``; two → ``"Ben and Leo"``; more → ``"Ann, Ben and Leo"``."""
    catalog = default_catalog()
    if len(names) <= 1:
        return "".join(names)
    if len(names) == 2:
        return catalog.text("render.names_two", locale, first=names[0], second=names[1])
    rest = catalog.text("render.list_separator", locale).join(names[:-1])
    return catalog.text("render.names_many", locale, rest=rest, last=names[-1])
