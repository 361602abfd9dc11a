"""What a league night does after its tables' games: when one closes (finished, or ended
early), the night hears its table's result; when a game's last table closed, the next game is
seated, or the champion named; the league's post shows the standings after every game, and
whoever missed a whole game is told they sit out the rest.

A started process catches up first: what closed while no process was there to hear it."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Protocol

import discord

from bot.announce.outbox import SEND_FAILURES
from bot.league.night import Phase
from bot.league.post import dropped_post, league_post
from bot.league.service import LeagueNights
from bot.league.store import LeagueRecord
from bot.league.tables import Paced
from bot.options import GameOptions
from bot.play.transition import Change, Transition
from bot.storage import ACTIVE_STATUSES, GameRecord, PlayerId
from bot.ui.replies import NO_PINGS

log = logging.getLogger("whyfirst.league")


class Messages(Protocol):
    def get_partial_messageable(self, id: int, /) -> discord.PartialMessageable: ...


class Games(Protocol):
    async def game(self, game_id: int) -> GameRecord | None: ...


class LeagueFollower:
    def __init__(
        self,
        nights: LeagueNights,
        seat_tables: Callable[[LeagueRecord], Awaitable[None]],
        messages: Messages,
        games: Games,
        spawn: Callable[[Coroutine[object, object, object]], None],
        page: Callable[[LeagueRecord], str | None],
        outbox: Paced,
        ready: Callable[[], Awaitable[None]],
    ) -> None:
        """`ready()`: once the gateway is ready, the league channels' threads are known."""
        self._nights = nights
        self._seat_tables = seat_tables
        self._messages = messages
        self._games = games
        self._spawn = spawn
        self._page = page
        self._outbox = outbox
        self._ready = ready

    def __call__(self, change: Change) -> None:
        """Every committed change of a game (the game service publishes them here)."""
        if not isinstance(change, Transition) or change.finished:
            self._spawn(self.game_closed(change.record))

    async def game_closed(self, game: GameRecord) -> None:
        found = await self._nights.table_result(game)
        if found is None:
            return
        league_id, ended = found
        before = await self._nights.league(league_id)
        outcome = await self._nights.act(league_id, ended)
        if not isinstance(outcome, LeagueRecord) or before is None:
            return
        newly_out = tuple(p for p in ended.absent if p not in before.night.out)
        await self.show(outcome, dropped=newly_out)
        if outcome.phase is Phase.PLAYING and outcome.night.game != before.night.game:
            await self._seat_tables(outcome)

    async def show(self, league: LeagueRecord, dropped: tuple[PlayerId, ...] = ()) -> None:
        """The league's post as the night stands; those dropped told in its channel."""
        locale = GameOptions.from_dict(league.options).locale
        channel = self._messages.get_partial_messageable(league.channel_id)
        what = f"league {league.id}: its post"
        if league.message_id is not None:
            message = channel.get_partial_message(league.message_id)
            post = league_post(league, self._page(league))
            try:
                await self._outbox.paced(
                    lambda: message.edit(
                        content=post.content,
                        view=post.view,
                        allowed_mentions=NO_PINGS,
                        attachments=[post.file()] if post.file else discord.utils.MISSING,
                    ),
                    what,
                )
            except SEND_FAILURES as problem:
                log.warning("%s was not updated: %s", what, problem)
        if dropped:
            post = dropped_post(dropped, league.night.game, locale)
            told = f"league {league.id}: who sits out"
            try:
                await self._outbox.paced(
                    lambda: channel.send(post.content, allowed_mentions=post.mentions), told
                )
            except SEND_FAILURES as problem:
                log.warning("%s was not told: %s", told, problem)

    async def start(self) -> None:
        """Catch up with the tables whose games closed while no process heard it, and seat
        a game whose tables were not all seated, once the gateway is ready."""
        self._spawn(self._catch_up())

    async def _catch_up(self) -> None:
        await self._ready()
        for league in await self._nights.open_leagues():
            for game_number, _, game_id in league.night.table_games:
                if game_number != league.night.game:
                    continue
                game = await self._games.game(game_id)
                if game is not None and game.status not in ACTIVE_STATUSES:
                    await self.game_closed(game)
            current = await self._nights.league(league.id)
            playing = current is not None and current.phase is Phase.PLAYING
            if current is not None and playing and current.night.unopened_tables():
                await self._seat_tables(current)

    async def stop(self) -> None:
        return None
