"""The `/whyfirst` command group. Each command answers at once, in one or two sentences.

The group holds /whyfirst rules itself; every other subcommand is a feature's (bot/ui/feature.py)
and is registered here in the order the features are given. Descriptions, option names and choices
come from the catalog in every language it has (bot/ui/command_text.py)."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands

from bot.i18n import t
from bot.ui.command_text import described
from bot.ui.feature import Feature


# Installable to a server and to a user; usable in servers, group DMs (and DMs between
# friends) and the bot's own DMs (where only /whyfirst privacy and rules have a use).
@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class WhyFirstCommands(app_commands.Group):
    def __init__(self, features: Sequence[Feature]) -> None:
        super().__init__(name="whyfirst", description=described("commands.group"))
        for feature in features:
            for command in feature.commands:
                self.add_command(command)

    @app_commands.command(name="rules", description=described("commands.rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(t("rules.text", interaction.locale), ephemeral=True)
