"""The gateway: HELLO, IDENTIFY/READY/GUILD_CREATE, heartbeats, dispatch, RESUME, drops."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.loopback.world import World


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard a guild belongs to, by Discord's rule."""
    return (guild_id >> 22) % shard_count


_log = logging.getLogger("loopback.gateway")

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 0, 1, 2, 6, 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41250
ACK_ROUND_TRIP_SECONDS = 0.05
"""A heartbeat's ACK comes back after a network round trip, as from Discord. Sent at once,
it reached discord.py before its heartbeat thread had noted the beat as sent, and discord.py
measured the time since the beat before: "websocket is 41.3s behind" at every beat."""
AUTHENTICATION_FAILED, DISALLOWED_INTENTS = 4004, 4014
CLOSE_REASONS = {
    4000: "Unknown error.",
    4001: "Unknown opcode.",
    4002: "Decode error.",
    4003: "Not authenticated.",
    4004: "Authentication failed.",
    4005: "Already authenticated.",
    4007: "Invalid seq.",
    4008: "Rate limited.",
    4009: "Session timed out.",
    4010: "Invalid shard.",
    4011: "Sharding required.",
    4012: "Invalid API version.",
    4013: "Invalid intent(s).",
    4014: "Disallowed intent(s).",
}
"""Discord's gateway close codes and their reasons (Opcodes and Status Codes)."""
REPLAY_BUFFER = 5000
GUILD_MEMBERS_INTENT = 1 << 1


@dataclass(eq=False)
class Session:
    session_id: str
    shard: tuple[int, int]
    intents: int = 0
    sequence: int = 0
    socket: web.WebSocketResponse | None = None
    sent: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=REPLAY_BUFFER))

    @property
    def live(self) -> bool:
        return self.socket is not None and not self.socket.closed


class Gateway:
    def __init__(self, world: World) -> None:
        self.world = world
        self.url = ""
        self.sessions: dict[str, Session] = {}
        self.identifies = 0
        self.resumes = 0
        self.refusals: list[int] = []
        """The close code of every IDENTIFY refused, in order."""
        self.injected_closes: list[int] = []
        self.heartbeats_acknowledged = 0

    # --- who receives what -----------------------------------------------------------------

    def session_for(self, guild_id: int | None) -> Session | None:
        """The newest session serving the shard of `guild_id` (DMs go to shard 0)."""
        for session in reversed(list(self.sessions.values())):
            shard_id, shard_count = session.shard
            wanted = 0 if guild_id is None else shard_of(guild_id, shard_count)
            if shard_id == wanted:
                return session
        return None

    def connected(self, guild_id: int | None = None) -> bool:
        session = self.session_for(guild_id)
        return session is not None and session.live

    async def dispatch(self, event: str, data: dict[str, Any], guild_id: int | None) -> bool:
        """Send an event to the right session; kept for RESUME while it is disconnected."""
        session = self.session_for(guild_id)
        if session is None:
            return False
        await self._send_dispatch(session, event, data)
        return True

    async def _send_dispatch(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.sequence += 1
        frame = {"op": DISPATCH, "t": event, "s": session.sequence, "d": data}
        session.sent.append(frame)
        if session.live:
            assert session.socket is not None
            try:
                await session.socket.send_str(json.dumps(frame))
            except ConnectionError:
                _log.info("event %s kept for RESUME: the socket went away", event)

    async def drop(self) -> None:
        """Close every live gateway socket abruptly (as a network fault would)."""
        for session in self.sessions.values():
            if session.live:
                assert session.socket is not None
                await session.socket.close(code=4000, message=b"dropped by the test")
        self.world.notify()

    def invalidate_all(self) -> None:
        """Forget every session: the next RESUME gets INVALID_SESSION (a fresh IDENTIFY)."""
        self.sessions.clear()

    # --- the websocket ---------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(heartbeat=None, max_msg_size=0)
        await socket.prepare(request)
        await socket.send_str(
            json.dumps({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        )
        session: Session | None = None
        acks: list[asyncio.Task[None]] = []
        try:
            async for frame in socket:
                if frame.type is not WSMsgType.TEXT:
                    continue
                message = json.loads(frame.data)
                op, data = message.get("op"), message.get("d")
                if op == HEARTBEAT:
                    acks.append(asyncio.create_task(self._acknowledge_heartbeat(socket)))
                elif op == IDENTIFY:
                    session = await self._identify(socket, data)
                elif op == RESUME:
                    session = await self._resume(socket, data)
        finally:
            for ack in acks:
                ack.cancel()
            if session is not None and session.socket is socket:
                session.socket = None
            self.world.notify()
        return socket

    async def _identify(
        self, socket: web.WebSocketResponse, data: dict[str, Any]
    ) -> Session | None:
        refusal = self._refusal(data)
        if refusal is not None:
            self.refusals.append(refusal)
            await socket.close(code=refusal, message=CLOSE_REASONS[refusal].encode())
            self.world.notify()
            return None
        shard_id, shard_count = data.get("shard") or (0, 1)
        intents = int(data.get("intents") or 0)
        session = Session(secrets.token_hex(16), (shard_id, shard_count), intents)
        self.identifies += 1
        self.sessions[session.session_id] = session
        session.socket = socket
        guilds = [
            guild
            for guild in self.world.guilds.values()
            if guild.bot_joined and shard_of(guild.id, shard_count) == shard_id
        ]
        ready = {
            "v": 10,
            "user": self.world.bot.to_json(),
            "guilds": [{"id": str(guild.id), "unavailable": True} for guild in guilds],
            "session_id": session.session_id,
            "resume_gateway_url": self.url,
            "application": {
                "id": str(self.world.application_id),
                "flags": self.world.application.flags,
            },
            "private_channels": [],
            "relationships": [],
            "user_settings": {},
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "guild_join_requests": [],
            "shard": [shard_id, shard_count],
            "_trace": ["loopback"],
        }
        await self._send_dispatch(session, "READY", ready)
        for guild in guilds:
            await self._send_dispatch(session, "GUILD_CREATE", guild.to_json(self.world.bot))
        self.world.notify()
        return session

    def _refusal(self, data: dict[str, Any]) -> int | None:
        if data.get("token") != self.world.token:
            return AUTHENTICATION_FAILED
        if self.injected_closes:
            return self.injected_closes.pop(0)
        switches = self.world.application.disallowed_intents(int(data.get("intents") or 0))
        if switches:
            _log.info("IDENTIFY refused: %s is off in the Developer Portal", ", ".join(switches))
            return DISALLOWED_INTENTS
        return None

    async def _resume(self, socket: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(data.get("session_id", ""))
        if session is None or data.get("token") != self.world.token:
            await socket.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))
            return None
        if session.live:
            assert session.socket is not None
            await session.socket.close(code=4000)
        session.socket = socket
        self.resumes += 1
        since = int(data.get("seq") or 0)
        for frame in list(session.sent):
            if frame["s"] > since:
                await socket.send_str(json.dumps(frame))
        await self._send_dispatch(session, "RESUMED", {"_trace": ["loopback"]})
        self.world.notify()
        return session

    async def _acknowledge_heartbeat(self, socket: web.WebSocketResponse) -> None:
        await asyncio.sleep(ACK_ROUND_TRIP_SECONDS)
        if not socket.closed:
            await socket.send_str(json.dumps({"op": HEARTBEAT_ACK}))
            self.heartbeats_acknowledged += 1
