"""Slash command descriptions come from the catalog, translated where a catalog file exists."""

import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot.i18n import Catalog, default_catalog
from bot.ui.command_text import CatalogTranslator, described
from bot.ui.commands import WhyFirstCommands
from tests.commands import whyfirst_group

CATALOGS = default_catalog().directory


@pytest.fixture
async def group() -> AsyncIterator[WhyFirstCommands]:
    """The /whyfirst group as the bot builds it, every feature's commands in it."""
    async with whyfirst_group() as commands:
        yield commands


def english_catalog_in(folder: Path) -> Catalog:
    shutil.copy(CATALOGS / "en.toml", folder / "en.toml")
    return Catalog(folder)


async def test_a_description_is_shown_in_the_users_language_when_a_catalog_has_it(
    tmp_path: Path,
) -> None:
    catalog = english_catalog_in(tmp_path)
    (tmp_path / "fr.toml").write_text(
        '[commands]\nstart_pick_seconds = "Secondes par manche ({low}-{high})"\n', "utf-8"
    )
    translator = CatalogTranslator(catalog)
    text = described("commands.start_pick_seconds", low=20, high=600)
    assert str(text) == "Seconds to pick each round (20-600)"
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    assert await translator.translate(text, discord.Locale.french, context) == (
        "Secondes par manche (20-600)"
    )
    assert await translator.translate(text, discord.Locale.german, context) is None
    assert await translator.translate(text, discord.Locale.american_english, context) is None


def test_every_command_is_described_from_the_english_catalog(group: WhyFirstCommands) -> None:
    english = Catalog(CATALOGS)
    descriptions = {command.name: command.description for command in group.commands}
    assert {"rules", "start", "web"} <= set(descriptions)
    assert descriptions == {
        name: english.text(f"commands.{name.replace('-', '_')}") for name in descriptions
    }
    web = next(command for command in group.commands if command.name == "web")
    assert isinstance(web, app_commands.Group)
    assert {command.name: command.description for command in web.commands} == {
        "on": english.text("commands.web_on"),
        "off": english.text("commands.web_off"),
    }


async def test_option_names_descriptions_and_choices_are_synced_in_german_and_italian(
    group: WhyFirstCommands,
) -> None:
    tree_owner = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(tree_owner)
    tree.add_command(group)
    translator = CatalogTranslator()
    await tree.set_translator(translator)
    (whyfirst,) = [await c.get_translated_payload(tree, translator) for c in tree.get_commands()]
    start = next(option for option in whyfirst["options"] if option["name"] == "start")
    assert set(start["description_localizations"]) == {"de", "it"}
    variant = next(option for option in start["options"] if option["name"] == "variant")
    for language in ("de", "it"):
        assert variant["name_localizations"][language] == default_catalog().text(
            "option.variant", language
        )
        assert variant["description_localizations"][language] == default_catalog().text(
            "commands.start_variant", language
        )
        tactical = next(c for c in variant["choices"] if c["value"] == "tactical")
        assert tactical["name_localizations"][language] == default_catalog().text(
            "choice.variant_tactical", language
        )
    # The command names themselves stay English: people share "/whyfirst start".
    assert "name_localizations" not in start or not start["name_localizations"]
    await tree_owner.close()
