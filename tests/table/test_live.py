"""The table's live connection (GET /activity/api/live) before any game: it serves a session
only once Discord says its player is in that Activity instance, in that channel."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import pytest
from aiohttp import WSMsgType

from bot.storage import Storage
from bot.table.connection import FLOOD_CLOSE, MESSAGES_PER_WINDOW
from bot.table.sessions import SESSION_SECONDS
from tests.loopback import LoopbackDiscord, Player, TextChannel
from tests.table.tables import Client, table_client

NOT_IN_ACTIVITY = (
    "This table is not open in this conversation any more: close it and open it again."
)
UNREACHABLE = "Discord did not say whether you are at this table: try again in a moment."


@pytest.fixture
async def client(loopback: LoopbackDiscord, storage: Storage) -> AsyncIterator[Client]:
    loopback.enable_activities()
    async with table_client(loopback, storage, loopback.client_secret) as test_client:
        yield test_client


@pytest.fixture
def games(loopback: LoopbackDiscord) -> TextChannel:
    return loopback.add_guild("Pub").add_text_channel("games")


async def in_the_activity(client: Client, loopback: LoopbackDiscord, games: TextChannel) -> str:
    """Anne's session, at the table of #games, where she opened the Activity."""
    anne = loopback.add_user("Anne")
    launch = loopback.world.application.launch(anne.user, games.channel)
    return await signed_in(client, anne, games, launch.instance_id)


async def signed_in(client: Client, player: Player, games: TextChannel, instance: str) -> str:
    asked = {"code": player.authorize(), "channel_id": str(games.id), "instance_id": instance}
    response = await client.post("/activity/api/token", json=asked)
    assert response.status == 200, await response.text()
    return str((await response.json())["session"])


async def test_a_player_in_the_activity_sees_that_no_game_is_open(
    client: Client, loopback: LoopbackDiscord, games: TextChannel
) -> None:
    session = await in_the_activity(client, loopback, games)
    async with client.ws_connect("/activity/api/live") as socket:
        await socket.send_json({"session": session})
        assert await socket.receive_json() == {
            "type": "state",
            "game": None,
            "status": "No game is open in this conversation. "
            "Start one with /whyfirst start and it shows up here.",
        }


async def test_a_session_whose_player_is_not_in_that_activity_is_refused(
    client: Client, loopback: LoopbackDiscord, games: TextChannel
) -> None:
    anne, ben = loopback.add_user("Anne"), loopback.add_user("Ben")
    launch = loopback.world.application.launch(anne.user, games.channel)
    session = await signed_in(client, ben, games, launch.instance_id)
    async with client.ws_connect("/activity/api/live") as socket:
        await socket.send_json({"session": session})
        assert await socket.receive_json() == {"type": "refused", "error": NOT_IN_ACTIVITY}
        await socket.receive()
        assert socket.closed

    anne.close_activity(games)
    session = await signed_in(client, anne, games, launch.instance_id)
    async with client.ws_connect("/activity/api/live") as socket:
        await socket.send_json({"session": session})
        assert await socket.receive_json() == {"type": "refused", "error": NOT_IN_ACTIVITY}


async def test_a_table_is_told_to_try_again_when_discord_does_not_answer_its_check(
    client: Client, loopback: LoopbackDiscord, games: TextChannel
) -> None:
    session = await in_the_activity(client, loopback, games)
    loopback.inject_server_errors(1, path_contains="activity-instances", status=503)
    async with client.ws_connect("/activity/api/live") as socket:
        await socket.send_json({"session": session})
        assert await socket.receive_json() == {"type": "refused", "error": UNREACHABLE}
    async with client.ws_connect("/activity/api/live") as socket:
        await socket.send_json({"session": session})
        assert (await socket.receive_json())["type"] == "state"


async def test_an_unknown_session_is_closed_so_the_page_signs_in_again(client: Client) -> None:
    async with client.ws_connect("/activity/api/live") as socket:
        await socket.send_json({"session": "not-a-session"})
        await socket.receive()
        assert (socket.closed, socket.close_code) == (True, 4001)


async def test_a_flood_of_plays_from_one_table_is_refused_unjudged_and_closed(
    client: Client, loopback: LoopbackDiscord, games: TextChannel
) -> None:
    session = await in_the_activity(client, loopback, games)
    async with client.ws_connect("/activity/api/live") as socket:
        await socket.send_json({"session": session})
        assert (await socket.receive_json())["game"] is None
        for _ in range(9):
            await socket.send_json({"game": 7, "stage": 1, "round": 1, "card": 3, "target": "0"})
        answers = [(await socket.receive_json())["error"] for _ in range(9)]
        await socket.receive()
        assert (socket.closed, socket.close_code) == (True, FLOOD_CLOSE)
    assert answers == ["That game doesn't exist."] * 8 + [
        "Too many clicks at once; please try again."
    ]


@pytest.mark.parametrize(
    "malformed",
    ["not json", '{"game": "7"}', '["a list"]', '{"game": 7, "stage": 1, "round": 1}'],
)
async def test_malformed_messages_count_toward_the_flood_limit(
    client: Client, loopback: LoopbackDiscord, games: TextChannel, malformed: str
) -> None:
    """A page that sends malformed plays is answered for each until the limit, then closed."""
    session = await in_the_activity(client, loopback, games)
    async with client.ws_connect("/activity/api/live") as socket:
        await socket.send_json({"session": session})
        assert (await socket.receive_json())["game"] is None
        for _ in range(60):
            await socket.send_str(malformed)
        answers = []
        while (message := await socket.receive()).type == WSMsgType.TEXT:
            answers.append(json.loads(message.data)["error"])
        assert (socket.closed, socket.close_code) == (True, FLOOD_CLOSE)
    assert answers == ["That button isn't valid."] * MESSAGES_PER_WINDOW + [
        "Too many clicks at once; please try again."
    ]


async def test_a_table_whose_session_expired_is_sent_to_sign_in_again(
    loopback: LoopbackDiscord, storage: Storage, games: TextChannel
) -> None:
    loopback.enable_activities()
    now = [0.0]
    async with table_client(loopback, storage, loopback.client_secret, lambda: now[0]) as client:
        session = await in_the_activity(client, loopback, games)
        async with client.ws_connect("/activity/api/live") as socket:
            await socket.send_json({"session": session})
            assert (await socket.receive_json())["game"] is None
            now[0] += SESSION_SECONDS
            await socket.send_json({"game": 7, "stage": 1, "round": 1, "card": 3, "target": "0"})
            await socket.receive()
            assert (socket.closed, socket.close_code) == (True, 4001)


async def test_tables_connecting_during_a_rate_limit_share_one_check_and_are_served(
    client: Client, loopback: LoopbackDiscord, games: TextChannel
) -> None:
    """After a restart every table reconnects at once: Discord's rate limit is waited out, and
    the tables of one instance ask Discord once."""
    players = [loopback.add_user(name) for name in ("Anne", "Ben", "Cleo")]
    launches = [loopback.world.application.launch(p.user, games.channel) for p in players]
    sessions = [
        await signed_in(client, player, games, launch.instance_id)
        for player, launch in zip(players, launches, strict=True)
    ]
    loopback.inject_rate_limits(1, retry_after=0.3, path_contains="activity-instances")
    asked_before = len(loopback.rest.requests)

    async def first_message(session: str) -> dict[str, object]:
        async with client.ws_connect("/activity/api/live") as socket:
            await socket.send_json({"session": session})
            answer: dict[str, object] = await socket.receive_json()
            return answer

    answers = await asyncio.gather(*(first_message(session) for session in sessions))
    assert [answer["type"] for answer in answers] == ["state"] * 3
    checks = [r for r in loopback.rest.requests[asked_before:] if "activity-instances" in r[1]]
    assert len(checks) == 2  # the rate-limited one, and the one after it
