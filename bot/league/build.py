"""The league's parts, built from the few collaborators they use (the composition root calls
`league`, and serves `pages` with the web pages when it serves them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import discord

from bot.clock import Clock
from bot.league.commands import league_feature
from bot.league.desk import LeagueDesk, PublicLanguage, Ratings
from bot.league.follow import LeagueFollower
from bot.league.page import LeaguePages
from bot.league.service import ActionLogs, LeagueNights
from bot.league.store import LeagueRecord, LeagueStore
from bot.league.tables import ChannelGame, Paced, TableSeater
from bot.play.background import Background
from bot.play.seeds import Seeds
from bot.play.service import GameService
from bot.settings import Settings
from bot.storage import GameRecord
from bot.storage.units import Database
from bot.ui.feature import Feature
from bot.ui.in_flight import InFlight


class LeagueStorage(Ratings, ActionLogs, ChannelGame, Protocol):
    @property
    def units(self) -> Database: ...

    async def game(self, game_id: int) -> GameRecord | None: ...


@dataclass(frozen=True)
class League:
    feature: Feature
    pages: LeaguePages | None
    """The nights' standings pages, when the bot serves web pages."""


def league(
    storage: LeagueStorage,
    service: GameService,
    client: discord.Client,
    clock: Clock,
    languages: PublicLanguage,
    settings: Settings,
    background: Background,
    in_flight: InFlight,
    outbox: Paced,
) -> League:
    store = LeagueStore(storage.units)
    nights = LeagueNights(store, storage, clock)
    pages = (
        None if settings.public_url is None else LeaguePages(store, storage, settings.public_url)
    )

    def page(league: LeagueRecord) -> str | None:
        return None if pages is None else pages.page_url(league)

    seater = TableSeater(client, service.seating, service.commits, nights, outbox, storage)
    follower = LeagueFollower(
        nights,
        seater.seat,
        client,
        storage,
        background.spawn,
        page,
        outbox,
        client.wait_until_ready,
    )
    service.commits.subscribe(follower)
    seeds = Seeds(settings.seed)

    def seat_later(league: LeagueRecord) -> None:
        # Not within the Start click: seating a night takes seconds of paced requests, and
        # the games' announcements wait while a click is being handled.
        background.spawn(seater.seat(league))

    desk = LeagueDesk(nights, storage, languages, seeds, seat_later, clock, page)
    return League(league_feature(desk, follower, in_flight), pages)
