"""Privileged gateway intents: an IDENTIFY that asks for one whose switch is off in the
Developer Portal is closed with 4014, as Discord does; with the switch on it gets READY."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import discord
import pytest

from tests.loopback import LoopbackDiscord, LoopbackError
from tests.loopback.demo_client import start_demo, stop_demo

GUILDS, GUILD_MEMBERS, GUILD_PRESENCES, GUILD_MESSAGES, MESSAGE_CONTENT = (
    1 << 0,
    1 << 1,
    1 << 8,
    1 << 9,
    1 << 15,
)


async def identify(loopback: LoopbackDiscord, intents: int) -> tuple[int | None, Any]:
    """(None, the READY event) or (the close code, its reason) for one IDENTIFY."""
    identify_frame = {
        "op": 2,
        "d": {"token": loopback.token, "intents": intents, "properties": {"os": "linux"}},
    }
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(loopback.gateway_url) as socket,
    ):
        hello = await socket.receive_json(timeout=10)
        assert hello["op"] == 10
        await socket.send_json(identify_frame)
        frame = await socket.receive(timeout=10)
        if frame.type is aiohttp.WSMsgType.TEXT:
            return None, json.loads(frame.data)
        return socket.close_code, frame.extra


@pytest.mark.parametrize(
    ("intent", "switch"),
    [
        (GUILD_PRESENCES, "presence_intent"),
        (GUILD_MEMBERS, "server_members_intent"),
        (MESSAGE_CONTENT, "message_content_intent"),
    ],
)
async def test_a_privileged_intent_is_refused_with_4014_until_its_switch_is_on(
    loopback: LoopbackDiscord, intent: int, switch: str
) -> None:
    code, reason = await identify(loopback, GUILDS | intent)
    assert (code, reason) == (4014, "Disallowed intent(s).")
    assert loopback.gateway.identifies == 0

    setattr(loopback.application, switch, True)
    code, ready = await identify(loopback, GUILDS | intent)
    assert code is None
    assert ready["t"] == "READY"


async def test_a_new_application_may_ask_for_every_intent_that_is_not_privileged(
    loopback: LoopbackDiscord,
) -> None:
    code, ready = await identify(loopback, GUILDS | GUILD_MESSAGES)
    assert code is None
    assert ready["t"] == "READY"
    assert loopback.gateway.refusals == []


async def test_discord_py_stops_with_privileged_intents_required_and_the_switch_helps(
    loopback: LoopbackDiscord,
) -> None:
    guild = loopback.add_guild("Pub")
    members = discord.Intents(guilds=True, members=True)
    with pytest.raises(discord.PrivilegedIntentsRequired):
        await start_demo(loopback, guild.id, intents=members)
    assert loopback.gateway.refusals == [4014]

    loopback.application.server_members_intent = True
    client, task = await start_demo(loopback, guild.id, intents=members)
    try:
        assert client.application_flags.gateway_guild_members_limited
        assert [g.id for g in client.guilds] == [guild.id]
    finally:
        await stop_demo(client, task)


async def test_an_injected_close_refuses_the_next_identify_only(
    loopback: LoopbackDiscord,
) -> None:
    loopback.inject_gateway_close(4014)
    assert await identify(loopback, GUILDS) == (4014, "Disallowed intent(s).")
    code, ready = await identify(loopback, GUILDS)
    assert (code, ready["t"]) == (None, "READY")
    with pytest.raises(LoopbackError, match="no gateway close code 4006"):
        loopback.inject_gateway_close(4006)
