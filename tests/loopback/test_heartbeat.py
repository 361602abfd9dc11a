"""Heartbeats: the loopback acknowledges a beat after a network round trip, as Discord does.
Sent at once, the ACK reached discord.py before its heartbeat thread had noted the beat as
sent, and discord.py measured the time since the beat before: "Can't keep up, shard ID 0
websocket is 41.3s behind" at every beat, which an operator would read as a fault."""

from __future__ import annotations

import time

import aiohttp

from tests.loopback import LoopbackDiscord
from tests.loopback.gateway import ACK_ROUND_TRIP_SECONDS

HEARTBEAT, HEARTBEAT_ACK, HELLO = 1, 11, 10


async def test_a_beat_is_acknowledged_after_a_round_trip_not_at_once(
    loopback: LoopbackDiscord,
) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(loopback.gateway_url) as socket,
    ):
        hello = await socket.receive_json(timeout=10)
        assert hello["op"] == HELLO
        for _ in range(3):
            sent = time.perf_counter()
            await socket.send_json({"op": HEARTBEAT, "d": None})
            acknowledgement = await socket.receive_json(timeout=10)
            assert acknowledgement == {"op": HEARTBEAT_ACK}
            assert time.perf_counter() - sent >= ACK_ROUND_TRIP_SECONDS
    assert loopback.gateway.heartbeats_acknowledged == 3
