"""Discord's side of a table's sign-in (OAuth2's authorization code grant, as Discord
documents it for Activities): the code the page got from `commands.authorize` is exchanged
at `oauth2/token` with the application's secret, and `users/@me` with the access token says
whom it belongs to. Both under the bot's API base, like every other request of the bot."""

from __future__ import annotations

import logging
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass

import aiohttp

from bot.settings import ActivityCredentials

log = logging.getLogger("whyfirst.table")

SIGN_IN_TIMEOUT = aiohttp.ClientTimeout(total=15)


class SignInRefused(Exception):
    """Why a sign-in failed: `reason` names the catalog's sentence (table.<reason>), `status`
    the HTTP status the page gets."""

    def __init__(self, reason: str, status: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status


@dataclass(frozen=True)
class Identity:
    user_id: int
    name: str
    """Their display name on Discord, else their username."""
    locale: str | None
    avatar: str | None = None
    """Their avatar's hash on Discord's CDN (bot/table/faces.py); None: they have none."""


@dataclass(frozen=True)
class SignedIn:
    access_token: str
    identity: Identity


class DiscordSignIn:
    def __init__(self, api_base: str, credentials: ActivityCredentials) -> None:
        self._api_base = api_base.rstrip("/")
        self._credentials = credentials

    async def sign_in(self, code: str) -> SignedIn:
        async with aiohttp.ClientSession(timeout=SIGN_IN_TIMEOUT) as http:
            access_token = await self._exchange(http, code)
            identity = await self._identify(http, access_token)
        return SignedIn(access_token, identity)

    async def _exchange(self, http: aiohttp.ClientSession, code: str) -> str:
        form = {
            "grant_type": "authorization_code",
            "code": code,
            "client_id": str(self._credentials.client_id),
            "client_secret": self._credentials.client_secret,
        }
        status, answer = await _ask(http.post(f"{self._api_base}/oauth2/token", data=form))
        if status == 400 and answer.get("error") == "invalid_grant":
            raise SignInRefused("refused_code", 400)
        if status in (400, 401) and answer.get("error") == "invalid_client":
            log.error(
                "Discord refused the table's sign-in with DISCORD_CLIENT_ID and "
                "DISCORD_CLIENT_SECRET: copy both again from the Developer Portal (OAuth2)"
            )
            raise SignInRefused("refused_client", 403)
        access_token = answer.get("access_token")
        if status != 200 or not isinstance(access_token, str):
            log.warning("oauth2/token answered %s %s", status, answer.get("error"))
            raise SignInRefused("unreachable", 502)
        return access_token

    async def _identify(self, http: aiohttp.ClientSession, access_token: str) -> Identity:
        headers = {"Authorization": f"Bearer {access_token}"}
        status, user = await _ask(http.get(f"{self._api_base}/users/@me", headers=headers))
        user_id, name = user.get("id"), user.get("global_name") or user.get("username")
        if (
            status != 200
            or not isinstance(user_id, str)
            or not user_id.isascii()
            or not user_id.isdigit()
        ):
            log.warning("users/@me answered %s for a fresh access token", status)
            raise SignInRefused("unreachable", 502)
        locale, avatar = user.get("locale"), user.get("avatar")
        return Identity(
            int(user_id),
            name if isinstance(name, str) else user_id,
            locale if isinstance(locale, str) else None,
            avatar if isinstance(avatar, str) else None,
        )


async def _ask(
    request: AbstractAsyncContextManager[aiohttp.ClientResponse],
) -> tuple[int, dict[str, object]]:
    """The status and JSON object of Discord's answer; an unreachable Discord, or an answer
    that is no JSON object, is a refusal to try again later."""
    try:
        async with request as response:
            answer = await response.json(content_type=None)
    except (aiohttp.ClientError, TimeoutError, ValueError) as problem:
        log.warning("Discord did not answer a table's sign-in: %s", problem)
        raise SignInRefused("unreachable", 502) from None
    return response.status, answer if isinstance(answer, dict) else {}
