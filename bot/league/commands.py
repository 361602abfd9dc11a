"""How Discord reaches a league night: /whyfirst league open and the buttons of the league's
post; what the league runs on its own (catching up after a start); and its tables, which
storage exports, erases and forgets with the rest (bot/league/store.py)."""

from __future__ import annotations

import re

import discord
from discord import app_commands

import engine
from bot.league.desk import LeagueDesk
from bot.league.follow import LeagueFollower
from bot.league.night import GAMES, TABLE_SIZES
from bot.league.post import TEMPLATE
from bot.league.store import LEAGUE_TABLES
from bot.lobby.commands import VARIANTS
from bot.options import (
    DEFAULT_PICK_SECONDS,
    MAX_PICK_SECONDS,
    MIN_PICK_SECONDS,
    GameOptions,
    HandsIn,
)
from bot.ui.command_text import HANDS_CHOICES, described, option_name
from bot.ui.feature import Feature
from bot.ui.in_flight import InFlight

DEFAULT_GAMES = 3
DEFAULT_TABLE_SIZE = 4


def league_feature(desk: LeagueDesk, follower: LeagueFollower, in_flight: InFlight) -> Feature:
    league = app_commands.Group(name="league", description=described("commands.league"))

    @league.command(name="open", description=described("commands.league_open"))
    @app_commands.rename(
        games=option_name("games"),
        table_size=option_name("table_size"),
        variant=option_name("variant"),
        pick_seconds=option_name("pick_seconds"),
        hands=option_name("hands"),
    )
    @app_commands.describe(
        games=described("commands.league_games", low=GAMES[0], high=GAMES[-1]),
        table_size=described(
            "commands.league_table_size", low=TABLE_SIZES[0], high=TABLE_SIZES[-1]
        ),
        variant=described("commands.start_variant"),
        pick_seconds=described(
            "commands.start_pick_seconds", low=MIN_PICK_SECONDS, high=MAX_PICK_SECONDS
        ),
        hands=described("commands.start_hands"),
    )
    @app_commands.choices(variant=VARIANTS, hands=HANDS_CHOICES)
    async def open_league(
        interaction: discord.Interaction,
        games: app_commands.Range[int, 2, 5] = DEFAULT_GAMES,
        table_size: app_commands.Range[int, 3, 6] = DEFAULT_TABLE_SIZE,
        variant: str = engine.Variant.STANDARD.value,
        pick_seconds: app_commands.Range[int, MIN_PICK_SECONDS, MAX_PICK_SECONDS] = (
            DEFAULT_PICK_SECONDS
        ),
        hands: str = HandsIn.DM.value,
    ) -> None:
        options = GameOptions(pick_seconds=pick_seconds, hands=HandsIn(hands))
        with in_flight.handling():
            await desk.open(interaction, games, table_size, engine.Variant(variant), options)

    async def clicked(interaction: discord.Interaction, match: re.Match[str]) -> None:
        await desk.button(interaction, match["action"], int(match["league"]))

    return Feature(
        commands=(league,),
        clicks={TEMPLATE: clicked},
        running=(follower,),
        owns=LEAGUE_TABLES,
    )
