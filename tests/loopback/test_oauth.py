"""An Activity's sign-in: the player's authorization code is exchanged once, with the app's
client id and secret, for an access token that names the player at `GET /users/@me`."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from tests.loopback import LoopbackDiscord, LoopbackError, Player
from tests.loopback.application import CODE_LIFETIME_SECONDS


@pytest.fixture
def anne(loopback: LoopbackDiscord) -> Player:
    loopback.enable_activities()
    return loopback.add_user("Anne")


def exchange_form(loopback: LoopbackDiscord, code: str, **changes: str) -> dict[str, str]:
    return {
        "grant_type": "authorization_code",
        "code": code,
        "client_id": str(loopback.bot_user.id),
        "client_secret": loopback.client_secret,
        **changes,
    }


async def post_token(
    loopback: LoopbackDiscord, form: dict[str, str], **request: Any
) -> tuple[int, Any]:
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{loopback.api_base}/oauth2/token", data=form, **request) as response,
    ):
        return response.status, await response.json()


async def whoami(loopback: LoopbackDiscord, authorization: str, path: str = "/users/@me") -> Any:
    headers = {"Authorization": authorization}
    async with (
        aiohttp.ClientSession(headers=headers) as session,
        session.get(loopback.api_base + path) as response,
    ):
        return response.status, await response.json()


async def test_a_code_is_exchanged_for_a_token_that_names_the_player(
    loopback: LoopbackDiscord, anne: Player
) -> None:
    status, grant = await post_token(loopback, exchange_form(loopback, anne.authorize()))
    assert status == 200
    assert (grant["token_type"], grant["scope"]) == ("Bearer", "identify")
    status, user = await whoami(loopback, f"Bearer {grant['access_token']}")
    assert status == 200
    assert (user["id"], user["global_name"]) == (str(anne.id), "Anne")
    assert "email" not in user


async def test_a_code_is_good_for_one_exchange_only(
    loopback: LoopbackDiscord, anne: Player
) -> None:
    form = exchange_form(loopback, anne.authorize())
    assert (await post_token(loopback, form))[0] == 200
    status, error = await post_token(loopback, form)
    assert (status, error["error"]) == (400, "invalid_grant")
    status, error = await post_token(loopback, exchange_form(loopback, "made-up"))
    assert (status, error["error"]) == (400, "invalid_grant")


async def test_a_code_expires_unexchanged(loopback: LoopbackDiscord, anne: Player) -> None:
    application = loopback.world.application
    issued = application.clock()
    fresh, stale = anne.authorize(), anne.authorize()
    application.clock = lambda: issued + CODE_LIFETIME_SECONDS - 1
    assert (await post_token(loopback, exchange_form(loopback, fresh)))[0] == 200
    application.clock = lambda: issued + CODE_LIFETIME_SECONDS + 1
    status, error = await post_token(loopback, exchange_form(loopback, stale))
    assert (status, error["error"]) == (400, "invalid_grant")


async def test_only_the_apps_client_id_and_secret_may_exchange_a_code(
    loopback: LoopbackDiscord, anne: Player
) -> None:
    code = anne.authorize()
    for wrong in ({"client_secret": "not-the-secret"}, {"client_id": "1234"}):
        status, error = await post_token(loopback, exchange_form(loopback, code, **wrong))
        assert (status, error) == (401, {"error": "invalid_client"})
    # The refusals did not use the code up; HTTP Basic carries the credentials as well.
    form = {"grant_type": "authorization_code", "code": code}
    basic = aiohttp.encode_basic_auth(str(loopback.bot_user.id), loopback.client_secret)
    status, grant = await post_token(loopback, form, headers={"Authorization": basic})
    assert status == 200
    assert (await whoami(loopback, f"Bearer {grant['access_token']}"))[0] == 200


async def test_the_token_url_takes_a_form_not_json(loopback: LoopbackDiscord, anne: Player) -> None:
    form = exchange_form(loopback, anne.authorize())
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{loopback.api_base}/oauth2/token", json=form) as response,
    ):
        assert response.status == 400
        assert (await response.json())["error"] == "unsupported_grant_type"


async def test_an_unknown_access_token_or_a_bot_route_is_401(
    loopback: LoopbackDiscord, anne: Player
) -> None:
    status, error = await whoami(loopback, "Bearer not-a-token")
    assert (status, error["code"]) == (401, 0)
    _, grant = await post_token(loopback, exchange_form(loopback, anne.authorize()))
    bearer = f"Bearer {grant['access_token']}"
    assert (await whoami(loopback, bearer, "/oauth2/applications/@me"))[0] == 401
    # The bot's own token still names the bot.
    status, bot = await whoami(loopback, f"Bot {loopback.token}")
    assert (status, bot["id"]) == (200, str(loopback.bot_user.id))


async def test_the_sdk_authorizes_only_inside_an_activity(loopback: LoopbackDiscord) -> None:
    ben = loopback.add_user("Ben")
    with pytest.raises(LoopbackError, match="Activities are off"):
        ben.authorize()
