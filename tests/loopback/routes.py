"""REST endpoints for the application, users, DMs, guilds, channels and messages."""

from __future__ import annotations

import time
from typing import Any

from tests.loopback.errors import (
    DiscordError,
    dms_closed,
    empty_message,
    missing_access,
    missing_permissions,
    unknown_channel,
    unknown_message,
)
from tests.loopback.gateway import Gateway
from tests.loopback.model import (
    ATTACH_FILES,
    DM,
    EMBED_LINKS,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    Channel,
    Message,
)
from tests.loopback.oauth import identified_user
from tests.loopback.server import Call, RestServer
from tests.loopback.thread_routes import ThreadRoutes
from tests.loopback.world import World

MAX_MESSAGES_PER_FETCH = 100


class Routes:
    def __init__(self, world: World, gateway: Gateway, threads: ThreadRoutes) -> None:
        self.world = world
        self.gateway = gateway
        self.threads = threads

    def register(self, server: RestServer, app: Any) -> None:
        table = [
            ("GET", "/users/@me", self.me),
            ("GET", "/users/{user_id}", self.user),
            ("GET", "/oauth2/applications/@me", self.application),
            ("GET", "/applications/@me", self.application),
            (
                "GET",
                "/applications/{application_id}/activity-instances/{instance_id}",
                self.activity_instance,
            ),
            ("GET", "/gateway", self.gateway_url),
            ("GET", "/gateway/bot", self.gateway_url),
            ("POST", "/users/@me/channels", self.open_dm),
            ("GET", "/guilds/{guild_id}", self.guild),
            ("GET", "/guilds/{guild_id}/channels", self.guild_channels),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.member),
            ("GET", "/channels/{channel_id}", self.channel),
            ("GET", "/channels/{channel_id}/messages", self.list_messages),
            ("POST", "/channels/{channel_id}/messages", self.create_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
        ]
        for method, template, handler in table:
            server.route(app, method, template, handler)

    # --- identity ----------------------------------------------------------------------------

    async def me(self, call: Call) -> Any:
        if call.bearer is not None:
            return identified_user(call.bearer)
        return {**self.world.bot.to_json(), "verified": True, "mfa_enabled": False, "flags": 0}

    async def user(self, call: Call) -> Any:
        if call.param("user_id") == "@me":
            return await self.me(call)
        user = self.world.users.get(call.snowflake("user_id"))
        if user is None and call.snowflake("user_id") == self.world.bot.id:
            user = self.world.bot
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return user.to_json()

    async def application(self, call: Call) -> Any:
        owner = {"id": "1", "username": "owner", "discriminator": "0", "avatar": None}
        return {
            "id": str(self.world.application_id),
            "name": self.world.bot.name,
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": owner,
            "team": None,
            "verify_key": "0" * 64,
            "flags": self.world.application.flags,
            "summary": "",
            "rpc_origins": [],
        }

    async def activity_instance(self, call: Call) -> Any:
        """Who is in a running instance of the app's Activity (404 once it ended)."""
        if call.snowflake("application_id") != self.world.application_id:
            raise DiscordError(403, 50001, "Missing Access")
        instance = self.world.application.instance(call.param("instance_id"))
        if instance is None:
            raise DiscordError(404, 0, "404: Not Found")
        return instance.to_json(self.world.application_id)

    async def gateway_url(self, call: Call) -> Any:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return {"url": self.gateway.url, "shards": 1, "session_start_limit": limit}

    async def open_dm(self, call: Call) -> Any:
        user = self.world.users.get(int(call.body["recipient_id"]))
        if user is None:
            raise DiscordError(400, 50033, "Invalid Recipient(s)")
        return self.world.dm_channel(user).to_json()

    # --- guilds ------------------------------------------------------------------------------

    async def guild(self, call: Call) -> Any:
        guild = self.world.guilds.get(call.snowflake("guild_id"))
        if guild is None:
            raise DiscordError(404, 10004, "Unknown Guild")
        data = guild.to_json(self.world.bot)
        for key in ("members", "channels", "threads", "voice_states", "presences"):
            data.pop(key, None)
        return data

    async def guild_channels(self, call: Call) -> Any:
        guild = self.world.guilds.get(call.snowflake("guild_id"))
        if guild is None:
            raise DiscordError(404, 10004, "Unknown Guild")
        return [channel.to_json(self.world.bot) for channel in guild.channels.values()]

    async def member(self, call: Call) -> Any:
        guild = self.world.guilds.get(call.snowflake("guild_id"))
        member = guild.members.get(call.snowflake("user_id")) if guild else None
        if member is None:
            raise DiscordError(404, 10007, "Unknown Member")
        return member.to_json()

    # --- channels and messages -----------------------------------------------------------------

    def _channel(self, call: Call) -> Channel:
        channel = self.world.channels.get(call.snowflake("channel_id"))
        if channel is None:
            raise unknown_channel()
        if not channel.bot_permissions() & VIEW_CHANNEL:
            raise missing_access()
        return channel

    def _message(self, call: Call) -> Message:
        channel = self._channel(call)
        message = self.world.find_message(channel.id, call.snowflake("message_id"))
        if message is None or message.ephemeral:
            raise unknown_message()
        return message

    async def channel(self, call: Call) -> Any:
        return self._channel(call).to_json(self.world.bot)

    async def list_messages(self, call: Call) -> Any:
        """Newest first, as Discord lists them: the newest `limit`, or those just `before` or
        just `after` a message id."""
        channel = self._channel(call)
        query = call.request.query
        limit = min(int(query.get("limit", "50")), MAX_MESSAGES_PER_FETCH)
        live = sorted(channel.live_messages(), key=lambda message: message.id)
        if "after" in query:
            chosen = [m for m in live if m.id > int(query["after"])][:limit]
        elif "before" in query:
            chosen = [m for m in live if m.id < int(query["before"])][-limit:]
        else:
            chosen = live[-limit:]
        return [message.to_json() for message in reversed(chosen)]

    async def create_message(self, call: Call) -> Any:
        channel = self._channel(call)
        body = dict(call.body or {})
        if channel.kind == DM:
            assert channel.recipient is not None
            recipient = channel.recipient
            if recipient.dms_closed or not self.world.shares_a_server_with_the_bot(recipient):
                raise dms_closed()
        elif channel.thread is not None:
            await self.threads.before_message(channel)
            if call.files and not channel.bot_permissions() & ATTACH_FILES:
                raise missing_permissions()
        else:
            permissions = channel.bot_permissions()
            if not permissions & SEND_MESSAGES or (call.files and not permissions & ATTACH_FILES):
                raise missing_permissions()
            if not permissions & EMBED_LINKS:
                body.pop("embeds", None)
        if not (
            body.get("content")
            or body.get("embeds")
            or body.get("components")
            or call.files
            or body.get("sticker_ids")
        ):
            raise empty_message()
        nonce = str(body["nonce"]) if body.get("nonce") is not None else None
        if nonce is not None and body.get("enforce_nonce"):
            # Discord's idempotency: the same author's nonce within a few minutes gives back the
            # message it created (a deleted one: Unknown Message) and creates none.
            earlier = channel.nonces.get(nonce)
            if (
                earlier is not None
                and time.monotonic() - earlier.created_monotonic < self.world.nonce_seconds
            ):
                if earlier.deleted:
                    raise unknown_message()
                return earlier.to_json() | {"nonce": nonce}
        message = self.world.create_message(channel, body, call.files)
        if nonce is not None:
            channel.nonces[nonce] = message
        return message.to_json() | ({"nonce": nonce} if nonce is not None else {})

    async def get_message(self, call: Call) -> Any:
        return self._message(call).to_json()

    async def edit_message(self, call: Call) -> Any:
        message = self._message(call)
        if message.author is not self.world.bot:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        if message.channel.thread is not None:
            self.threads.before_change(message.channel)
        self.world.apply_edit(message, dict(call.body or {}), call.files)
        return message.to_json()

    async def delete_message(self, call: Call) -> Any:
        message = self._message(call)
        if message.channel.thread is not None:
            self.threads.before_change(message.channel)
        self.world.delete_message(message)
        return None
