"""The open games this process knows: each one's latest record (as this process last read or
wrote it), its engine state parsed once per version, and the lock its changes are written
under. Only the game service (bot/play/service.py) and its parts write here, and the table's
follower (bot/table/follow.py), which refreshes a game another process moved on."""

from __future__ import annotations

import asyncio
from typing import Protocol

import engine
from bot import storage as store
from bot.storage import GameRecord


class GameReader(Protocol):
    async def game(self, game_id: int) -> GameRecord | None: ...


class OpenGames:
    def __init__(self, storage: GameReader) -> None:
        self._storage = storage
        self._locks: dict[int, asyncio.Lock] = {}
        # Refusals, the lobby and private controls are answered from the latest record without
        # waiting for the database, and actions start from it; the commit's version check
        # sends a caller back to the database whenever another process changed the game.
        self._latest: dict[int, GameRecord] = {}
        # The state of each of those records, read once (a click must not parse it again).
        self._states: dict[int, tuple[int, engine.GameState]] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock a game's commits take, one at a time in this process."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def latest(self, game_id: int) -> GameRecord | None:
        """The game as last seen here, without asking the database."""
        return self._latest.get(game_id)

    async def current(self, game_id: int) -> GameRecord | None:
        """The game as last seen by this process (read from the database the first time)."""
        return self._latest.get(game_id) or await self.refresh(game_id)

    async def refresh(self, game_id: int) -> GameRecord | None:
        """The game as the database has it now (remembered)."""
        record = await self._storage.game(game_id)
        self.remember(record)
        return record

    def remember(self, record: GameRecord | None, state: engine.GameState | None = None) -> None:
        """Note a game as just read or written (with its state, when the caller has it): its
        latest record while it is open."""
        if record is None:
            return
        known = self._latest.get(record.id)
        if known is not None and known.version > record.version:
            return  # an answer that overtook this one already brought a newer record
        if record.status in store.ACTIVE_STATUSES:
            self._latest[record.id] = record
            if state is not None:
                self._states[record.id] = (record.version, state)
        else:
            self._latest.pop(record.id, None)
            self._states.pop(record.id, None)
            self._locks.pop(record.id, None)

    def state_of(self, record: GameRecord) -> engine.GameState | None:
        """The engine state of a record (parsed once per version of an open game)."""
        if record.state_json is None:
            return None
        known = self._states.get(record.id)
        if known is not None and known[0] == record.version:
            return known[1]
        state = engine.state_from_dict(record.state)
        if self._latest.get(record.id) is record:
            self._states[record.id] = (record.version, state)
        return state

    def in_channel(self, channel_id: int) -> int | None:
        """The open game this process knows in the channel (the database has the last word)."""
        return next((r.id for r in self._latest.values() if r.channel_id == channel_id), None)
