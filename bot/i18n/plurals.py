"""Which plural form a count takes, and how a number is written, per language (CLDR's rules,
through Babel)."""

from __future__ import annotations

from functools import cache

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal

FALLBACK_LANGUAGE = "en"


def plural_category(count: int, locale: str | None = None) -> str:
    """``"zero"``, ``"one"``, ``"two"``, ``"few"``, ``"many"`` or ``"other"`` for ``count``
    in the locale's language (English when the language is unknown)."""
    return babel_locale(locale).plural_form(abs(count))


def decimal(value: float, locale: str | None = None) -> str:
    """``value`` with one decimal, as the language writes it: 2.5, 2,5."""
    return format_decimal(value, format="#,##0.0", locale=babel_locale(locale))


@cache
def babel_locale(locale: str | None) -> Locale:
    """Babel's locale for a Discord locale ("de", "pt-BR"); its language, or English."""
    tag = (locale or FALLBACK_LANGUAGE).replace("-", "_")
    for candidate in (tag, tag.split("_")[0], FALLBACK_LANGUAGE):
        try:
            return Locale.parse(candidate)
        except (UnknownLocaleError, ValueError):
            continue
    raise AssertionError("English is always known")


def whole(value: int, locale: str | None = None) -> str:
    """``value`` grouped as the language writes it: 1,064, 1.064."""
    return format_decimal(value, format="#,##0", locale=babel_locale(locale))


def signed_decimal(value: float, locale: str | None = None) -> str:
    """A change with one decimal and its sign: +1.8, −0.6 (a true minus sign), ±0.0."""
    rounded = round(value, 1)
    sign = "+" if rounded > 0 else "−" if rounded < 0 else "±"
    return sign + decimal(abs(rounded), locale)
