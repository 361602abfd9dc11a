"""`LoopbackDiscord`: the fake Discord a test starts, configures, drives and inspects."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from aiohttp import web

from tests.loopback.application import ActivityLaunch, Application
from tests.loopback.avatars import AvatarRoutes
from tests.loopback.commands import CommandRoutes, enable_activities
from tests.loopback.errors import LoopbackError, Violation
from tests.loopback.gateway import CLOSE_REASONS, Gateway, shard_of
from tests.loopback.interaction_routes import InteractionDesk
from tests.loopback.interactions import TOKEN_LIFETIME_SECONDS
from tests.loopback.model import Channel, Message, User, new_snowflake
from tests.loopback.oauth import OAuthRoutes
from tests.loopback.players import GuildHandle, Player, TextChannel
from tests.loopback.ratelimit import Hold, RateLimiter
from tests.loopback.routes import Routes
from tests.loopback.schema import load_api_description
from tests.loopback.server import API_PREFIX, DISCONNECT, RestServer, is_interaction_endpoint
from tests.loopback.thread_routes import ThreadRoutes
from tests.loopback.world import World

T = TypeVar("T")


class LoopbackDiscord:
    def __init__(self, *, bot_name: str = "Why First?") -> None:
        bot = User(new_snowflake(), bot_name, bot=True)
        token = f"loopback.{secrets.token_urlsafe(24)}"
        self.world = World(bot=bot, application_id=bot.id, token=token)
        self.gateway = Gateway(self.world)
        self.limiter = RateLimiter()
        self.rest = RestServer(self.world, self.limiter)
        self.desk = InteractionDesk(self.world, self.gateway)
        self.avatars = AvatarRoutes(self.world)
        """The CDN's avatars (`user.avatar = new_avatar()` gives a user one)."""
        self.expected_violations: set[str] = set()
        self._runner: web.AppRunner | None = None
        self._background: set[asyncio.Task[bool]] = set()
        self.port = 0

    # --- lifecycle -----------------------------------------------------------------------------

    async def start(self) -> None:
        # Without the document every request would get a 500 and tests would wait for
        # replies that never come: MissingApiDescription stops the start instead.
        load_api_description(self.rest.api_description)
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment)
        self.avatars.register(app)
        threads = ThreadRoutes(self.world, self.gateway)
        threads.register(self.rest, app)
        Routes(self.world, self.gateway, threads).register(self.rest, app)
        CommandRoutes(self.world).register(self.rest, app)
        OAuthRoutes(self.world).register(self.rest, app)
        self.desk.register(self.rest, app)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self.rest.unknown_route)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        self.world.base_url = f"http://127.0.0.1:{self.port}"
        self.gateway.url = self.gateway_url

    async def stop(self) -> None:
        for session in self.gateway.sessions.values():
            if session.live:
                assert session.socket is not None
                await session.socket.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> LoopbackDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # --- where the bot connects ---------------------------------------------------------------

    @property
    def token(self) -> str:
        return self.world.token

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def bot_user(self) -> User:
        return self.world.bot

    # --- the application (its Developer Portal) ---------------------------------------------

    @property
    def application(self) -> Application:
        """The Portal's switches: `loopback.application.server_members_intent = True`."""
        return self.world.application

    @property
    def client_secret(self) -> str:
        """The application's OAuth2 client secret (the bot's DISCORD_CLIENT_SECRET)."""
        return self.world.application.client_secret

    def enable_activities(self) -> None:
        """Switch Activities on; Discord then creates its default Entry Point command."""
        enable_activities(self.world)

    @property
    def activity_launches(self) -> list[ActivityLaunch]:
        """Every time the app's Activity was opened, oldest first."""
        return list(self.world.application.launches)

    # --- the world ----------------------------------------------------------------------------

    def add_guild(
        self, name: str, *, shard: tuple[int, int] = (0, 1), with_bot: bool = True
    ) -> GuildHandle:
        """A new guild on `shard` (shard id, shard count): guilds are added until one's id
        falls on it (the others stay, as more guilds the bot is in). `with_bot=False`: a
        server that never invited the bot (the app reaches it only through user installs)."""
        shard_id, shard_count = shard
        guild = self.world.add_guild(name, with_bot=with_bot)
        while shard_of(guild.id, shard_count) != shard_id:
            guild = self.world.add_guild(name, with_bot=with_bot)
        return GuildHandle(self, guild)

    def add_group_dm(self, name: str, *members: Player) -> TextChannel:
        """A group DM of `members`: the bot is not in it, so only a user-installed app's
        commands reach it, and REST to it answers 403 50001."""
        return TextChannel(self, self.world.add_group_dm(name, [m.user for m in members]))

    def add_user(self, name: str) -> Player:
        return Player(self, self.world.add_user(name))

    def commands(self, guild: GuildHandle | None = None) -> list[dict[str, Any]]:
        return self.world.commands.get(guild.id if guild else None, [])

    def broadcast_soon(self, event: str, data: dict[str, Any], guild_id: int) -> None:
        """Tell a connected bot about a change made while it runs (a new channel, member)."""
        guild = self.world.guilds.get(guild_id)
        if guild is None or not guild.bot_joined or self.gateway.session_for(guild_id) is None:
            return
        task = asyncio.get_running_loop().create_task(self.gateway.dispatch(event, data, guild_id))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def announce_channel(self, channel: Channel) -> None:
        if channel.guild is not None and channel.guild.bot_joined:
            data = channel.to_json(self.world.bot)
            await self.gateway.dispatch("CHANNEL_UPDATE", data, channel.guild.id)

    async def delete_message(self, message: Message) -> None:
        self.world.delete_message(message)
        data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel.id)}
        guild_id = message.channel.guild.id if message.channel.guild else None
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        await self.gateway.dispatch("MESSAGE_DELETE", data, guild_id)

    def text_channel(self, channel: Channel) -> TextChannel:
        return TextChannel(self, channel)

    # --- faults ---------------------------------------------------------------------------------

    def inject_rate_limits(
        self, count: int, *, retry_after: float = 0.05, path_contains: str = "", every: int = 1
    ) -> None:
        """`count` of the next REST calls (not interaction callbacks) whose path contains
        `path_contains` get a 429 with a bucket rate limit: every one, or every `every`-th.
        (discord.py gives up on a request after 5 tries.)"""
        self.limiter.inject(
            count=count,
            status=429,
            path_contains=path_contains,
            retry_after=retry_after,
            every=every,
        )

    def inject_server_errors(
        self, count: int, *, path_contains: str = "", status: int = 500
    ) -> None:
        self.limiter.inject(count=count, status=status, path_contains=path_contains, retry_after=0)

    def inject_disconnects(self, count: int, *, path_contains: str = "", every: int = 1) -> None:
        """`count` of the next REST calls (not interaction callbacks) whose path contains
        `path_contains` see their connection closed without an answer."""
        self.limiter.inject(
            count=count, status=DISCONNECT, path_contains=path_contains, retry_after=0, every=every
        )

    def hold_requests(self, path_contains: str, *, count: int = 1) -> Hold:
        """The next `count` requests whose path contains `path_contains` wait, unanswered,
        until the test calls `release()` on what this returns (interaction callbacks too)."""
        hold = Hold(path_contains, count)
        self.limiter.holds.append(hold)
        return hold

    def inject_gateway_close(self, code: int, *, count: int = 1) -> None:
        """Close the next `count` IDENTIFYs with `code`, one of Discord's gateway close codes,
        whatever the bot asked for (e.g. 4014 for a bot that asks no privileged intent)."""
        if code not in CLOSE_REASONS:
            raise LoopbackError(f"Discord has no gateway close code {code}")
        self.gateway.injected_closes += [code] * count

    def expire_tokens(self, user: Player | None = None) -> int:
        """Make the interaction tokens sent so far (by `user`, or by anyone) older than the
        15 minutes Discord accepts them: later edits and follow-ups through them get 10015.
        Returns how many tokens expired."""
        expired = 0
        for interaction in self.world.interactions.values():
            if user is not None and interaction.user is not user.user:
                continue
            if interaction.dispatched_at is not None:
                interaction.dispatched_at -= TOKEN_LIFETIME_SECONDS
                expired += 1
        return expired

    async def drop_gateway(self, *, invalidate_session: bool = False) -> None:
        """Close the bot's gateway socket; it should RESUME (or IDENTIFY if invalidated)."""
        await self.gateway.drop()
        if invalidate_session:
            self.gateway.invalidate_all()

    # --- observing ------------------------------------------------------------------------------

    def rate_limited_requests(self) -> Counter[str]:
        """Every REST request so far that Discord's global limit counts (interaction callbacks,
        follow-ups and edits through a token are exempt), by route: "POST /channels/{...}"."""
        return Counter(
            f"{method} {template}"
            for method, template in self.rest.requests
            if not is_interaction_endpoint(template)
        )

    @property
    def violations(self) -> list[Violation]:
        return list(self.world.violations)

    def expect_violation(self, kind: str) -> None:
        """Declare that this test provokes violations of `kind` on purpose."""
        self.expected_violations.add(kind)

    def unexpected_violations(self) -> list[Violation]:
        return [v for v in self.world.violations if v.kind not in self.expected_violations]

    def connected(self) -> bool:
        return self.gateway.connected(None)

    async def wait_for(
        self,
        predicate: Callable[[], T],
        *,
        timeout: float = 10.0,  # noqa: ASYNC109 (the readable test API takes a timeout)
        what: str = "",
    ) -> T:
        """Wait until `predicate()` is truthy (checked on every change and every 50 ms)."""
        deadline = time.monotonic() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                described = what or getattr(predicate, "__name__", "condition")
                raise TimeoutError(f"loopback: gave up after {timeout} s waiting for {described}")
            await self.world.changed(min(0.05, remaining))

    async def _attachment(self, request: web.Request) -> web.Response:
        attachment = self.world.find_attachment(int(request.match_info["attachment_id"]))
        if attachment is None:
            return web.Response(status=404)
        return web.Response(
            body=attachment.data, content_type=attachment.content_type or "application/octet-stream"
        )
