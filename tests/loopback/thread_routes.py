"""REST endpoints for threads (Discord's Topics › Threads), and the rules a message in one
obeys: starting one, with a message or without, adding its members, archiving and unarchiving
it, and what an archived thread refuses."""

from __future__ import annotations

from typing import Any

from tests.loopback.errors import (
    DiscordError,
    archived_thread,
    invalid_form_body,
    missing_access,
    missing_permissions,
    unknown_channel,
    unknown_message,
)
from tests.loopback.gateway import GUILD_MEMBERS_INTENT, Gateway
from tests.loopback.model import GUILD_TEXT, VIEW_CHANNEL, Channel, new_snowflake
from tests.loopback.server import Call, Created, RestServer
from tests.loopback.thread_model import (
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    DEFAULT_ARCHIVE_MINUTES,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    SEND_MESSAGES_IN_THREADS,
    ThreadState,
)
from tests.loopback.world import World


class ThreadRoutes:
    def __init__(self, world: World, gateway: Gateway) -> None:
        self.world = world
        self.gateway = gateway

    def register(self, server: RestServer, app: Any) -> None:
        table = [
            ("POST", "/channels/{channel_id}/threads", self.start_without_message),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.start_on_message),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.add_member),
            ("GET", "/channels/{channel_id}/thread-members", self.list_members),
            ("PATCH", "/channels/{channel_id}", self.update),
        ]
        for method, template, handler in table:
            server.route(app, method, template, handler)

    # --- starting one ------------------------------------------------------------------------

    async def start_without_message(self, call: Call) -> Any:
        parent = self._parent(call)
        # In API v9 and later a thread started without a message is private unless told.
        kind = call.body.get("type") or PRIVATE_THREAD
        if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise invalid_form_body(f"type {kind} is not a thread of a text channel")
        needed = CREATE_PUBLIC_THREADS if kind == PUBLIC_THREAD else CREATE_PRIVATE_THREADS
        if not parent.bot_permissions() & needed:
            raise missing_permissions()
        thread = await self._start(parent, new_snowflake(), kind, call.body)
        return Created(thread.to_json(self.world.bot))

    async def start_on_message(self, call: Call) -> Any:
        parent = self._parent(call)
        message = self.world.find_message(parent.id, call.snowflake("message_id"))
        if message is None or message.ephemeral:
            raise unknown_message()
        if not parent.bot_permissions() & CREATE_PUBLIC_THREADS:
            raise missing_permissions()
        if message.id in self.world.channels:
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        thread = await self._start(parent, message.id, PUBLIC_THREAD, call.body)
        return Created(thread.to_json(self.world.bot))

    def _parent(self, call: Call) -> Channel:
        parent = self.world.channels.get(call.snowflake("channel_id"))
        if parent is None:
            raise unknown_channel()
        if not parent.bot_permissions() & VIEW_CHANNEL:
            raise missing_access()
        if parent.kind != GUILD_TEXT or parent.guild is None:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        return parent

    async def _start(
        self, parent: Channel, thread_id: int, kind: int, body: dict[str, Any]
    ) -> Channel:
        assert parent.guild is not None
        state = ThreadState(
            owner_id=self.world.bot.id,
            auto_archive_duration=body.get("auto_archive_duration") or DEFAULT_ARCHIVE_MINUTES,
        )
        state.add_member(self.world.bot.id)
        thread = Channel(thread_id, body["name"], kind, guild=parent.guild, parent=parent)
        thread.thread = state
        parent.guild.threads[thread.id] = thread
        self.world.channels[thread.id] = thread
        data = thread.to_json(self.world.bot) | {"newly_created": True}
        data["member"] = state.member_json(thread.id, self.world.bot.id)
        await self.gateway.dispatch("THREAD_CREATE", data, parent.guild.id)
        self.world.notify()
        return thread

    # --- its members -------------------------------------------------------------------------

    async def add_member(self, call: Call) -> Any:
        thread = self.thread_of(call)
        assert thread.guild is not None
        assert thread.thread is not None
        if self.archived(thread):
            raise archived_thread()
        user_id = call.snowflake("user_id")
        member = thread.guild.members.get(user_id)
        if member is None:
            raise DiscordError(404, 10007, "Unknown Member")
        if thread.thread.add_member(user_id):
            await self._members_changed(thread, user_id)
        return None

    async def list_members(self, call: Call) -> Any:
        thread = self.thread_of(call)
        assert thread.thread is not None
        return [thread.thread.member_json(thread.id, user) for user in thread.thread.members]

    async def _members_changed(self, thread: Channel, added: int) -> None:
        """THREAD_MEMBERS_UPDATE: for anyone added with the GUILD_MEMBERS intent, else only
        when the bot itself was added."""
        assert thread.guild is not None
        assert thread.thread is not None
        session = self.gateway.session_for(thread.guild.id)
        if session is None:
            return
        if added != self.world.bot.id and not session.intents & GUILD_MEMBERS_INTENT:
            return
        joined = thread.thread.member_json(thread.id, added)
        joined["member"] = thread.guild.members[added].to_json()
        data = {
            "id": str(thread.id),
            "guild_id": str(thread.guild.id),
            "member_count": min(len(thread.thread.members), 50),
            "added_members": [joined],
        }
        await self.gateway.dispatch("THREAD_MEMBERS_UPDATE", data, thread.guild.id)

    # --- archiving -----------------------------------------------------------------------------

    async def update(self, call: Call) -> Any:
        channel = self.world.channels.get(call.snowflake("channel_id"))
        if channel is None:
            raise unknown_channel()
        if channel.thread is None:
            # The bot is given no Manage Channels anywhere: only threads are its to change.
            raise missing_permissions()
        state = channel.thread
        body = call.body or {}
        may_manage = bool(channel.bot_permissions() & MANAGE_THREADS)
        # An archived thread changes only in a request that unarchives it (or archives it).
        if self.archived(channel) and body.get("archived") is None:
            raise archived_thread()
        if self.archived(channel) and state.locked and not may_manage:
            raise archived_thread()
        if body.get("locked") is not None and not may_manage:
            raise missing_permissions()
        if body.get("name"):
            channel.name = body["name"]
        if body.get("auto_archive_duration"):
            state.auto_archive_duration = int(body["auto_archive_duration"])
        if body.get("locked") is not None:
            state.locked = bool(body["locked"])
        if body.get("archived") is not None:
            state.set_archived(bool(body["archived"]))
        await self.announce(channel)
        return channel.to_json(self.world.bot)

    def thread_of(self, call: Call) -> Channel:
        thread = self.world.channels.get(call.snowflake("channel_id"))
        if thread is None or thread.thread is None:
            raise unknown_channel()
        if not thread.bot_permissions() & VIEW_CHANNEL:
            raise missing_access()
        return thread

    def archived(self, thread: Channel) -> bool:
        """Whether the thread is archived now: one idle past its duration archives itself."""
        assert thread.thread is not None
        if thread.thread.idle_past_its_duration(self.world.thread_minute_seconds):
            thread.thread.set_archived(True)
        return thread.thread.archived

    async def announce(self, thread: Channel) -> None:
        assert thread.guild is not None
        data = thread.to_json(self.world.bot)
        await self.gateway.dispatch("THREAD_UPDATE", data, thread.guild.id)
        self.world.notify()

    async def before_message(self, thread: Channel) -> None:
        """A message to the thread: it needs SEND_MESSAGES_IN_THREADS, and unarchives the
        thread unless it is locked."""
        assert thread.thread is not None
        if not thread.bot_permissions() & SEND_MESSAGES_IN_THREADS:
            raise missing_permissions()
        if self.archived(thread):
            if thread.thread.locked and not thread.bot_permissions() & MANAGE_THREADS:
                raise archived_thread()
            thread.thread.set_archived(False)
            await self.announce(thread)
        thread.thread.spoke()

    def before_change(self, thread: Channel) -> None:
        """An edit or a deletion in the thread: refused while it is archived."""
        if self.archived(thread):
            raise archived_thread()
