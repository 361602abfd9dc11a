"""Interactions in flight: who sent them, whether and how the bot acknowledged them."""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import Any

from tests.loopback.application import ActivityLaunch
from tests.loopback.model import Channel, Message, User, new_snowflake

ACK_DEADLINE_SECONDS = 3.0
TOKEN_LIFETIME_SECONDS = 15 * 60.0

CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
LAUNCH_ACTIVITY = 12
APPLICATION_COMMAND, MESSAGE_COMPONENT = 2, 3
GUILD_INSTALL, USER_INSTALL = "0", "1"
MAX_USER_INSTALL_FOLLOWUPS = 5


@dataclass(eq=False)
class InteractionOutcome:
    """What the user saw after an interaction: returned by `Player.slash` / `Player.click`."""

    interaction_id: int
    response_type: int | None = None
    failed: bool = False
    message: Message | None = None
    followups: list[Message] = field(default_factory=list)
    acknowledged: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def ephemeral_messages(self) -> list[Message]:
        """Ephemeral messages this interaction created (its reply, its followups); an
        updated message (types 6 and 7) is not new, even if it is itself ephemeral."""
        updated = self.response_type in (DEFERRED_UPDATE, UPDATE_MESSAGE)
        reply = [self.message] if self.message is not None and not updated else []
        return [m for m in reply + self.followups if m.ephemeral]

    @property
    def ephemeral(self) -> Message | None:
        """The last ephemeral reply the user got (response or followup), if any."""
        replies = self.ephemeral_messages
        return replies[-1] if replies else None

    @property
    def ephemeral_text(self) -> str | None:
        """Content of the last ephemeral reply, if any."""
        reply = self.ephemeral
        return None if reply is None else reply.content

    def texts(self) -> list[str]:
        """Content and embed text of every message this interaction produced."""
        texts: list[str] = []
        for message in ([self.message] if self.message else []) + self.followups:
            texts.append(message.content)
            for embed in message.embeds:
                texts.extend(str(embed.get(key) or "") for key in ("title", "description"))
                texts.extend(f"{f.get('name')} {f.get('value')}" for f in embed.get("fields", []))
        return texts


@dataclass(eq=False)
class PendingInteraction:
    kind: int
    user: User
    channel: Channel
    payload: dict[str, Any]
    source_message: Message | None = None
    id: int = field(default_factory=new_snowflake)
    token: str = field(default_factory=lambda: "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(40))
    dispatched_at: float | None = None
    acknowledged_at: float | None = None
    expired: bool = False
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    launch: ActivityLaunch | None = None
    outcome: InteractionOutcome = field(init=False)

    def __post_init__(self) -> None:
        self.outcome = InteractionOutcome(interaction_id=self.id)

    @property
    def acknowledged(self) -> bool:
        return self.acknowledged_at is not None

    @property
    def authorizing(self) -> dict[str, str]:
        """`authorizing_integration_owners`: "0" when the app is installed to the server (or
        this is a DM with the bot), "1" when installed to the user."""
        owners: dict[str, str] = self.payload.get("authorizing_integration_owners") or {}
        return owners

    @property
    def user_installed_only(self) -> bool:
        """Authorized by the user's install alone: the app may make 5 follow-ups at most."""
        return GUILD_INSTALL not in self.authorizing

    def owns(self, message: Message) -> bool:
        return message is self.original or any(message is m for m in self.followups)
