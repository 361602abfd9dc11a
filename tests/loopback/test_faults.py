"""The loopback Discord is as strict as Discord and breaks on demand like Discord."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import discord
import pytest

from tests.loopback import LoopbackDiscord
from tests.loopback.demo_client import greet_view
from tests.loopback.test_basics import Pub


def text_channel(pub: Pub) -> discord.TextChannel:
    channel = pub.client.get_channel(pub.games.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_an_ephemeral_channel_message_is_refused_and_recorded(pub: Pub) -> None:
    pub.discord.expect_violation("message-limits")
    with pytest.raises(discord.HTTPException) as refused:
        await pub.client.http.send_message(
            pub.games.id, params=_params({"content": "x", "flags": 64})
        )
    assert refused.value.code == 50035
    assert [v.kind for v in pub.discord.violations] == ["message-limits"]


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ({"content": "x" * 2001}, "content has 2001 characters"),
        ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "6001"),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "a", "custom_id": "same"},
                            {"type": 2, "style": 1, "label": "b", "custom_id": "same"},
                        ],
                    }
                ]
            },
            "not unique",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "L" * 81, "custom_id": "long"}
                        ],
                    }
                ]
            },
            "81 characters",
        ),
    ],
)
async def test_discord_limits_the_openapi_document_misses_are_enforced(
    pub: Pub, body: dict[str, object], problem: str
) -> None:
    pub.discord.expect_violation("message-limits")
    pub.discord.expect_violation("invalid-body")
    with pytest.raises(discord.HTTPException) as refused:
        await pub.client.http.send_message(pub.games.id, params=_params(body))
    assert refused.value.code == 50035
    assert problem in str(pub.discord.violations)


async def test_six_rows_of_buttons_are_refused(pub: Pub) -> None:
    pub.discord.expect_violation("message-limits")
    pub.discord.expect_violation("invalid-body")
    rows = [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": str(i), "custom_id": f"b{i}"}]}
        for i in range(6)
    ]
    with pytest.raises(discord.HTTPException):
        await pub.client.http.send_message(pub.games.id, params=_params({"components": rows}))
    assert pub.discord.violations


async def test_an_interaction_answered_after_three_seconds_is_dead(pub: Pub) -> None:
    pub.discord.expect_violation("not-acknowledged")
    outcome = await pub.anne.slash(pub.games, "demo slow", seconds=3.2)
    assert outcome.failed
    assert outcome.response_type is None
    await pub.discord.wait_for(lambda: pub.client.command_errors)
    error = pub.client.command_errors[0]
    assert isinstance(error, discord.NotFound)
    assert error.code == 10062


async def test_answering_twice_is_40060(pub: Pub) -> None:
    pub.discord.expect_violation("double-acknowledgement")
    outcome = await pub.anne.slash(pub.games, "demo hello")
    interaction = pub.discord.world.interactions[outcome.interaction_id]
    url = f"{pub.discord.api_base}/interactions/{interaction.id}/{interaction.token}/callback"
    second = {"type": 4, "data": {"content": "twice"}}
    async with aiohttp.ClientSession() as session, session.post(url, json=second) as response:
        assert response.status == 400
        assert (await response.json())["code"] == 40060
    assert [m.content for m in pub.games.messages()] == ["hello happy x1"]


async def test_closed_dms_are_50007(pub: Pub) -> None:
    pub.anne.close_dms()
    outcome = await pub.anne.slash(pub.games, "demo dm")
    await pub.discord.wait_for(lambda: outcome.ephemeral_text)
    assert outcome.ephemeral_text == "cannot DM you (50007)"
    assert pub.anne.dms() == []


async def test_missing_channel_permissions_are_50013(pub: Pub) -> None:
    await pub.games.deny_bot("send_messages")
    await pub.discord.wait_for(
        lambda: not text_channel(pub).permissions_for(text_channel(pub).guild.me).send_messages
    )
    with pytest.raises(discord.Forbidden) as refused:
        await text_channel(pub).send("hello")
    assert refused.value.code == 50013


async def test_a_deleted_message_is_10008(pub: Pub) -> None:
    sent = await text_channel(pub).send("to be deleted")
    await pub.games.delete_message(pub.games.last_message())
    with pytest.raises(discord.NotFound) as refused:
        await sent.edit(content="edited")
    assert refused.value.code == 10008
    assert pub.games.messages() == []


async def test_a_429_storm_is_waited_out_and_the_message_arrives(pub: Pub) -> None:
    pub.discord.inject_rate_limits(3, retry_after=0.05)
    await text_channel(pub).send("after the storm", view=greet_view(1))
    assert pub.discord.world.rate_limited_responses == 3
    assert pub.games.last_message().content == "after the storm"


async def test_a_500_is_retried(pub: Pub) -> None:
    pub.discord.inject_server_errors(1, path_contains="/messages")
    await text_channel(pub).send("after the error")
    assert pub.games.last_message().content == "after the error"


async def test_the_global_rate_limit_throttles_but_everything_arrives(pub: Pub) -> None:
    channel = text_channel(pub)
    await asyncio.gather(*(channel.send(f"message {n}") for n in range(70)))
    assert len(pub.games.messages()) == 70


async def test_past_50_requests_a_second_discord_answers_a_proper_global_429(
    loopback: LoopbackDiscord,
) -> None:
    headers = {"Authorization": f"Bot {loopback.token}"}
    async with aiohttp.ClientSession(headers=headers) as session:

        async def fetch_me() -> tuple[int, dict[str, str], dict[str, Any]]:
            async with session.get(loopback.api_base + "/users/@me") as response:
                return response.status, dict(response.headers), await response.json()

        replies = await asyncio.gather(*(fetch_me() for _ in range(60)))
    limited = [reply for reply in replies if reply[0] == 429]
    assert 1 <= len(limited) <= 10
    _, headers_seen, body = limited[0]
    assert headers_seen["Via"]
    assert headers_seen["X-RateLimit-Global"] == "true"
    assert headers_seen["Content-Type"] == "application/json"
    assert body["global"] is True
    assert body["retry_after"] > 0
    assert body["message"]


async def test_after_a_dropped_gateway_the_client_resumes_and_gets_clicks(pub: Pub) -> None:
    await pub.anne.slash(pub.games, "demo hello")
    await pub.discord.drop_gateway()
    await pub.discord.wait_for(lambda: pub.discord.gateway.resumes == 1, timeout=15)
    await pub.ben.click(pub.games.last_message(), label="Greet 1")
    assert pub.games.last_message().content == "greeted 1"
    assert pub.discord.gateway.identifies == 1


async def test_after_an_invalidated_session_the_client_identifies_again(pub: Pub) -> None:
    await pub.discord.drop_gateway(invalidate_session=True)
    await pub.discord.wait_for(lambda: pub.discord.gateway.identifies == 2, timeout=15)
    outcome = await pub.anne.slash(pub.games, "demo hello")
    assert outcome.response_type == 4


async def test_an_endpoint_the_fake_lacks_is_a_recorded_violation(pub: Pub) -> None:
    pub.discord.expect_violation("unhandled-route")
    with pytest.raises(discord.NotFound):
        await pub.client.http.pin_message(pub.games.id, 1)
    assert "unhandled-route" in str(pub.discord.violations)


def _params(body: dict[str, object]) -> discord.http.MultipartParameters:
    return discord.http.MultipartParameters(payload=body, multipart=None, files=None)


async def test_a_held_request_reaches_discord_once_released(pub: Pub) -> None:
    slow = pub.discord.hold_requests("/callback")
    hello = asyncio.create_task(pub.anne.slash(pub.games, "demo hello"))
    await pub.discord.wait_for(lambda: slow.held == 1, what="the answer held")
    await asyncio.sleep(0.2)
    assert not hello.done()
    assert pub.games.messages() == []
    slow.release()
    assert not (await hello).failed
    assert [m.content for m in pub.games.messages()] == ["hello happy x1"]
