"""A game's change, heard by every process on one PostgreSQL database (LISTEN/NOTIFY).

The transaction that moves a game on (transitions.py) sends a notice on `whyfirst_games`: the game's
id, its new version and its channel, as JSON. PostgreSQL delivers it at COMMIT, and never for a
transaction rolled back. A process that wants to hear them listens on one connection of its own
(`GameNoticeListener`), outside the pool, made again whenever it is lost; what was sent while it was
away is not delivered, so its receiver is then told that notices may have been missed. SQLite sends
none: one process has the file."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import Protocol

import asyncpg

from bot.storage.postgres import DRIVER_ERRORS
from bot.storage.records import GameRecord
from bot.storage.sql import Session
from bot.tasks import cancel_and_wait

CHANNEL = "whyfirst_games"
RETRY_SECONDS = 2.0
"""How long a lost or refused listening connection waits before it is made again."""
PING_SECONDS = 30.0
"""How often a quiet listening connection is asked whether it is still there: a server that
vanished without closing the socket would otherwise never be noticed."""

log = logging.getLogger("bot.storage")


@dataclass(frozen=True)
class GameNotice:
    """A game reached `version` (committed)."""

    game_id: int
    version: int
    channel_id: int

    def payload(self) -> str:
        return json.dumps(
            {"game": self.game_id, "version": self.version, "channel": self.channel_id}
        )

    @classmethod
    def of(cls, payload: str) -> GameNotice | None:
        """The notice a payload carries; None for anything else."""
        try:
            data = json.loads(payload)
        except ValueError:
            return None
        if not isinstance(data, dict):
            return None
        game_id, version, channel_id = data.get("game"), data.get("version"), data.get("channel")
        if type(game_id) is int and type(version) is int and type(channel_id) is int:
            return cls(game_id, version, channel_id)
        return None


async def notify(db: Session, record: GameRecord) -> None:
    """Tell the listening processes at COMMIT that the game is now `record` (PostgreSQL)."""
    if db.dialect.notifies:
        notice = GameNotice(record.id, record.version, record.channel_id)
        await db.execute("SELECT pg_notify(?, ?)", (CHANNEL, notice.payload()))


class NoticeReceiver(Protocol):
    def changed(self, notice: GameNotice) -> None: ...

    def missed(self) -> None:
        """Notices may have been lost: the listening connection was made again just now."""


Connect = Callable[[], Awaitable[asyncpg.Connection]]


class GameNoticeListener:
    """One connection listening on `CHANNEL`, handing every notice to `receiver`."""

    def __init__(self, connect: Connect, database: str, receiver: NoticeReceiver) -> None:
        self._connect = connect
        self._database = database
        self._receiver = receiver
        self._tried = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Returns once the first connection listens, or failed to (it keeps trying then)."""
        self._task = asyncio.create_task(self._listen(), name="listen for game notices")
        await self._tried.wait()

    async def close(self) -> None:
        task, self._task = self._task, None
        await cancel_and_wait(task)

    async def _listen(self) -> None:
        listened = False
        while True:
            connection = await self._listening()
            try:
                if listened:
                    self._receiver.missed()
                listened = True
                await self._until_lost(connection)
            finally:
                connection.terminate()
            log.warning(
                "database %s: the connection listening for game changes was lost; listening again",
                self._database,
            )

    async def _listening(self) -> asyncpg.Connection:
        while True:
            try:
                connection = await self._connect()
                try:
                    await connection.add_listener(CHANNEL, self._heard)
                except BaseException:
                    connection.terminate()
                    raise
                return connection
            except DRIVER_ERRORS as error:
                log.warning(
                    "database %s: cannot listen for game changes (%s); trying again in %s s",
                    self._database,
                    error,
                    RETRY_SECONDS,
                )
            finally:
                self._tried.set()
            await asyncio.sleep(RETRY_SECONDS)

    async def _until_lost(self, connection: asyncpg.Connection) -> None:
        lost = asyncio.Event()
        connection.add_termination_listener(lambda _: lost.set())
        while True:
            with suppress(TimeoutError):
                await asyncio.wait_for(lost.wait(), PING_SECONDS)
                return
            try:
                await asyncio.wait_for(connection.execute("SELECT 1"), PING_SECONDS)
            except DRIVER_ERRORS:
                return

    def _heard(self, con_ref: object, pid: int, channel: str, payload: object) -> None:
        notice = GameNotice.of(payload) if isinstance(payload, str) else None
        if notice is None:
            log.warning("database %s: a game notice that says nothing: %r", self._database, payload)
            return
        self._receiver.changed(notice)
