"""Which plural form a count takes, and how a number is written, per language (CLDR's rules,
through Babel).

Babel holds a language's whole CLDR data once it is asked anything of it: about 5 MB for the
first language, 1 MB for each more, where this bot uses three facts of it. So each language's
facts are taken once and Babel's data let go (`Numbers`); numbers are then written as Babel's
``format_decimal`` writes the two patterns used here, "#,##0" and "#,##0.0" (CLDR groups both
by three; tests/i18n/test_numbers.py holds the two to the same output).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cache

from babel import Locale, UnknownLocaleError, localedata
from babel.plural import PluralRule

FALLBACK_LANGUAGE = "en"


@dataclass(frozen=True)
class Numbers:
    """What this bot uses of a language's CLDR data."""

    plural: PluralRule
    decimal: str
    group: str


def plural_category(count: int, locale: str | None = None) -> str:
    """``"zero"``, ``"one"``, ``"two"``, ``"few"``, ``"many"`` or ``"other"`` for ``count``
    in the locale's language (English when the language is unknown)."""
    return numbers_of(locale).plural(abs(count))


def decimal(value: float, locale: str | None = None) -> str:
    """``value`` with one decimal, as the language writes it: 2.5, 2,5."""
    return _written(value, Decimal("0.1"), numbers_of(locale))


def whole(value: int, locale: str | None = None) -> str:
    """``value`` grouped as the language writes it: 1,064, 1.064."""
    return _written(value, Decimal(1), numbers_of(locale))


def signed_decimal(value: float, locale: str | None = None) -> str:
    """A change with one decimal and its sign: +1.8, −0.6 (a true minus sign), ±0.0."""
    rounded = round(value, 1)
    sign = "+" if rounded > 0 else "−" if rounded < 0 else "±"
    return sign + decimal(abs(rounded), locale)


@cache
def numbers_of(locale: str | None) -> Numbers:
    """The facts of a Discord locale's language ("de", "pt-BR"), or of English."""
    language = babel_locale(locale)
    symbols = language.number_symbols["latn"]
    numbers = Numbers(language.plural_form, symbols["decimal"], symbols["group"])
    localedata.clear_caches()
    return numbers


def babel_locale(locale: str | None) -> Locale:
    """Babel's locale for a Discord locale; its language, or English."""
    tag = (locale or FALLBACK_LANGUAGE).replace("-", "_")
    for candidate in (tag, tag.split("_")[0], FALLBACK_LANGUAGE):
        try:
            return Locale.parse(candidate)
        except (UnknownLocaleError, ValueError):
            continue
    raise AssertionError("English is always known")


def _written(value: float, quantum: Decimal, numbers: Numbers) -> str:
    """As Babel writes it: the exact decimal of ``str(value)``, rounded half to even, the
    sign a hyphen-minus."""
    exact = Decimal(str(value))
    digits = f"{abs(exact).quantize(quantum):,f}"
    sign = "-" if exact.is_signed() else ""
    return sign + digits.translate({ord(","): numbers.group, ord("."): numbers.decimal})
