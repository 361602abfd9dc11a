"""What the loopback Discord stores: users, guilds, channels, messages, attachments."""

from __future__ import annotations

import datetime
import itertools
import time
from dataclasses import dataclass, field
from typing import Any

from tests.loopback.thread_model import (
    CREATE_PUBLIC_THREADS,
    SEND_MESSAGES_IN_THREADS,
    THREAD_PERMISSIONS,
    ThreadState,
)

DISCORD_EPOCH_MS = 1420070400000
_sequence = itertools.count()

# Permission bits (Discord's documented values).
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | THREAD_PERMISSIONS
)
# What `app_permissions` holds where the bot is no member: a DM or a group DM, or a server
# where the app is installed only to the user (DISCORD.md: "Installed to a user").
PRIVATE_APP_PERMISSIONS = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE
PERMISSION_NAMES = {
    "view_channel": VIEW_CHANNEL,
    "send_messages": SEND_MESSAGES,
    "embed_links": EMBED_LINKS,
    "attach_files": ATTACH_FILES,
    "read_message_history": READ_MESSAGE_HISTORY,
    "create_public_threads": CREATE_PUBLIC_THREADS,
    "send_messages_in_threads": SEND_MESSAGES_IN_THREADS,
}

GUILD_TEXT, DM, GUILD_VOICE, GROUP_DM = 0, 1, 2, 3
"""Channel types. A voice channel's chat (text in voice) takes messages, slash commands,
components and Activities as a text channel does."""


def new_snowflake() -> int:
    millis = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (millis << 22) | (next(_sequence) % (1 << 22))


def iso_now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    dms_closed: bool = False
    locale: str = "en-US"
    """The language the user's Discord client is set to (sent with their interactions)."""
    avatar: str | None = None
    """Their avatar's hash (the loopback's CDN draws it: tests/loopback/avatars.py)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": self.avatar,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass(eq=False)
class Member:
    user: User
    guild: Guild
    role_ids: list[int]
    joined_at: str = field(default_factory=iso_now)

    @property
    def permissions(self) -> int:
        value = self.guild.everyone_permissions
        for role_id in self.role_ids:
            value |= self.guild.roles[role_id]["permissions_value"]
        if self.user.id == self.guild.owner_id or value & ADMINISTRATOR:
            return (1 << 53) - 1
        return value

    def to_json(self, *, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "user": self.user.to_json(),
            "roles": [str(role_id) for role_id in self.role_ids],
            "flags": 0,
            "joined_at": self.joined_at,
            "deaf": False,
            "mute": False,
            "nick": None,
            "avatar": None,
            "pending": False,
        }
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    url: str
    description: str | None = None
    content_type: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.content_type is not None:
            data["content_type"] = self.content_type
        return data


@dataclass(eq=False)
class Message:
    """A stored message. `components` and `embeds` are kept as the bot sent them."""

    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    message_type: int = 0
    webhook_id: int | None = None
    interaction_user: User | None = None
    authorizing: dict[str, str] | None = None
    """The installations that authorized the interaction that made it: its buttons' clicks
    carry them (a user-installed app's message can be clicked by people who never
    installed it)."""
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    edit_count: int = 0
    deleted: bool = False
    created_monotonic: float = field(default_factory=time.monotonic)
    revisions: list[tuple[str, list[dict[str, Any]]]] = field(default_factory=list)
    """(content, components) of every earlier version, oldest first."""

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & 64)

    def __repr__(self) -> str:
        where = f"#{self.channel.name}" if self.channel.guild else f"DM {self.channel.name}"
        return f"<Message {self.id} in {where}, flags {self.flags}: {self.content[:60]!r}>"

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") == 2]

    def all_components(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        for row in self.components:
            found.extend(row.get("components") or [])
        return found

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.to_json(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.to_json() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.message_type,
            "flags": self.flags,
        }
        if self.channel.guild is not None:
            data["guild_id"] = str(self.channel.guild.id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction_user is not None:
            data["interaction_metadata"] = {
                "id": str(new_snowflake()),
                "type": 2 if self.message_type == 20 else 3,
                "user": self.interaction_user.to_json(),
                "authorizing_integration_owners": self.authorizing or {},
            }
        return data


@dataclass(eq=False)
class Channel:
    id: int
    name: str
    kind: int
    guild: Guild | None = None
    recipient: User | None = None
    recipients: list[User] = field(default_factory=list)
    """A group DM's members (the bot is never one)."""
    bot_denied: int = 0
    messages: dict[int, Message] = field(default_factory=dict)
    parent: Channel | None = None
    """A thread's text channel, whose permissions it takes."""
    thread: ThreadState | None = None
    nonces: dict[str, Message] = field(default_factory=dict)
    """The bot's messages created here with a nonce (Create Message's `enforce_nonce`)."""

    def __repr__(self) -> str:
        return f"<Channel {self.id} {self.name!r}>"

    def bot_permissions(self) -> int:
        if self.parent is not None:
            return self.parent.bot_permissions()
        if self.kind == GROUP_DM:
            return 0
        if self.guild is None:
            return EVERYONE_PERMISSIONS
        if not self.guild.bot_joined:
            return 0
        return self.guild.everyone_permissions & ~self.bot_denied

    def live_messages(self) -> list[Message]:
        return [m for m in self.messages.values() if not m.deleted]

    def to_json(self, bot: User | None = None) -> dict[str, Any]:
        if self.kind == DM:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": None,
                "recipients": [self.recipient.to_json()],
                "flags": 0,
            }
        if self.kind == GROUP_DM:
            return {
                "id": str(self.id),
                "type": GROUP_DM,
                "name": self.name,
                "icon": None,
                "owner_id": str(self.recipients[0].id),
                "last_message_id": None,
                "recipients": [user.to_json() for user in self.recipients],
                "flags": 0,
            }
        assert self.guild is not None
        if self.thread is not None:
            return self._thread_json(self.thread)
        overwrites = []
        if self.bot_denied and bot is not None:
            overwrites.append(
                {"id": str(bot.id), "type": 1, "allow": "0", "deny": str(self.bot_denied)}
            )
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.kind,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": 0,
            "permission_overwrites": overwrites,
            "nsfw": False,
            "parent_id": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if self.kind == GUILD_VOICE:
            return data | {
                "bitrate": 64000,
                "user_limit": 0,
                "rtc_region": None,
                "video_quality_mode": 1,
            }
        return data | {"topic": None}

    def _thread_json(self, thread: ThreadState) -> dict[str, Any]:
        assert self.guild is not None
        assert self.parent is not None
        live = self.live_messages()
        return {
            "id": str(self.id),
            "type": self.kind,
            "guild_id": str(self.guild.id),
            "parent_id": str(self.parent.id),
            "owner_id": str(thread.owner_id),
            "name": self.name,
            "last_message_id": str(live[-1].id) if live else None,
            "message_count": thread.message_count,
            "total_message_sent": thread.message_count,
            "member_count": min(len(thread.members), 50),
            "rate_limit_per_user": 0,
            "flags": 0,
            "thread_metadata": thread.metadata_json(),
        }


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    manager_role_id: int
    preferred_locale: str = "en-US"
    """The server's language (Server Settings > Community), sent as guild_locale."""
    everyone_permissions: int = EVERYONE_PERMISSIONS
    bot_joined: bool = True
    """False for a server that never invited the bot (its members may still have installed
    the app to themselves)."""
    channels: dict[int, Channel] = field(default_factory=dict)
    threads: dict[int, Channel] = field(default_factory=dict)
    """Its threads (not among `channels`, as in GUILD_CREATE)."""
    members: dict[int, Member] = field(default_factory=dict)
    roles: dict[int, dict[str, Any]] = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"<Guild {self.id} {self.name!r}>"

    def to_json(self, bot: User) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [self._role_json(role_id) for role_id in [self.id, *self.roles]],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": self.preferred_locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": iso_now(),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "members": [member.to_json() for member in self.members.values()],
            "channels": [channel.to_json(bot) for channel in self.channels.values()],
            "threads": [
                thread.to_json(bot)
                for thread in self.threads.values()
                if thread.thread is not None and not thread.thread.archived
            ],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def _role_json(self, role_id: int) -> dict[str, Any]:
        if role_id == self.id:
            name, permissions = "@everyone", self.everyone_permissions
        else:
            name, permissions = (
                self.roles[role_id]["name"],
                self.roles[role_id]["permissions_value"],
            )
        return {
            "id": str(role_id),
            "name": name,
            "color": 0,
            "hoist": False,
            "position": 0 if role_id == self.id else 1,
            "permissions": str(permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
