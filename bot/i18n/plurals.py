"""Which plural form a count takes in a language: CLDR's cardinal rules, through Babel."""

from __future__ import annotations

from functools import cache

from babel import Locale, UnknownLocaleError

FALLBACK_LANGUAGE = "en"


def plural_category(count: int, locale: str | None = None) -> str:
    """``"zero"``, ``"one"``, ``"two"``, ``"few"``, ``"many"`` or ``"other"`` for ``count``
    in the locale's language (English when the language is unknown)."""
    return _language(locale).plural_form(abs(count))


@cache
def _language(locale: str | None) -> Locale:
    tag = (locale or FALLBACK_LANGUAGE).replace("-", "_")
    try:
        return Locale.parse(tag)
    except (UnknownLocaleError, ValueError):
        language = tag.split("_")[0]
        try:
            return Locale.parse(language)
        except (UnknownLocaleError, ValueError):
            return Locale.parse(FALLBACK_LANGUAGE)
