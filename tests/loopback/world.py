"""Everything the loopback Discord knows, and the changes REST calls make to it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any

from tests.loopback.application import Application
from tests.loopback.errors import Violation
from tests.loopback.interactions import PendingInteraction
from tests.loopback.model import (
    DM,
    GROUP_DM,
    GUILD_TEXT,
    MANAGE_GUILD,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    User,
    iso_now,
    new_snowflake,
)

_log = logging.getLogger("loopback")


@dataclass
class NewFile:
    """A file uploaded in a multipart request (`files[n]`)."""

    index: int
    filename: str
    data: bytes
    content_type: str | None


@dataclass(eq=False)
class World:
    bot: User
    application_id: int
    token: str
    base_url: str = ""
    application: Application = field(default_factory=Application)
    users: dict[int, User] = field(default_factory=dict)
    guilds: dict[int, Guild] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    dm_channels: dict[int, Channel] = field(default_factory=dict)
    messages: dict[int, Message] = field(default_factory=dict)
    ephemerals: dict[int, list[Message]] = field(default_factory=dict)
    commands: dict[int | None, list[dict[str, Any]]] = field(default_factory=dict)
    command_ids: dict[tuple[int | None, int, str], int] = field(default_factory=dict)
    command_puts: int = 0
    user_installs: set[int] = field(default_factory=set)
    """The users who installed the app to their own account."""
    interactions: dict[int, PendingInteraction] = field(default_factory=dict)
    interactions_by_token: dict[str, PendingInteraction] = field(default_factory=dict)
    violations: list[Violation] = field(default_factory=list)
    ack_latencies: list[float] = field(default_factory=list)
    rate_limited_responses: int = 0
    disconnects: int = 0
    thread_minute_seconds: float = 60.0
    """How long a minute of a thread's auto-archive duration lasts (a test may shorten it)."""
    nonce_seconds: float = 180.0
    """How long a message's nonce is held for Create Message's `enforce_nonce`: Discord says
    "the past few minutes"."""
    _changed: asyncio.Event = field(default_factory=asyncio.Event)

    # --- change notification -------------------------------------------------------------

    def notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def changed(self, within: float) -> None:
        """Return on the next change, or after `within` seconds."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), within)

    def record_violation(self, kind: str, detail: str) -> None:
        violation = Violation(kind, detail)
        _log.warning("Discord rule broken: %s", violation)
        self.violations.append(violation)
        self.notify()

    # --- setup -----------------------------------------------------------------------------

    def add_user(self, name: str) -> User:
        user = User(new_snowflake(), name)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, *, with_bot: bool = True) -> Guild:
        owner = self.add_user(f"{name} owner")
        guild = Guild(new_snowflake(), name, owner.id, manager_role_id=new_snowflake())
        guild.roles[guild.manager_role_id] = {"name": "Managers", "permissions_value": MANAGE_GUILD}
        guild.bot_joined = with_bot
        self.guilds[guild.id] = guild
        self.add_member(guild, owner, manage_guild=False)
        if with_bot:
            self.add_member(guild, self.bot, manage_guild=False)
        return guild

    def add_member(self, guild: Guild, user: User, *, manage_guild: bool) -> Member:
        roles = [guild.manager_role_id] if manage_guild else []
        member = Member(user, guild, roles)
        guild.members[user.id] = member
        return member

    def add_text_channel(self, guild: Guild, name: str, kind: int = GUILD_TEXT) -> Channel:
        """A text channel, or (`kind` GUILD_VOICE) a voice channel, whose chat takes the same."""
        channel = Channel(new_snowflake(), name, kind, guild=guild)
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        return channel

    def dm_channel(self, user: User) -> Channel:
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = Channel(new_snowflake(), user.name, DM, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def add_group_dm(self, name: str, members: list[User]) -> Channel:
        """A group DM of `members` (the first one owns it); the bot is never in one."""
        channel = Channel(new_snowflake(), name, GROUP_DM, recipients=list(members))
        self.channels[channel.id] = channel
        return channel

    def shares_a_server_with_the_bot(self, user: User) -> bool:
        return any(guild.bot_joined and user.id in guild.members for guild in self.guilds.values())

    # --- messages --------------------------------------------------------------------------

    def create_message(
        self,
        channel: Channel,
        body: dict[str, Any],
        files: list[NewFile],
        *,
        interaction: PendingInteraction | None = None,
        message_type: int = 0,
    ) -> Message:
        message = Message(
            new_snowflake(),
            channel,
            self.bot,
            message_type=message_type,
            webhook_id=self.application_id if interaction is not None else None,
            interaction_user=interaction.user if interaction is not None else None,
            authorizing=interaction.authorizing if interaction is not None else None,
        )
        self.apply_edit(message, body, files, creating=True)
        self.messages[message.id] = message
        if message.ephemeral:
            assert interaction is not None
            self.ephemerals.setdefault(interaction.user.id, []).append(message)
        else:
            channel.messages[message.id] = message
        self.notify()
        return message

    def apply_edit(
        self,
        message: Message,
        body: dict[str, Any],
        files: list[NewFile],
        *,
        creating: bool = False,
    ) -> None:
        if not creating:
            message.revisions.append((message.content, message.components))
        if "content" in body:
            message.content = body["content"] or ""
        if "embeds" in body:
            message.embeds = list(body["embeds"] or [])
        if "components" in body:
            message.components = list(body["components"] or [])
        if "flags" in body and body["flags"] is not None:
            keep = message.flags & 64
            message.flags = (
                (int(body["flags"]) & ~64) | keep if not creating else int(body["flags"])
            )
        if "attachments" in body and body["attachments"] is not None:
            self._apply_attachments(message, body["attachments"], files)
        elif files:
            message.attachments += [self._attachment(message, f, None) for f in files]
        if not creating:
            message.edited_timestamp = iso_now()
            message.edit_count += 1
            self.notify()

    def _apply_attachments(
        self, message: Message, listed: list[dict[str, Any]], files: list[NewFile]
    ) -> None:
        by_index = {f.index: f for f in files}
        existing = {a.id: a for a in message.attachments}
        kept: list[Attachment] = []
        for entry in listed:
            key = int(entry["id"])
            if key in existing:
                kept.append(existing[key])
            elif key in by_index:
                kept.append(self._attachment(message, by_index.pop(key), entry))
        kept += [self._attachment(message, f, None) for f in by_index.values()]
        message.attachments = kept

    def _attachment(
        self, message: Message, file: NewFile, entry: dict[str, Any] | None
    ) -> Attachment:
        attachment_id = new_snowflake()
        filename = (entry or {}).get("filename") or file.filename
        return Attachment(
            attachment_id,
            filename,
            file.data,
            f"{self.base_url}/attachments/{message.channel.id}/{attachment_id}/{filename}",
            description=(entry or {}).get("description"),
            content_type=file.content_type,
        )

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        self.notify()

    def find_message(self, channel_id: int, message_id: int) -> Message | None:
        message = self.messages.get(message_id)
        if message is None or message.deleted or message.channel.id != channel_id:
            return None
        return message

    def find_attachment(self, attachment_id: int) -> Attachment | None:
        for message in self.messages.values():
            for attachment in message.attachments:
                if attachment.id == attachment_id:
                    return attachment
        return None

    # --- interactions ----------------------------------------------------------------------

    def register(self, interaction: PendingInteraction) -> None:
        self.interactions[interaction.id] = interaction
        self.interactions_by_token[interaction.token] = interaction
