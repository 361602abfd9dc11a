"""The league's parts, built from the few collaborators they use (the composition root calls
`league`)."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.clock import Clock
from bot.league.commands import league_feature
from bot.league.desk import LeagueDesk, PublicLanguage, Ratings
from bot.league.follow import LeagueFollower
from bot.league.service import ActionLogs, LeagueNights
from bot.league.store import LeagueStore
from bot.league.tables import TableSeater
from bot.play.background import Background
from bot.play.seeds import Seeds
from bot.play.service import GameService
from bot.settings import Settings
from bot.storage import GameRecord
from bot.storage.units import Database
from bot.ui.feature import Feature
from bot.ui.in_flight import InFlight


class LeagueStorage(Ratings, ActionLogs, Protocol):
    @property
    def units(self) -> Database: ...

    async def game(self, game_id: int) -> GameRecord | None: ...


def league(
    storage: LeagueStorage,
    service: GameService,
    client: discord.Client,
    clock: Clock,
    languages: PublicLanguage,
    settings: Settings,
    background: Background,
    in_flight: InFlight,
) -> Feature:
    nights = LeagueNights(LeagueStore(storage.units), storage, clock)
    seater = TableSeater(client, service.seating, service.commits, nights)
    follower = LeagueFollower(nights, seater.seat, client, storage, background.spawn)
    service.commits.subscribe(follower)
    desk = LeagueDesk(nights, storage, languages, Seeds(settings.seed), seater.seat, clock)
    return league_feature(desk, follower, in_flight)
