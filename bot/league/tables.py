"""A game of a league seated: each of its tables a public thread of the league's channel, its
players added and greeted by a mention, its game started at once (no lobby) with the league's
options, and noted as that table's game. From then on it is an ordinary game.

Its requests take their turns under Discord's global limit among the games' own
(bot/announce/outbox.py), behind any reveal waiting for its turn: seating a night's tables takes
dozens of requests, and the tables seated first already play meanwhile."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial
from typing import Literal, Protocol, TypeVar

import discord

import engine
from bot.announce.outbox import SEND_FAILURES
from bot.announce.pacing import Urgency
from bot.crash import crash_point
from bot.league.night import TableOpened
from bot.league.post import seated_post, thread_name
from bot.league.service import LeagueNights
from bot.league.store import LeagueRecord
from bot.options import GameOptions
from bot.play.commits import Commits
from bot.play.seating import Seating
from bot.play.transition import Refusal
from bot.storage import GameRecord, GameStatus, PlayerId, Seat, user_id_of

log = logging.getLogger("whyfirst.league")

T = TypeVar("T")

ARCHIVE_MINUTES: Literal[1440] = 1440
"""A table's thread stays open a day without a message (its game posts every round)."""


class Channels(Protocol):
    def get_channel(self, id: int, /) -> object | None: ...


class Paced(Protocol):
    async def paced(
        self, make: Callable[[], Awaitable[T]], what: str, urgency: Urgency = Urgency.PUBLIC
    ) -> T:
        """`await make()` in its turn, tried again while Discord is limiting or failing."""


class ChannelGame(Protocol):
    async def active_game_in_channel(self, channel_id: int) -> GameRecord | None: ...


class TableSeater:
    def __init__(
        self,
        channels: Channels,
        seating: Seating,
        commits: Commits,
        nights: LeagueNights,
        outbox: Paced,
        games: ChannelGame,
    ) -> None:
        self._channels = channels
        self._seating = seating
        self._commits = commits
        self._nights = nights
        self._outbox = outbox
        self._games = games
        self._under_way: set[tuple[int, int]] = set()
        """(league, game) being seated by this process."""

    async def seat(self, league: LeagueRecord) -> None:
        """Every table of the current game that has no game yet; nothing when this process is
        seating that game already. A process that starts catches up with its leagues once it
        is ready, and a Start click may have reached it a moment before: both would make each
        table's thread, seen by neither until it is made."""
        under_way = (league.id, league.night.game)
        if under_way in self._under_way:
            return
        self._under_way.add(under_way)
        try:
            await self._seat_unopened(league)
        finally:
            self._under_way.discard(under_way)

    async def _seat_unopened(self, league: LeagueRecord) -> None:
        channel = self._channels.get_channel(league.channel_id)
        if not isinstance(channel, discord.TextChannel):
            log.warning("league %s: its channel is gone; its tables cannot be seated", league.id)
            return
        for table in league.night.unopened_tables():
            try:
                await self._seat_table(league, channel, table)
            except SEND_FAILURES as problem:
                # Left unseated: a started process seats it (bot/league/follow.py).
                log.warning("league %s: table %s was not seated: %s", league.id, table, problem)

    async def _seat_table(
        self, league: LeagueRecord, channel: discord.TextChannel, table: int
    ) -> None:
        """Its thread, its players greeted there, its game started: each once, however often a
        process died on the way (until the table's game is noted, a started process seats it
        again, and finds what the dead one made by then)."""
        night = league.night
        locale = GameOptions.from_dict(league.options).locale
        players = night.tables[table]
        name = thread_name(league.id, night.game, table, locale)
        what = f"league {league.id}: {name}"
        me = channel.guild.me.id
        found = next((t for t in channel.threads if t.name == name and t.owner_id == me), None)
        thread = found
        if thread is None:
            thread = await self._outbox.paced(
                lambda: channel.create_thread(
                    name=name,
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=ARCHIVE_MINUTES,
                ),
                what,
                Urgency.PRIVATE,
            )
        crash_point("seating")
        greeted = found is not None and await self._outbox.paced(
            lambda: _said_anything(thread), what, Urgency.PRIVATE
        )
        if not greeted:
            for player in players:
                member = discord.Object(user_id_of(player))
                await self._outbox.paced(partial(thread.add_user, member), what, Urgency.PRIVATE)
            post = seated_post(players, night.game, night.games, locale)
            await self._outbox.paced(
                lambda: thread.send(post.content, allowed_mentions=post.mentions),
                what,
                Urgency.PRIVATE,
            )
        game = await self._games.active_game_in_channel(thread.id) or await self._open(
            league, channel, thread, players, name
        )
        if game.status is GameStatus.LOBBY:
            started = await self._commits.start(game.id, game.host_id)
            if isinstance(started, Refusal):
                log.warning("league %s: table %s did not start: %s", league.id, name, started.key)
                return
        await self._nights.act(league.id, TableOpened(night.game, table, game.id))

    async def _open(
        self,
        league: LeagueRecord,
        channel: discord.TextChannel,
        thread: discord.Thread,
        players: tuple[PlayerId, ...],
        name: str,
    ) -> GameRecord:
        host, *others = players
        seated = [
            Seat(user_id_of(p), league.names.get(p, p), seat) for seat, p in enumerate(others, 1)
        ]
        base = GameOptions.from_dict(league.options)
        options = replace(base, guild_name=channel.guild.name, channel_name=name)
        variant = engine.Variant(str(league.options.get("variant", "standard")))
        host_id, host_name = user_id_of(host), league.names.get(host, host)
        return await self._seating.open_lobby(
            league.guild_id, thread.id, host_id, host_name, variant, options, seated
        )


async def _said_anything(thread: discord.Thread) -> bool:
    """Whether the bot wrote in the thread already (it greets its players first)."""
    return any([message async for message in thread.history(limit=1)])
