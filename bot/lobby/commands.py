"""How Discord reaches the lobby: /whyfirst start and cancel, and the lobby's and the result's
buttons (Join, Leave, Start, Cancel, the AI seats, Rematch)."""

from __future__ import annotations

import discord
from discord import app_commands

import engine
from bot.lobby.answer import refused_start
from bot.lobby.desk import LobbyDesk
from bot.lobby.request import LobbyRequest
from bot.options import (
    AI_LEVELS,
    DEFAULT_AI_LEVEL,
    DEFAULT_PICK_SECONDS,
    MAX_PICK_SECONDS,
    MIN_PICK_SECONDS,
    GameOptions,
    HandsIn,
)
from bot.play.channel_games import ChannelGames
from bot.ui import custom_ids as ids
from bot.ui.command_text import HANDS_CHOICES, choice, described, option_name
from bot.ui.feature import Feature
from bot.ui.in_flight import InFlight

VARIANTS = [choice("variant_standard", "standard"), choice("variant_tactical", "tactical")]
AI_LEVEL_CHOICES = [choice(f"ai_{level}", level) for level in AI_LEVELS]


def lobby_feature(desk: LobbyDesk, here: ChannelGames, in_flight: InFlight) -> Feature:
    @app_commands.command(name="start", description=described("commands.start"))
    @app_commands.rename(
        variant=option_name("variant"),
        pick_seconds=option_name("pick_seconds"),
        ai_level=option_name("ai_level"),
        hands=option_name("hands"),
    )
    @app_commands.describe(
        variant=described("commands.start_variant"),
        pick_seconds=described(
            "commands.start_pick_seconds", low=MIN_PICK_SECONDS, high=MAX_PICK_SECONDS
        ),
        ai_level=described("commands.start_ai_level"),
        hands=described("commands.start_hands"),
    )
    @app_commands.choices(variant=VARIANTS, ai_level=AI_LEVEL_CHOICES, hands=HANDS_CHOICES)
    async def start(
        interaction: discord.Interaction,
        variant: str = engine.Variant.STANDARD.value,
        pick_seconds: app_commands.Range[int, MIN_PICK_SECONDS, MAX_PICK_SECONDS] = (
            DEFAULT_PICK_SECONDS
        ),
        ai_level: str = DEFAULT_AI_LEVEL,
        hands: str | None = None,
    ) -> None:
        if await refused_start(interaction):
            return
        options = GameOptions(
            pick_seconds=pick_seconds,
            ai_level=ai_level,
            hands=HandsIn.DM if hands is None else HandsIn(hands),
        )
        request = LobbyRequest(engine.Variant(variant), options, server_hands=hands is None)
        with in_flight.handling():
            await desk.open_lobby(interaction, request)

    @app_commands.command(name="cancel", description=described("commands.cancel"))
    async def cancel(interaction: discord.Interaction) -> None:
        with in_flight.handling():
            record = await here.game_here(interaction)
            if record is not None:
                await desk.cancel(interaction, record)

    return Feature(
        commands=(start, cancel),
        clicks={
            ids.LOBBY_TEMPLATE: lambda interaction, m: desk.lobby_button(
                interaction, m["action"], int(m["game"])
            ),
            ids.REMATCH_TEMPLATE: lambda interaction, m: desk.rematch(interaction, int(m["game"])),
        },
    )
