"""The one update path of a league night, as bot/play/commits.py is a game's: read it, apply the
action (bot/league/night.py), store it under the version it was read at, and read it again
when another writer (another process) came first. And the bridge from the games: a table's
game that ends is that table's result."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from types import MappingProxyType
from typing import Protocol

import engine
from bot.clock import Clock
from bot.league.night import Action, Refused, TableEnded, apply
from bot.league.store import LeagueRecord, LeagueStore, LeagueWrite, NewLeague
from bot.storage import GameRecord, GameStatus, JsonObject, PlayerId, StaleVersion

COMMIT_ATTEMPTS = 5
NO_NAMES: Mapping[PlayerId, str] = MappingProxyType({})


class ActionLogs(Protocol):
    async def actions(self, game_id: int) -> list[JsonObject]: ...


class LeagueNights:
    def __init__(self, store: LeagueStore, logs: ActionLogs, clock: Clock) -> None:
        self._store = store
        self._logs = logs
        self._clock = clock
        self._locks: dict[int, asyncio.Lock] = {}

    async def open(self, new: NewLeague) -> LeagueRecord:
        """Raises LeagueBusy when the channel has an open league."""
        return await self._store.open(new)

    async def league(self, league_id: int) -> LeagueRecord | None:
        return await self._store.league(league_id)

    async def open_leagues(self) -> list[LeagueRecord]:
        return await self._store.open_leagues()

    async def note_post(self, league_id: int, message_id: int) -> None:
        await self._store.set_message_id(league_id, message_id)

    async def act(
        self, league_id: int, action: Action, names: Mapping[PlayerId, str] = NO_NAMES
    ) -> LeagueRecord | Refused | None:
        """The night after `action` (durable), its refusal, or None: no such league."""
        lock = self._locks.setdefault(league_id, asyncio.Lock())
        async with lock:
            for _ in range(COMMIT_ATTEMPTS):
                record = await self._store.league(league_id)
                if record is None:
                    return None
                night = apply(record.night, action)
                if isinstance(night, Refused):
                    return night
                write = LeagueWrite(
                    league_id=league_id,
                    expected_version=record.version,
                    night=night,
                    now=self._clock.now(),
                    names=names,
                )
                try:
                    return await self._store.commit(write)
                except StaleVersion:
                    continue
        return Refused.BUSY

    async def game_ended(self, game: GameRecord) -> LeagueRecord | Refused | None:
        """A game closed: when a league's table played it, the night hears its result
        (None for any other game)."""
        found = await self.table_result(game)
        return None if found is None else await self.act(*found)

    async def table_result(self, game: GameRecord) -> tuple[int, TableEnded] | None:
        """The league whose table played this closed game, and that table's result."""
        for league in await self._store.open_leagues():
            where = league.night.table_of(game.id)
            if where is not None:
                winners, absent = await self._outcome(game)
                return league.id, TableEnded(*where, winners, absent)
        return None

    async def _outcome(self, game: GameRecord) -> tuple[tuple[PlayerId, ...], tuple[PlayerId, ...]]:
        """Who won (none when the game was abandoned), and who made no move of their own."""
        winners: tuple[PlayerId, ...] = ()
        if game.status is GameStatus.FINISHED and game.state is not None:
            over = engine.final_result(engine.state_from_dict(game.state))
            winners = () if over is None else tuple(PlayerId(w) for w in over.winners)
        moved = {str(action.get("player")) for action in await self._logs.actions(game.id)}
        absent = tuple(seat.player for seat in game.seats if seat.player not in moved)
        return winners, absent
