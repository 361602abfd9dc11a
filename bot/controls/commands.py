"""How Discord reaches a player's controls: /whyfirst hand and status, and the hand's buttons
(a card, a target, a tactical move, Show my hand)."""

from __future__ import annotations

import re

import discord
from discord import app_commands

from bot.controls.desk import HandDesk
from bot.i18n import locale_name
from bot.messages.status import status_text
from bot.play.channel_games import ChannelGames
from bot.ui import custom_ids as ids
from bot.ui.command_text import described
from bot.ui.feature import Feature


def controls_feature(desk: HandDesk, here: ChannelGames) -> Feature:

    @app_commands.command(name="hand", description=described("commands.hand"))
    async def hand(interaction: discord.Interaction) -> None:
        record = await here.game_here(interaction)
        if record is not None:
            await desk.show_hand(interaction, record.id)

    @app_commands.command(name="status", description=described("commands.status"))
    async def status(interaction: discord.Interaction) -> None:
        record = await here.game_here(interaction)
        if record is not None:
            text = status_text(record, locale_name(interaction.locale))
            await interaction.response.send_message(text, ephemeral=True)

    return Feature(
        commands=(hand, status),
        clicks={
            ids.CARD_TEMPLATE: lambda interaction, m: desk.card(
                interaction, int(m["game"]), int(m["owner"]), _turn(m), int(m["card"])
            ),
            ids.PICK_TEMPLATE: lambda interaction, m: desk.pick(
                interaction, int(m["game"]), int(m["owner"]), _turn(m), int(m["card"]), m["target"]
            ),
            ids.MOVE_TEMPLATE: lambda interaction, m: desk.move(
                interaction, int(m["game"]), _turn(m), m["target"]
            ),
            ids.HAND_TEMPLATE: lambda interaction, m: desk.show_hand(interaction, int(m["game"])),
        },
    )


def _turn(match: re.Match[str]) -> ids.Turn:
    return ids.Turn(int(match["stage"]), int(match["round"]))
