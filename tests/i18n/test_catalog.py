"""Looking sentences up: formatting, locale fallback, plural forms."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import Catalog, candidate_locales, locale_name, plural_category, t


@pytest.fixture
def catalog(tmp_path: Path) -> Catalog:
    (tmp_path / "en.toml").write_text(
        '[lobby]\ntitle = "Lobby of {host}"\nfull = "The table is full."\n'
        'n_players = { one = "{count} player", other = "{count} players" }\n'
        '[errors.pick]\nstale = "That round is over."\n',
        encoding="utf-8",
    )
    (tmp_path / "pt.toml").write_text(
        '[lobby]\ntitle = "Mesa de {host}"\nfull = "A mesa está cheia."\n'
        'n_players = { one = "{count} jogador", other = "{count} jogadores" }\n',
        encoding="utf-8",
    )
    (tmp_path / "pt-BR.toml").write_text('[lobby]\ntitle = "Sala de {host}"\n', encoding="utf-8")
    return Catalog(tmp_path)


def test_english_sentence_is_formatted_with_named_values(catalog: Catalog) -> None:
    assert catalog.text("lobby.title", None, host="Anne") == "Lobby of Anne"


def test_nested_sections_make_dotted_keys(catalog: Catalog) -> None:
    assert catalog.text("errors.pick.stale") == "That round is over."


def test_exact_locale_wins_then_language_then_english(catalog: Catalog) -> None:
    assert catalog.text("lobby.title", "pt-BR", host="Ana") == "Sala de Ana"
    assert catalog.text("lobby.full", "pt-BR") == "A mesa está cheia."
    assert catalog.text("lobby.title", "pt-PT", host="Ana") == "Mesa de Ana"
    assert catalog.text("errors.pick.stale", "pt-BR") == "That round is over."
    assert catalog.text("lobby.title", "ja", host="Ken") == "Lobby of Ken"


def test_plural_form_is_chosen_by_count(catalog: Catalog) -> None:
    assert catalog.text("lobby.n_players", count=1) == "1 player"
    assert catalog.text("lobby.n_players", count=0) == "0 players"
    assert catalog.text("lobby.n_players", count=4) == "4 players"
    assert catalog.text("lobby.n_players", "pt-BR", count=0) == "0 jogador"
    assert catalog.text("lobby.n_players", "pt-BR", count=2) == "2 jogadores"


def test_plural_entry_without_count_is_an_error(catalog: Catalog) -> None:
    with pytest.raises(KeyError, match="count"):
        catalog.text("lobby.n_players")


def test_missing_key_raises_key_error(catalog: Catalog) -> None:
    with pytest.raises(KeyError, match=r"lobby\.nope"):
        catalog.text("lobby.nope", "fr")


def test_missing_placeholder_value_raises_key_error(catalog: Catalog) -> None:
    with pytest.raises(KeyError, match="host"):
        catalog.text("lobby.title")


def test_catalog_lists_its_locales(catalog: Catalog) -> None:
    assert catalog.locales() == ("en", "pt", "pt-BR")


def test_candidate_locales_go_from_specific_to_english() -> None:
    assert candidate_locales("pt-BR") == ("pt-BR", "pt", "en")
    assert candidate_locales("fr") == ("fr", "en")
    assert candidate_locales("en-US") == ("en-US", "en")
    assert candidate_locales(None) == ("en",)
    assert candidate_locales("es-419") == ("es-419", "es", "en")


def test_a_locale_that_is_not_a_locale_reads_no_file(catalog: Catalog) -> None:
    assert candidate_locales("../secrets") == ("en",)
    assert catalog.text("lobby.full", "../pt") == "The table is full."


def test_discord_locale_enum_is_accepted() -> None:
    import discord

    assert locale_name(discord.Locale.brazil_portuguese) == "pt-BR"
    assert t("render.start", discord.Locale.brazil_portuguese) == t("render.start")


def test_plural_rules_per_language() -> None:
    assert plural_category(1) == "one"
    assert plural_category(0) == "other"
    assert plural_category(-1) == "one"
    assert plural_category(0, "fr") == "one"
    assert plural_category(1, "ja") == "other"
    assert plural_category(1, "de-AT") == "one"
    assert plural_category(3, "ru") == "few"
    assert plural_category(2, "xx-unknown") == "other"


def test_bot_catalog_answers_in_english_for_a_locale_it_lacks() -> None:
    assert t("render.start", "en-US") == "START"
    assert t("render.start", "fr") == "START"
    assert t("render.start", "pt-BR") == "START"
    assert t("render.start", "de-AT") == t("render.start", "de") != "START"
    assert t("render.scoring_space", None, space="5") == "Scoring space: 5."
