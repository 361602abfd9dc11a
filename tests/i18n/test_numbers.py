"""Numbers and plural forms written from the few CLDR facts kept of a language, as Babel
itself writes them from its whole data, for every locale Discord names."""

from __future__ import annotations

import discord
import pytest
from babel.numbers import format_decimal

from bot.i18n import decimal, plural_category, signed_decimal, whole
from bot.i18n.plurals import FACTS_FILE
from tests.i18n.cldr_facts import babel_locale, written

LOCALES = (*(str(locale) for locale in discord.Locale), "xx", None)
WHOLES = (0, 1, 7, 999, 1000, 1064, 12_345, 1_234_567, -3, -1_064)
DECIMALS = (0.0, 0.05, 0.15, 2.25, 2.35, 2.5, -0.04, -2.45, 1064.5, 12_345.65, 1e6, 1e16)


@pytest.mark.parametrize("locale", LOCALES)
def test_numbers_are_written_as_babel_writes_them(locale: str | None) -> None:
    language = babel_locale(locale)
    for number in WHOLES:
        assert whole(number, locale) == format_decimal(number, "#,##0", locale=language)
    for value in DECIMALS:
        assert decimal(value, locale) == format_decimal(value, "#,##0.0", locale=language)


@pytest.mark.parametrize("locale", LOCALES)
def test_plural_forms_are_babels(locale: str | None) -> None:
    rule = babel_locale(locale).plural_form
    for count in (0, 1, 2, 3, 5, 11, 21, 101, 1_000_000):
        assert plural_category(count, locale) == rule(count)


def test_a_german_change_has_a_comma_and_a_true_minus() -> None:
    assert signed_decimal(-0.64, "de") == "−0,6"
    assert whole(1064, "de") == "1.064"


def test_the_kept_facts_are_babels_data_of_today() -> None:
    # Fails after a Babel upgrade changed CLDR's data: python -m tests.i18n.cldr_facts
    assert FACTS_FILE.read_text(encoding="utf-8") == written()
