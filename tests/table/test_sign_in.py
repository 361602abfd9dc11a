"""The table's routes (/activity/) against the loopback Discord: the page in the browser's
language with a policy that lets only Discord's clients frame it, and the sign-in that turns
an authorization code into an access token and a session, or into one polite sentence."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.storage import Storage
from tests.loopback import LoopbackDiscord, Player
from tests.table.tables import CHANNEL, Client, table_client


@pytest.fixture
async def client(loopback: LoopbackDiscord, storage: Storage) -> AsyncIterator[Client]:
    async with table_client(loopback, storage, loopback.client_secret) as test_client:
        yield test_client


@pytest.fixture
def anne(loopback: LoopbackDiscord) -> Player:
    loopback.enable_activities()
    return loopback.add_user("Anne")


def asked(code: str, **changes: object) -> dict[str, object]:
    return {"code": code, "channel_id": CHANNEL, "instance_id": "i-1", **changes}


async def test_the_page_speaks_the_browsers_language_and_only_discord_may_frame_it(
    client: Client, loopback: LoopbackDiscord
) -> None:
    response = await client.get("/activity/", headers={"Accept-Language": "fr, de;q=0.8"})
    assert response.status == 200
    page = await response.text()
    assert '<html lang="de">' in page
    assert "Du wirst angemeldet …" in page
    assert f'data-client-id="{loopback.bot_user.id}"' in page
    assert 'src="table.js?v=' in page
    policy = response.headers["Content-Security-Policy"]
    assert "frame-ancestors https://discord.com https://ptb.discord.com" in policy
    assert "localhost" not in policy
    assert "script-src 'self'" in policy
    script = await client.get("/activity/table.js")
    assert script.status == 200
    assert "embedded-app-sdk" in await script.text()
    moved = await client.get("/activity?frame_id=f", allow_redirects=False)
    assert (moved.status, moved.headers["Location"]) == (301, "activity/?frame_id=f")


async def test_a_code_signs_the_player_in_once(client: Client, anne: Player) -> None:
    code = anne.authorize()
    response = await client.post("/activity/api/token", json=asked(code))
    assert response.status == 200
    answer = await response.json()
    assert answer["you"] == str(anne.id)
    assert answer["place"] == "#games"
    assert answer["lang"] == "en"
    assert answer["words"]["seat_waiting"] == "to pick"
    assert answer["words"]["presence_picking"] == "Choosing cards"
    assert len(answer["session"]) >= 40
    assert answer["access_token"]
    assert "client_secret" not in await response.text()

    again = await client.post(
        "/activity/api/token", json=asked(code), headers={"Accept-Language": "it"}
    )
    assert again.status == 400
    assert await again.json() == {
        "error": "Questo accesso non è più valido: chiudi il tavolo e riaprilo."
    }


async def test_the_players_discord_language_wins_and_an_unknown_channel_is_this_conversation(
    client: Client, loopback: LoopbackDiscord
) -> None:
    loopback.enable_activities()
    berta = loopback.add_user("Berta")
    berta.user.locale = "de"
    response = await client.post(
        "/activity/api/token", json=asked(berta.authorize(), channel_id="42", guild_id="7")
    )
    answer = await response.json()
    assert (answer["lang"], answer["place"]) == ("de", "Dieses Gespräch")
    assert answer["words"]["presence_picking"] == "Wählt Karten"


@pytest.mark.parametrize(
    "body",
    [
        {"channel_id": CHANNEL, "instance_id": "i-1"},
        {"code": "c", "instance_id": "i-1"},
        {"code": "c", "channel_id": "#games", "instance_id": "i-1"},
        {"code": "c", "channel_id": CHANNEL},
        ["not", "an", "object"],
    ],
)
async def test_a_request_without_a_code_or_a_place_is_refused_before_discord_is_asked(
    client: Client, loopback: LoopbackDiscord, body: object
) -> None:
    response = await client.post("/activity/api/token", json=body)
    assert response.status == 400
    assert (await response.json())["error"] == (
        "The table sent no sign-in to check: close it and open it again."
    )
    assert ("POST", "/oauth2/token") not in loopback.rest.requests


async def test_a_wrong_secret_is_the_operators_problem_and_the_player_is_told_so(
    loopback: LoopbackDiscord, storage: Storage, anne: Player
) -> None:
    async with table_client(loopback, storage, "not-the-secret") as wrong:
        response = await wrong.post("/activity/api/token", json=asked(anne.authorize()))
        assert response.status == 403
        assert (await response.json())["error"].startswith("The table cannot sign anyone in")
