"""The application as its Developer Portal sets it up (privileged-intent switches, Activities,
the client secret), and what its Activity has done: launches, sign-in codes, access tokens."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.loopback.model import Channel, User, new_snowflake

GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT = 1 << 1, 1 << 8, 1 << 15
SWITCHES = {
    GUILD_PRESENCES: "Presence Intent",
    GUILD_MEMBERS: "Server Members Intent",
    MESSAGE_CONTENT: "Message Content Intent",
}
"""The privileged gateway intents, by the name of their switch on the Portal's Bot tab."""
GATEWAY_PRESENCE_LIMITED, GATEWAY_GUILD_MEMBERS_LIMITED = 1 << 13, 1 << 15
EMBEDDED, GATEWAY_MESSAGE_CONTENT_LIMITED = 1 << 17, 1 << 19
"""Application flags: a switch of an unverified app sets the _LIMITED flag of its intent."""
LAUNCH_ACTIVITY_ANSWERS = {2: "APPLICATION_COMMAND", 3: "MESSAGE_COMPONENT", 5: "MODAL_SUBMIT"}
"""The interactions a LAUNCH_ACTIVITY callback (type 12) may answer."""
CODE_LIFETIME_SECONDS = 600.0
"""How long an authorization code may wait for its exchange: Discord's docs name no figure,
so the longest RFC 6749 (4.1.2) recommends."""


@dataclass(eq=False)
class ActivityInstance:
    """The Activity running in a channel: one per channel, which later launches there join."""

    channel: Channel
    users: list[User]
    launch_id: int = field(default_factory=new_snowflake)

    @property
    def location_id(self) -> str:
        if self.channel.guild is None:
            return f"pc-{self.channel.id}"
        return f"gc-{self.channel.guild.id}-{self.channel.id}"

    @property
    def instance_id(self) -> str:
        return f"i-{self.launch_id}-{self.location_id}"

    def to_json(self, application_id: int) -> dict[str, Any]:
        location: dict[str, Any] = {
            "id": self.location_id,
            "kind": self.location_id[:2],
            "channel_id": str(self.channel.id),
        }
        if self.channel.guild is not None:
            location["guild_id"] = str(self.channel.guild.id)
        return {
            "application_id": str(application_id),
            "instance_id": self.instance_id,
            "launch_id": str(self.launch_id),
            "location": location,
            "users": [str(user.id) for user in self.users],
        }


@dataclass(eq=False)
class ActivityLaunch:
    """The app's Activity opened for `user` in `channel` (by a LAUNCH_ACTIVITY answer, or by
    Discord itself for an Entry Point command whose handler is DISCORD_LAUNCH_ACTIVITY)."""

    user: User
    channel: Channel
    instance_id: str


@dataclass(eq=False)
class Application:
    """Set these as an operator would in the Developer Portal, before or while the bot runs.
    Everything is off, as for a new application."""

    presence_intent: bool = False
    server_members_intent: bool = False
    message_content_intent: bool = False
    activities_enabled: bool = False
    """The Portal's Activities switch (the application's EMBEDDED flag)."""
    client_secret: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    launches: list[ActivityLaunch] = field(default_factory=list)
    instances: dict[int, ActivityInstance] = field(default_factory=dict)
    """The running instances, by channel id."""
    codes: dict[str, tuple[User, float]] = field(default_factory=dict)
    """Authorization codes not exchanged yet, with when each was issued: each is good for one
    exchange, within CODE_LIFETIME_SECONDS."""
    clock: Callable[[], float] = time.monotonic
    """What the codes' lifetime is measured on (a test may move it on)."""
    access_tokens: dict[str, User] = field(default_factory=dict)

    @property
    def flags(self) -> int:
        """The application object's `flags` for these settings."""
        return sum(
            flag
            for flag, on in (
                (GATEWAY_PRESENCE_LIMITED, self.presence_intent),
                (GATEWAY_GUILD_MEMBERS_LIMITED, self.server_members_intent),
                (GATEWAY_MESSAGE_CONTENT_LIMITED, self.message_content_intent),
                (EMBEDDED, self.activities_enabled),
            )
            if on
        )

    def disallowed_intents(self, intents: int) -> list[str]:
        """The switches that are off for the privileged intents in `intents` (an IDENTIFY's)."""
        switched_on = {
            GUILD_PRESENCES: self.presence_intent,
            GUILD_MEMBERS: self.server_members_intent,
            MESSAGE_CONTENT: self.message_content_intent,
        }
        return [name for bit, name in SWITCHES.items() if intents & bit and not switched_on[bit]]

    def launch_refusal(self, interaction_type: int) -> str | None:
        """Why Discord refuses to answer an interaction of this type with LAUNCH_ACTIVITY."""
        if not self.activities_enabled:
            return "LAUNCH_ACTIVITY is only available for apps with Activities enabled"
        if interaction_type not in LAUNCH_ACTIVITY_ANSWERS:
            answers = ", ".join(LAUNCH_ACTIVITY_ANSWERS.values())
            return f"LAUNCH_ACTIVITY answers only {answers} (not type {interaction_type})"
        return None

    def launch(self, user: User, channel: Channel) -> ActivityLaunch:
        """`user` opens the Activity in `channel`: the instance running there, or a new one."""
        instance = self.instances.setdefault(channel.id, ActivityInstance(channel, []))
        if user not in instance.users:
            instance.users.append(user)
        launch = ActivityLaunch(user, channel, instance.instance_id)
        self.launches.append(launch)
        return launch

    def pop_out(self, channel: Channel) -> ActivityInstance:
        """A player pops the Activity out of Discord's desktop window: it may come back under a
        new instance id (embedded-app-sdk #202), the same people in it; the old id is gone."""
        old = self.instances[channel.id]
        new = self.instances[channel.id] = ActivityInstance(channel, list(old.users))
        return new

    def leave(self, user: User, channel: Channel) -> None:
        """`user` closes the Activity; an instance nobody is in any more ends."""
        instance = self.instances.get(channel.id)
        if instance is not None and user in instance.users:
            instance.users.remove(user)
            if not instance.users:
                del self.instances[channel.id]

    def instance(self, instance_id: str) -> ActivityInstance | None:
        found = [i for i in self.instances.values() if i.instance_id == instance_id]
        return found[0] if found else None

    def authorization_code(self, user: User) -> str:
        code = secrets.token_urlsafe(22)
        self.codes[code] = (user, self.clock())
        return code

    def exchange(self, code: str) -> str | None:
        """A new access token for the user the code was issued to; None for an unknown,
        expired or already exchanged code."""
        issued = self.codes.pop(code, None)
        if issued is None or self.clock() - issued[1] > CODE_LIFETIME_SECONDS:
            return None
        user = issued[0]
        token = secrets.token_urlsafe(22)
        self.access_tokens[token] = user
        return token
