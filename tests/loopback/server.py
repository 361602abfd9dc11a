"""REST plumbing: authentication, rate limits, faults, body parsing and validation, replies."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.loopback import limits
from tests.loopback.errors import DiscordError, invalid_form_body, unauthorized
from tests.loopback.model import User
from tests.loopback.ratelimit import RateLimiter
from tests.loopback.schema import OPENAPI_PATH, knows_operation, validate_body
from tests.loopback.world import NewFile, World

_log = logging.getLogger("loopback.rest")

API_PREFIX = "/api/v10"
JSON_TYPE = "application/json"


@dataclass
class Call:
    """One REST request, parsed."""

    request: web.Request
    template: str
    body: Any
    files: list[NewFile] = field(default_factory=list)
    bearer: User | None = None
    """The user whose OAuth2 access token authorized the request (None: the bot's token)."""

    def param(self, name: str) -> str:
        return self.request.match_info[name]

    def snowflake(self, name: str) -> int:
        value = self.param(name)
        if not value.isdigit():
            raise DiscordError(404, 0, "404: Not Found")
        return int(value)

    def flag(self, name: str) -> bool:
        return self.request.query.get(name, "").lower() in {"1", "true"}


@dataclass(frozen=True)
class Created:
    """A handler's answer for a resource it made: 201 instead of 200."""

    data: Any


Handler = Callable[[Call], Awaitable[Any]]


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """A reply with exactly `Content-Type: application/json` (no charset suffix)."""
    response = web.Response(status=status, body=json.dumps(data).encode(), headers=headers or {})
    response.headers["Content-Type"] = JSON_TYPE
    return response


DISCONNECT = 0
"""The status of an injected fault that closes the connection instead of answering."""


FORM_TYPE = "application/x-www-form-urlencoded"
CLIENT_CREDENTIALS_ROUTES = frozenset({"/oauth2/token"})
"""Authenticated by the application's client id and secret, not by a token."""
BEARER_ROUTES = frozenset({"/users/@me"})
"""What an access token of scope `identify` may ask for."""


def is_interaction_endpoint(template: str) -> bool:
    return template.startswith(("/interactions/", "/webhooks/"))


class RestServer:
    def __init__(self, world: World, limiter: RateLimiter) -> None:
        self.world = world
        self.limiter = limiter
        self.requests: list[tuple[str, str]] = []
        self.validate_schema = True
        """Check bodies against the OpenAPI document (about 10 ms per message with buttons:
        a load test may turn it off to measure the bot rather than the fake)."""
        self.api_description = OPENAPI_PATH
        """Discord's OpenAPI document; `LoopbackDiscord.start` refuses to serve without it."""

    def route(self, app: web.Application, method: str, template: str, handler: Handler) -> None:
        async def endpoint(request: web.Request) -> web.StreamResponse:
            return await self._serve(request, method, template, handler)

        app.router.add_route(method, API_PREFIX + template, endpoint)

    async def unknown_route(self, request: web.Request) -> web.StreamResponse:
        self.world.record_violation(
            "unhandled-route", f"{request.method} {request.path}: the loopback has no such endpoint"
        )
        return json_response({"message": "404: Not Found", "code": 0}, status=404)

    async def _serve(
        self, request: web.Request, method: str, template: str, handler: Handler
    ) -> web.StreamResponse:
        self.requests.append((method, template))
        hold = self.limiter.hold_for(request.path)
        if hold is not None:
            await hold.released.wait()
        exempt = is_interaction_endpoint(template)
        try:
            bearer = None if exempt else self._bearer(request, template)
            # Only the bot's own requests count against the bot's global limit.
            bots = not exempt and bearer is None and template not in CLIENT_CREDENTIALS_ROUTES
            early = self._fault_or_limit(request, exempt, template, limited=bots)
            if early is not None:
                return early
            call = await self._parse(request, method, template)
            call.bearer = bearer
            data = await handler(call)
        except DiscordError as error:
            return json_response(error.body(), status=error.status, headers=self._headers(template))
        if data is None:
            return web.Response(status=204, headers=self._headers(template))
        if isinstance(data, Created):
            return json_response(data.data, status=201, headers=self._headers(template))
        return json_response(data, headers=self._headers(template))

    def _bearer(self, request: web.Request, template: str) -> User | None:
        """The user of a valid access token on a route it may use; None for the bot's token
        (or a route that takes the client's credentials); else 401."""
        header = request.headers.get("Authorization", "")
        if template in CLIENT_CREDENTIALS_ROUTES or header == f"Bot {self.world.token}":
            return None
        access_token = header.removeprefix("Bearer ") if header.startswith("Bearer ") else ""
        user = self.world.application.access_tokens.get(access_token)
        if user is None or template not in BEARER_ROUTES:
            raise unauthorized()
        return user

    def _headers(self, template: str) -> dict[str, str]:
        return self.limiter.headers(f"loopback-{abs(hash(template)) % 10**8:08d}")

    def _fault_or_limit(
        self, request: web.Request, exempt: bool, template: str, *, limited: bool
    ) -> web.Response | None:
        fault = self.limiter.injected_fault(request.path) if not exempt else None
        if fault is not None and fault.status == DISCONNECT:
            # The connection breaks before any answer, as a reset or a reused keep-alive
            # connection the other side had just closed.
            self.world.disconnects += 1
            if request.transport is not None:
                request.transport.abort()
            return web.Response(status=204)
        if fault is not None and fault.status == 429:
            self.world.rate_limited_responses += 1
            return self._too_many(fault.retry_after, is_global=False, template=template)
        if fault is not None:
            return json_response(
                {"message": "500: Internal Server Error", "code": 0}, status=fault.status
            )
        if not limited:
            return None
        wait = self.limiter.admit()
        if wait is None:
            return None
        self.world.rate_limited_responses += 1
        return self._too_many(wait, is_global=True, template=template)

    def _too_many(self, retry_after: float, *, is_global: bool, template: str) -> web.Response:
        headers = self._headers(template)
        headers.update({"Via": "1.1 google", "Retry-After": f"{max(1, round(retry_after))}"})
        headers["X-RateLimit-Remaining"] = "0"
        headers["X-RateLimit-Reset-After"] = f"{retry_after:.3f}"
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        headers["X-RateLimit-Scope"] = "global" if is_global else "user"
        body = {
            "message": "You are being rate limited.",
            "retry_after": round(retry_after, 3),
            "global": is_global,
        }
        return json_response(body, status=429, headers=headers)

    async def _parse(self, request: web.Request, method: str, template: str) -> Call:
        body: Any = None
        files: list[NewFile] = []
        if request.content_type.startswith("multipart/"):
            body, files = await _read_multipart(request)
        elif request.content_type == FORM_TYPE:
            body = {name: str(value) for name, value in (await request.post()).items()}
        elif request.can_read_body:
            raw = await request.read()
            if raw:
                try:
                    body = json.loads(raw)
                except ValueError as error:
                    self.world.record_violation("invalid-json", f"{method} {template}: {error}")
                    raise invalid_form_body("the body is not JSON") from error
        if body is not None and method in {"POST", "PATCH"} and _carries_message(template):
            message = body.get("data") if template.endswith("/callback") else body
            check_message_limits(
                self.world,
                template,
                message,
                interaction_response=is_interaction_endpoint(template),
            )
        if (
            body is not None
            and self.validate_schema
            and knows_operation(template, method, self.api_description)
        ):
            problem = validate_body(template, method, body, self.api_description)
            if problem is not None:
                self.world.record_violation("invalid-body", f"{method} {template}: {problem}")
                raise invalid_form_body(problem)
        return Call(request, template, body, files)


def _carries_message(template: str) -> bool:
    return template.endswith(("/messages", "/callback", "{message_id}", "{webhook_token}"))


async def _read_multipart(request: web.Request) -> tuple[Any, list[NewFile]]:
    reader = await request.multipart()
    body: Any = None
    files: list[NewFile] = []
    while (part := await reader.next()) is not None:
        name = getattr(part, "name", None) or ""
        if name == "payload_json":
            body = json.loads(await part.text())  # type: ignore[union-attr]
        elif name.startswith("files[") and name.endswith("]"):
            data = await part.read()  # type: ignore[union-attr]
            content_type = part.headers.get("Content-Type")
            filename = getattr(part, "filename", None) or "file"
            files.append(NewFile(int(name[6:-1]), filename, bytes(data), content_type))
    return body, files


def check_message_limits(
    world: World, template: str, body: Any, *, interaction_response: bool
) -> None:
    if not isinstance(body, dict):
        return
    problems = limits.message_problems(body, interaction_response=interaction_response)
    if problems:
        detail = "; ".join(problems)
        world.record_violation("message-limits", f"{template}: {detail}")
        raise invalid_form_body(detail)
