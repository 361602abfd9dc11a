"""Which of the catalog's languages the table speaks: the player's Discord locale once they
are signed in, before that the browser's Accept-Language."""

from __future__ import annotations

from bot.i18n import candidate_locales
from bot.languages import SERVER_LANGUAGES

DEFAULT_LANGUAGE = SERVER_LANGUAGES[0]


def language_of(locale: str | None) -> str:
    """A Discord locale ("de", "en-GB", "pt-BR") as the language the catalog speaks it in."""
    for candidate in candidate_locales(locale):
        if candidate in SERVER_LANGUAGES:
            return candidate
    return DEFAULT_LANGUAGE


def accepted_language(header: str | None) -> str:
    """The first of the header's languages (by weight, then order) that the catalog has."""
    weighted: list[tuple[float, int, str]] = []
    for order, part in enumerate((header or "").split(",")):
        tag, _, parameters = part.strip().partition(";")
        weight = 1.0
        if parameters.strip().startswith("q="):
            try:
                weight = float(parameters.strip()[2:])
            except ValueError:
                weight = 0.0
        if tag and weight > 0:
            weighted.append((-weight, order, tag.split("-")[0].lower()))
    for _, _, language in sorted(weighted):
        if language in SERVER_LANGUAGES:
            return language
    return DEFAULT_LANGUAGE
