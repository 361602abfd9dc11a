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
import logging
from collections import defaultdict
from collections.abc import Callable
from typing import Protocol

from aiohttp import WSMsgType, web

from bot.i18n import t
from bot.messages.hand import Notes
from bot.play.open_games import OpenGames
from bot.play.transition import Change, Ended, Transition
from bot.storage import GameRecord, GameStatus, JsonObject
from bot.table.connection import (
    FLOOD_CLOSE,
    LONGEST_MESSAGE,
    SESSION_CLOSE,
    Table,
    faces_message,
    json_object,
    refuse_and_close,
    refused,
)
from bot.table.faces import Faces
from bot.table.instances import ActivityInstances, InstanceUnknown
from bot.table.picks import TablePicks, TablePlay
from bot.table.sessions import Session, Sessions
from bot.table.view import Reveal, lobby_view, no_game, reveal_of, still_away, table_view

log = logging.getLogger("whyfirst.table")

LOBBY_SECONDS = 2.0
"""How often a table showing a lobby reads it again: who joins or leaves a lobby is no commit
of the game service (its start is), so the table looks."""


class ChannelGame(Protocol):
    async def active_game_in_channel(self, channel_id: int) -> GameRecord | None: ...


class LiveTables:
    def __init__(
        self,
        sessions: Sessions,
        instances: ActivityInstances,
        storage: ChannelGame,
        games: OpenGames,
        picks: TablePicks,
        monotonic: Callable[[], float],
        faces: Faces,
        notes: Notes,
    ) -> None:
        self._notes = notes
        """What a newcomer's hand says beside it (bot/learn), as their Discord hand does."""
        self._sessions = sessions
        self._instances = instances
        self._storage = storage
        self._games = games
        self._picks = picks
        self._monotonic = monotonic
        self._faces = faces
        self._tables: dict[int, set[Table]] = defaultdict(set)
        """The connected tables, by channel."""
        self._given: dict[int, tuple[int, int]] = {}
        """The newest (game, version) pushed to every table of a channel."""
        self._away: dict[int, tuple[int, frozenset[str]]] = {}
        self._noted: dict[int, int] = {}
        """By channel, the game whose notes are known (bot/learn): its changes go at once."""
        self._waiting: dict[int, list[Change]] = {}
        self._noting: set[asyncio.Task[None]] = set()
        """By channel, while it has tables: its game, and the players whose last turn there
        the deadline played."""

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
        if self._noted.get(channel) == change.game_id or isinstance(change, Ended):
            self._show_safely(change, tables)
            return
        # A game's first change here: who hears its notes is read first (a hand drawn
        # without would miss the first one), and its changes meanwhile wait behind, in order.
        waiting = self._waiting.setdefault(channel, [])
        waiting.append(change)
        if len(waiting) == 1:
            task = asyncio.create_task(self._show_when_noted(channel, change.record))
            self._noting.add(task)
            task.add_done_callback(self._noting.discard)

    async def _show_when_noted(self, channel: int, record: GameRecord) -> None:
        await self._notes.ready(record)
        self._noted[channel] = record.id
        for change in self._waiting.pop(channel, []):
            tables = self._tables.get(channel)
            if tables:
                self._show_safely(change, tables)

    def _show_safely(self, change: Change, tables: set[Table]) -> None:
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
        channel = change.record.channel_id
        if isinstance(change, Ended):
            self._away.pop(channel, None)
            for table in tables:
                reason = f"refusal.game_{change.reason.status.value}"
                table.push(no_game(table.session.language, reason))
            return
        reveal = reveal_of(change.before, change.events)
        away = still_away(self._away_in(channel, change.game_id), change.events)
        self._away[channel] = (change.game_id, away)
        drawn: dict[tuple[int, str], JsonObject] = {}
        for table in tables:
            table.push(self._drawn(table, change, reveal, away, drawn))
            self._show_faces(table, change.record)

    def _drawn(
        self,
        table: Table,
        change: Transition,
        reveal: Reveal | None,
        away: frozenset[str],
        drawn: dict[tuple[int, str], JsonObject],
    ) -> JsonObject:
        """The table's view; drawn once for every spectator in one language."""
        session = table.session
        seated = change.record.seat_of(session.user_id) is not None
        key = (session.user_id if seated else 0, session.language)
        if key not in drawn:
            drawn[key] = table_view(
                change.record,
                change.state,
                session.user_id,
                session.language,
                reveal,
                away,
                self._notes,
            )
        return drawn[key]

    def _away_in(self, channel_id: int, game_id: int) -> frozenset[str]:
        game, away = self._away.get(channel_id, (game_id, frozenset()))
        return away if game == game_id else frozenset()

    def _show_faces(self, table: Table, record: GameRecord) -> None:
        """The faces of the record's people that the table was not sent yet: those known at
        once, the others once Discord has said (in the background)."""
        users = [seat.user_id for seat in record.seats if not seat.is_ai]
        new = [user for user in users if user not in table.faced]
        if not new:
            return
        table.faced.update(new)
        known = self._faces.known(new)
        if known:
            table.push(faces_message(known))
        asking = self._faces.unknown(new)
        if asking:
            looking = asyncio.create_task(self._look_up_faces(table, asking))
            table.looking.add(looking)
            looking.add_done_callback(table.looking.discard)

    async def _look_up_faces(self, table: Table, users: list[int]) -> None:
        found = await self._faces.look_up(users)
        if found:
            table.push(faces_message(found))

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
        writer = asyncio.create_task(table.write())
        try:
            await self._catch_up(channel, (table,))
            await self._read(table)
        finally:
            self._tables[channel].discard(table)
            if not self._tables[channel]:
                del self._tables[channel]
                self._given.pop(channel, None)
                self._away.pop(channel, None)
                self._noted.pop(channel, None)
            table.stop_work()
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
        asked = json_object(first.data) if first.type == WSMsgType.TEXT else {}
        token = asked.get("session")
        session = self._sessions.find(token) if isinstance(token, str) else None
        if session is None or not isinstance(token, str):
            await socket.close(code=SESSION_CLOSE, message=b"session")
            return None
        try:
            seated = await self._instances.seats(session)
        except InstanceUnknown:
            await refuse_and_close(socket, t("table.instance_unreachable", session.language))
            return None
        if not seated:
            await refuse_and_close(socket, t("table.not_in_activity", session.language))
            return None
        return token, session

    async def _catch_up(self, channel_id: int, tables: tuple[Table, ...]) -> None:
        """The channel's game as it is now, read once for all of its `tables`."""
        record = await self._storage.active_game_in_channel(channel_id)
        state = None if record is None else self._games.state_of(record)
        if record is not None and state is not None:
            await self._notes.ready(record)
            self._noted[channel_id] = record.id
        for table in tables:
            session = table.session
            if record is not None and record.status is GameStatus.LOBBY:
                table.push(lobby_view(record, session.user_id, session.language))
                self._watch_lobby(table)
            elif record is None or state is None:
                table.push(no_game(session.language))
            else:
                away = self._away_in(channel_id, record.id)
                language = session.language
                view = table_view(record, state, session.user_id, language, None, away, self._notes)
                table.push(view)
            if record is not None:
                self._show_faces(table, record)

    def _watch_lobby(self, table: Table) -> None:
        if table.in_lobby is None or table.in_lobby.done():
            table.in_lobby = asyncio.create_task(self._read_lobby(table))

    async def _read_lobby(self, table: Table) -> None:
        """Reads the lobby the table shows every LOBBY_SECONDS, until it is one no more (its
        start comes as the game service's change, or it closed)."""
        channel = table.session.place.channel_id
        while True:
            await asyncio.sleep(LOBBY_SECONDS)
            try:
                record = await self._storage.active_game_in_channel(channel)
            except Exception:  # the database may be back at the next look
                log.exception("a table could not read its lobby")
                continue
            if record is None or record.status is not GameStatus.LOBBY:
                table.in_lobby = None
                await self._catch_up(channel, (table,))
                return
            table.push(lobby_view(record, table.session.user_id, table.session.language))
            self._show_faces(table, record)

    async def _read(self, table: Table) -> None:
        async for message in table.socket:
            if table.flooding(self._monotonic()):
                table.push(refused(t("refusal.busy", table.session.language)))
                table.close_code = FLOOD_CLOSE
                return
            if message.type != WSMsgType.TEXT:
                continue
            if self._sessions.find(table.token) is None:
                await table.socket.close(code=SESSION_CLOSE, message=b"session")
                return
            asked = json_object(message.data)
            if asked.get("type") == "ping":
                table.push({"type": "pong"})
                continue
            play = TablePlay.of(asked)
            if play is None:
                table.push(refused(t("refusal.forged", table.session.language)))
                continue
            refusal = await self._picks.play(table.session, play)
            if refusal is not None:
                table.push(refused(t(refusal.key, table.session.language)))
