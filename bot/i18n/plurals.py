"""Which plural form a count takes, and how a number is written, per language (CLDR's rules).

The three facts this bot uses of a language (its plural rules, its decimal and group signs) are kept
in ``cldr.json``, taken from Babel's CLDR data for each locale Discord names and its language
(``python -m tests.i18n.cldr_facts`` writes the file; a test holds it to Babel's data). Asking Babel
itself at run time loads its whole data for a language: 5.7 MB of a process's memory for three
facts. Numbers are written as Babel's ``format_decimal`` writes the two patterns used here, "#,##0"
and "#,##0.0" (CLDR groups both by three; tests/i18n/test_numbers.py holds the two to the same
output)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import TypedDict

from babel.plural import PluralRule

FACTS_FILE = Path(__file__).with_name("cldr.json")
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


class Facts(TypedDict):
    plural: dict[str, str]
    decimal: str
    group: str


@cache
def numbers_of(locale: str | None) -> Numbers:
    """The facts of a Discord locale's language ("de", "pt-BR"), or of English."""
    known: dict[str, Facts] = json.loads(FACTS_FILE.read_text(encoding="utf-8"))
    tag = locale or FALLBACK_LANGUAGE
    facts = next(known[at] for at in (tag, tag.split("-")[0], FALLBACK_LANGUAGE) if at in known)
    return Numbers(PluralRule(facts["plural"]), facts["decimal"], facts["group"])


def _written(value: float, quantum: Decimal, numbers: Numbers) -> str:
    """As Babel writes it: the exact decimal of ``str(value)``, rounded half to even, the
    sign a hyphen-minus."""
    exact = Decimal(str(value))
    digits = f"{abs(exact).quantize(quantum):,f}"
    sign = "-" if exact.is_signed() else ""
    return sign + digits.translate({ord(","): numbers.group, ord("."): numbers.decimal})
