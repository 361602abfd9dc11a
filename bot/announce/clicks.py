"""A click's interaction token, and the message it reaches.

For 15 minutes after a click, its token edits the clicked message (or a follow-up the click sent)
and sends follow-ups to its channel, without spending Discord's global budget."""

from __future__ import annotations

from dataclasses import dataclass, field

# Discord accepts a token for 15 minutes after the click; a minute is kept in hand.
TOKEN_USABLE_SECONDS = 14 * 60
USER_INSTALL_FOLLOW_UPS = 5
"""Follow-ups Discord allows per interaction of an app installed only to a user there."""


@dataclass(slots=True, weakref_slot=True)
class FollowUps:
    """How many follow-ups a token has sent (shared by every copy of its token)."""

    sent: int = 0


@dataclass(frozen=True, slots=True)
class Token:
    value: str
    issued: float
    """When the click was acknowledged, on the clock of the `Routes` that noted it."""
    channel_id: int | None
    message_id: int | None
    """The message the click was on (None for a slash command)."""
    in_dm: bool
    locale: str | None
    """The clicking user's language."""
    limited: bool = False
    """The interaction came through a user install alone (a group DM, a server without the
    bot): Discord allows it only a few follow-ups."""
    follow_ups: FollowUps = field(default_factory=FollowUps, compare=False)

    def fresh(self, now: float) -> bool:
        return now - self.issued < TOKEN_USABLE_SECONDS

    @property
    def may_follow_up(self) -> bool:
        return not self.limited or self.follow_ups.sent < USER_INSTALL_FOLLOW_UPS


@dataclass(frozen=True, slots=True)
class Click:
    """A click's token and the message it reaches: its own (None), or a follow-up it sent."""

    token: Token
    message_id: int | None = None
    noted: int = 0
    """Its number among the clicks the book noted (0: a follow-up it sent, kept as it is)."""

    def reaches(self, channel_id: int, message_id: int | None) -> bool:
        """Whether its token edits that message (for None: whether it posts in that channel)."""
        if self.token.channel_id != channel_id:
            return False
        return message_id is None or (self.message_id or self.token.message_id) == message_id
