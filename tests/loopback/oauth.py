"""OAuth2 for an Activity's sign-in: a code (from the Embedded App SDK's `authorize`) is
exchanged at `POST /oauth2/token` for an access token, with which `GET /users/@me` names the
user. Errors here are OAuth2's (RFC 6749), not Discord's JSON codes."""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Any

from tests.loopback.errors import DiscordError
from tests.loopback.model import User
from tests.loopback.server import FORM_TYPE, Call, RestServer
from tests.loopback.world import World

ACCESS_TOKEN_LIFETIME_SECONDS = 604800


@dataclass(frozen=True)
class OAuthError(DiscordError):
    """`{"error": ..., "error_description": ...}`: `message` is the error, `detail` its
    description."""

    def body(self) -> dict[str, object]:
        data: dict[str, object] = {"error": self.message}
        if self.detail:
            data["error_description"] = self.detail
        return data


def identified_user(user: User) -> dict[str, Any]:
    """`GET /users/@me` for an access token of scope `identify` (no e-mail)."""
    data = user.to_json()
    data.update({"flags": 0, "locale": user.locale, "mfa_enabled": False, "premium_type": 0})
    return data


class OAuthRoutes:
    def __init__(self, world: World) -> None:
        self.world = world

    def register(self, server: RestServer, app: Any) -> None:
        server.route(app, "POST", "/oauth2/token", self.token)

    async def token(self, call: Call) -> Any:
        if call.request.content_type != FORM_TYPE:
            # Discord reads only a form here: a JSON body names no grant type.
            raise OAuthError(400, 0, "unsupported_grant_type", "Grant type None is not supported")
        form: dict[str, str] = call.body or {}
        application = self.world.application
        client_id, client_secret = _client_credentials(call, form)
        if client_id != str(self.world.application_id) or client_secret != (
            application.client_secret
        ):
            raise OAuthError(401, 0, "invalid_client")
        grant_type = form.get("grant_type")
        if grant_type != "authorization_code":
            raise OAuthError(
                400, 0, "unsupported_grant_type", f"Grant type {grant_type} is not supported"
            )
        access_token = application.exchange(form.get("code", ""))
        if access_token is None:
            raise OAuthError(400, 0, "invalid_grant", 'Invalid "code" in request.')
        return {
            "access_token": access_token,
            "token_type": "Bearer",
            "expires_in": ACCESS_TOKEN_LIFETIME_SECONDS,
            "refresh_token": f"refresh-{access_token}",
            "scope": "identify",
        }


def _client_credentials(call: Call, form: dict[str, str]) -> tuple[str, str]:
    """The client id and secret, from the form or from HTTP Basic authentication (Discord
    takes either)."""
    header = call.request.headers.get("Authorization", "")
    if header.startswith("Basic "):
        try:
            decoded = base64.b64decode(header.removeprefix("Basic "), validate=True).decode()
        except (binascii.Error, UnicodeDecodeError):
            return "", ""
        client_id, _, client_secret = decoded.partition(":")
        return client_id, client_secret
    return form.get("client_id", ""), form.get("client_secret", "")
