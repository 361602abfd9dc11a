"""Every sentence with a count agrees with it: plural forms chosen by CLDR's rules, in every
language the catalog has, and no count is ever passed to a sentence without plural forms."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from babel import Locale

from bot.i18n import default_catalog, placeholders, plural_category
from tests.i18n.test_catalog_files import USES

COUNTS = (0, 1, 2, 5, -1, 21)


def plural_entries() -> list[tuple[str, str]]:
    catalog = default_catalog()
    return [
        (locale, key)
        for locale in catalog.locales()
        for key in sorted(catalog.keys(locale))
        if not isinstance(catalog.entry(key, locale), str)
    ]


@pytest.mark.parametrize(("locale", "key"), plural_entries())
def test_each_count_takes_the_form_its_language_needs(locale: str, key: str) -> None:
    catalog = default_catalog()
    forms = catalog.entry(key, locale)
    assert isinstance(forms, Mapping)
    needed = set(Locale.parse(locale.replace("-", "_")).plural_form.tags) | {"other"}
    assert needed <= set(forms), f"{locale} {key} lacks {sorted(needed - set(forms))}"
    others = {name: f"<{name}>" for name in placeholders(forms) if name != "count"}
    for count in COUNTS:
        text = catalog.text(key, locale, count=count, **others)
        expected = forms[plural_category(count, locale)].format(count=count, **others)
        assert text == expected
        assert str(count) in text or "{count}" not in "".join(forms.values())


def test_the_catalog_has_plural_sentences() -> None:
    keys = {key for locale, key in plural_entries() if locale == "en"}
    assert {"board.wins", "stats.games", "scoring.points", "lobby.seconds"} <= keys


@pytest.mark.parametrize(
    "use", [use for use in USES if use.values and "count" in use.values], ids=lambda use: use.where
)
def test_a_count_is_only_given_to_a_sentence_with_plural_forms(use: object) -> None:
    key = use.key  # type: ignore[attr-defined]
    assert not isinstance(default_catalog().entry(key), str), f"{key} has no plural forms"
