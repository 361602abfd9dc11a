"""The tables follow a game that another process moves on (several processes on one
PostgreSQL database, each serving the tables connected to it).

Every process hears every game's change by PostgreSQL's NOTIFY (bot/storage/game_notices.py).
A notice matters here only when this channel's tables were not yet given that version: this
process's own commits were (the game service published them), so they cost a look-up and no
read. For one that did not, the game is read again (the open-game cache learns the newer
version with it) and shown as a change of this process's would be: the round it revealed
included, when the actions that version logged, replayed from the state shown before, give
exactly the new state; otherwise the new state alone. A game that ended early shows as ended.
Notices of one game are followed one read at a time, the newest last. When notices may have
been lost (the listening connection was made again), every table catches up.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

import engine
from bot.play.open_games import OpenGames
from bot.play.transition import Change, Ended, EndReason, Transition
from bot.storage import GameNotice, GameRecord, GameStatus, JsonObject, NoticeReceiver

log = logging.getLogger("whyfirst.table")

_ENDED_AS = {GameStatus.CANCELLED: EndReason.CANCELLED, GameStatus.ABANDONED: EndReason.ABANDONED}
"""The table says how a game ended by its status alone (an expired lobby was cancelled)."""


class FollowingTables(Protocol):
    def behind(self, channel_id: int, game_id: int, version: int) -> bool: ...

    def __call__(self, change: Change) -> None: ...

    async def catch_up_everywhere(self) -> None: ...


class Listening(Protocol):
    async def start(self) -> None: ...

    async def close(self) -> None: ...


class FollowStorage(Protocol):
    def game_notices(self, receiver: NoticeReceiver) -> Listening | None: ...

    async def actions_at(self, game_id: int, version: int) -> list[JsonObject]: ...


class TableFollower:
    """Hears the games' changes while started, and shows the tables those made elsewhere."""

    def __init__(self, tables: FollowingTables, games: OpenGames, storage: FollowStorage) -> None:
        self._tables = tables
        self._games = games
        self._storage = storage
        self._listener: Listening | None = None
        self._heard: dict[int, int] = {}
        """The newest version heard of each game being followed."""
        self._following: dict[int, asyncio.Task[None]] = {}
        self._catching_up: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Listens, on PostgreSQL; on SQLite this process's own commits are all there are."""
        self._listener = self._storage.game_notices(self)
        if self._listener is not None:
            await self._listener.start()

    async def stop(self) -> None:
        if self._listener is not None:
            await self._listener.close()
            self._listener = None
        tasks = [*self._following.values(), *self._catching_up]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def changed(self, notice: GameNotice) -> None:
        game_id = notice.game_id
        if not self._tables.behind(notice.channel_id, game_id, notice.version):
            return
        if self._heard.get(game_id, -1) >= notice.version:
            return
        self._heard[game_id] = notice.version
        if game_id not in self._following:
            follow = self._follow(game_id, notice.channel_id)
            self._following[game_id] = asyncio.get_running_loop().create_task(follow)

    def missed(self) -> None:
        task = asyncio.get_running_loop().create_task(self._catch_up())
        self._catching_up.add(task)
        task.add_done_callback(self._catching_up.discard)

    async def _catch_up(self) -> None:
        try:
            await self._tables.catch_up_everywhere()
        except Exception:
            log.exception("the tables could not catch up after missed notices")

    async def _follow(self, game_id: int, channel_id: int) -> None:
        """Shows the game until this channel's tables were given the newest version heard.
        Its last look at that and its leaving happen at once: a notice comes before or after."""
        try:
            while self._tables.behind(channel_id, game_id, self._heard[game_id]):
                await self._own_commit_done(game_id)
                wanted = self._heard[game_id]
                if not self._tables.behind(channel_id, game_id, wanted):
                    break
                change = await self._change(game_id)
                if change is None or change.record.version < wanted:
                    break
                self._tables(change)
        except Exception:
            log.exception("the tables missed a change of game %s made elsewhere", game_id)
        finally:
            del self._following[game_id]
            del self._heard[game_id]

    async def _own_commit_done(self, game_id: int) -> None:
        """A notice can come before the commit that sent it is published here: the game's
        lock is held until then."""
        lock = self._games.lock(game_id)
        if lock.locked():
            async with lock:
                pass

    async def _change(self, game_id: int) -> Change | None:
        """The game as it is now, as a change from the version this process knew: for the
        tables alone (whose click it was is not known here)."""
        known = self._games.latest(game_id)
        before = None if known is None else self._games.state_of(known)
        record = await self._games.refresh(game_id)
        if record is None:
            return None
        ended = _ENDED_AS.get(record.status)
        if ended is not None:
            return Ended(record, ended)
        state = self._games.state_of(record)
        if state is None:
            return None  # a lobby: the table shows none of its changes
        if known is None or before is None or known.version != record.version - 1:
            return Transition(record, None, state, (), None)
        events = await self._replayed(record, before, state)
        if events is None:
            return Transition(record, None, state, (), None)
        return Transition(record, before, state, events, None)

    async def _replayed(
        self, record: GameRecord, before: engine.GameState, after: engine.GameState
    ) -> tuple[engine.Event, ...] | None:
        """What the actions logged with `record`'s version did to `before`, if they lead to
        `after`."""
        state, events = before, list[engine.Event]()
        for logged in await self._storage.actions_at(record.id, record.version):
            try:
                result = engine.apply(state, engine.action_from_dict(logged))
            except ValueError:
                return None
            if not isinstance(result, engine.Accepted):
                return None
            state = result.state
            events.extend(result.events)
        return tuple(events) if state == after else None
