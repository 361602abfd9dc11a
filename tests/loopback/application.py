"""The application as its Developer Portal sets it up (privileged-intent switches, Activities,
the client secret), and what its Activity has done: launches, sign-in codes, access tokens."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from tests.loopback.model import Channel, User

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


@dataclass(eq=False)
class ActivityLaunch:
    """The app's Activity opened for `user` in `channel` (by a LAUNCH_ACTIVITY answer, or by
    Discord itself for an Entry Point command whose handler is DISCORD_LAUNCH_ACTIVITY)."""

    user: User
    channel: Channel
    instance_id: str = field(default_factory=lambda: "i-" + secrets.token_hex(8))


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
    codes: dict[str, User] = field(default_factory=dict)
    """Authorization codes not exchanged yet: each is good for one exchange."""
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
        launch = ActivityLaunch(user, channel)
        self.launches.append(launch)
        return launch

    def authorization_code(self, user: User) -> str:
        code = secrets.token_urlsafe(22)
        self.codes[code] = user
        return code

    def exchange(self, code: str) -> str | None:
        """A new access token for the user the code was issued to; None for an unknown or
        already exchanged code."""
        user = self.codes.pop(code, None)
        if user is None:
            return None
        token = secrets.token_urlsafe(22)
        self.access_tokens[token] = user
        return token
