"""The tables' live connections (GET /activity/api/live, a WebSocket): each one shows its
channel's game as its player may see it, whole in every message, so a table that lost its
connection catches up with the next message after it reconnects.

The page's first message names its session; the bot then asks Discord whether that player
is really in the session's Activity instance, in that channel, and only then sends the game:
on connect, and after every committed change of it (the game service's subscribers). Each
connection has its own queue and writer, so a slow table delays no other; one that falls too
far behind is closed (it reconnects and catches up). A pick or move from the page goes
through the game service like a button's; a refusal comes back to that table alone.

This process serves the changes it commits as it publishes them. With several processes on
one PostgreSQL database, a change another process committed comes by PostgreSQL's NOTIFY
(bot/table/follow.py): `behind` tells whether this channel's tables were not yet given that
version, and the change is then shown here the same way.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from aiohttp import WSCloseCode, WSMsgType, web

from bot.i18n import t
from bot.play.open_games import OpenGames
from bot.play.transition import Change, Ended, Transition
from bot.storage import GameRecord, GameStatus, JsonObject
from bot.table.instances import ActivityInstances, InstanceUnknown
from bot.table.picks import TablePicks, TablePlay
from bot.table.sessions import Session, Sessions
from bot.table.view import Reveal, no_game, plain, reveal_of, table_view

log = logging.getLogger("whyfirst.table")

LONGEST_MESSAGE = 1024
QUEUE_LIMIT = 64
"""Updates a table may fall behind by before it is closed (and reconnects)."""
MESSAGES_PER_WINDOW, FLOOD_WINDOW = 8, 4.0
"""A table may send this many messages in this many seconds, malformed ones included; the next
is refused unjudged and its socket closed (the page connects again, as after any drop)."""
SESSION_CLOSE = 4001
"""The close code of a session the bot no longer knows: the page must sign in again."""
FLOOD_CLOSE = 4008
"""The close code of a table that sent too many messages at once (4008: as Discord's gateway
closes a client that sends too fast)."""


class ChannelGame(Protocol):
    async def active_game_in_channel(self, channel_id: int) -> GameRecord | None: ...


@dataclass(eq=False)
class Table:
    """One connected table."""

    token: str
    session: Session
    socket: web.WebSocketResponse
    queue: asyncio.Queue[JsonObject | None] = field(default_factory=asyncio.Queue)
    shown: tuple[int, int] = (0, -1)
    """The (game, version) of the last state sent: an older one is never sent after it."""
    heard: deque[float] = field(default_factory=deque)
    """When its latest messages came (those of the flood window)."""
    close_code: int = WSCloseCode.OK
    """How the writer closes the socket once the reading ends."""

    def push(self, message: JsonObject) -> None:
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.queue.put_nowait(None)  # the writer closes the connection
            return
        self.queue.put_nowait(message)


class LiveTables:
    def __init__(
        self,
        sessions: Sessions,
        instances: ActivityInstances,
        storage: ChannelGame,
        games: OpenGames,
        picks: TablePicks,
        monotonic: Callable[[], float],
    ) -> None:
        self._sessions = sessions
        self._instances = instances
        self._storage = storage
        self._games = games
        self._picks = picks
        self._monotonic = monotonic
        self._tables: dict[int, set[Table]] = defaultdict(set)
        """The connected tables, by channel."""
        self._given: dict[int, tuple[int, int]] = {}
        """The newest (game, version) pushed to every table of a channel."""

    @property
    def connected(self) -> int:
        return sum(len(tables) for tables in self._tables.values())

    def __call__(self, change: Change) -> None:
        """A committed change: its new state to every table of the game's channel. Whatever
        goes wrong here stays here: the game's other subscribers are called after it."""
        channel = change.record.channel_id
        tables = self._tables.get(channel)
        if not tables:
            return
        given = (change.game_id, change.record.version)
        self._given[channel] = max(given, self._given.get(channel, given))
        try:
            self._show(change, tables)
        except Exception:
            log.exception("the tables of game %s missed a change", change.game_id)

    def behind(self, channel_id: int, game_id: int, version: int) -> bool:
        """Whether the channel has tables and they were not all given this game's version
        (nor a newer one)."""
        if not self._tables.get(channel_id):
            return False
        return (game_id, version) > self._given.get(channel_id, (0, -1))

    async def catch_up_everywhere(self) -> None:
        """Every table shown its channel's game as it is now (changes may have been missed)."""
        for channel_id, tables in list(self._tables.items()):
            await self._catch_up(channel_id, tuple(tables))

    def _show(self, change: Change, tables: set[Table]) -> None:
        if isinstance(change, Ended):
            for table in tables:
                reason = f"refusal.game_{change.reason.status.value}"
                table.push(no_game(table.session.language, reason))
            return
        reveal = reveal_of(change.before, change.events)
        drawn: dict[tuple[int, str], JsonObject] = {}
        for table in tables:
            table.push(self._drawn(table, change, reveal, drawn))

    def _drawn(
        self,
        table: Table,
        change: Transition,
        reveal: Reveal | None,
        drawn: dict[tuple[int, str], JsonObject],
    ) -> JsonObject:
        """The table's view; drawn once for every spectator in one language."""
        session = table.session
        seated = change.record.seat_of(session.user_id) is not None
        key = (session.user_id if seated else 0, session.language)
        if key not in drawn:
            drawn[key] = table_view(
                change.record, change.state, session.user_id, session.language, reveal
            )
        return drawn[key]

    async def connect(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(heartbeat=30.0, max_msg_size=LONGEST_MESSAGE)
        await socket.prepare(request)
        hello = await self._hello(socket)
        if hello is None:
            return socket
        table = Table(*hello, socket)
        session = table.session
        channel = session.place.channel_id
        self._tables[channel].add(table)
        writer = asyncio.create_task(self._write(table))
        try:
            await self._catch_up(channel, (table,))
            await self._read(table)
        finally:
            self._tables[channel].discard(table)
            if not self._tables[channel]:
                del self._tables[channel]
                self._given.pop(channel, None)
            table.queue.put_nowait(None)
            await writer
        return socket

    async def _hello(self, socket: web.WebSocketResponse) -> tuple[str, Session] | None:
        """The session the page's first message names (its token and itself), once Discord
        confirmed its place."""
        try:
            first = await socket.receive(timeout=30.0)
        except TimeoutError:
            await socket.close()
            return None
        asked = _json_object(first.data) if first.type == WSMsgType.TEXT else {}
        token = asked.get("session")
        session = self._sessions.find(token) if isinstance(token, str) else None
        if session is None or not isinstance(token, str):
            await socket.close(code=SESSION_CLOSE, message=b"session")
            return None
        try:
            seated = await self._instances.seats(session)
        except InstanceUnknown:
            await _refuse_and_close(socket, t("table.instance_unreachable", session.language))
            return None
        if not seated:
            await _refuse_and_close(socket, t("table.not_in_activity", session.language))
            return None
        return token, session

    async def _catch_up(self, channel_id: int, tables: tuple[Table, ...]) -> None:
        """The channel's game as it is now, read once for all of its `tables`."""
        record = await self._storage.active_game_in_channel(channel_id)
        state = None if record is None else self._games.state_of(record)
        for table in tables:
            session = table.session
            if record is None or record.status is GameStatus.LOBBY or state is None:
                reason = "table.no_game" if record is None else "table.lobby"
                table.push(no_game(session.language, reason))
            else:
                table.push(table_view(record, state, session.user_id, session.language))

    async def _read(self, table: Table) -> None:
        async for message in table.socket:
            if self._flooding(table):
                table.push(_refused(t("refusal.busy", table.session.language)))
                table.close_code = FLOOD_CLOSE
                return
            if message.type != WSMsgType.TEXT:
                continue
            if self._sessions.find(table.token) is None:
                await table.socket.close(code=SESSION_CLOSE, message=b"session")
                return
            asked = _json_object(message.data)
            if asked.get("type") == "ping":
                table.push({"type": "pong"})
                continue
            play = TablePlay.of(asked)
            if play is None:
                table.push(_refused(t("refusal.forged", table.session.language)))
                continue
            refusal = await self._picks.play(table.session, play)
            if refusal is not None:
                table.push(_refused(t(refusal.key, table.session.language)))

    def _flooding(self, table: Table) -> bool:
        now = self._monotonic()
        while table.heard and table.heard[0] <= now - FLOOD_WINDOW:
            table.heard.popleft()
        if len(table.heard) >= MESSAGES_PER_WINDOW:
            return True
        table.heard.append(now)
        return False

    async def _write(self, table: Table) -> None:
        while (message := await table.queue.get()) is not None:
            shown = message.get("game"), message.get("version")
            if isinstance(shown[0], int) and isinstance(shown[1], int):
                if (shown[0], shown[1]) <= table.shown:
                    continue
                table.shown = (shown[0], shown[1])
            try:
                await table.socket.send_str(json.dumps(message))
            except ConnectionError:
                break
        await table.socket.close(code=table.close_code)


def _refused(sentence: str) -> JsonObject:
    return {"type": "refused", "error": plain(sentence)}


async def _refuse_and_close(socket: web.WebSocketResponse, sentence: str) -> None:
    await socket.send_str(json.dumps(_refused(sentence)))
    await socket.close()


def _json_object(data: object) -> dict[str, object]:
    try:
        asked = json.loads(data) if isinstance(data, str) else None
    except ValueError:
        asked = None
    return asked if isinstance(asked, dict) else {}
