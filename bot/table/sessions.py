"""Who a table is: a session, held in this process's memory, that binds a signed-in Discord
user to the channel their table is open in. The page holds only the session's random token;
the access token and the client secret stay here (the access token goes back to the page
once, for the SDK's authenticate, and is not kept)."""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

SESSION_SECONDS = 6 * 3600.0
"""A long evening of games; a table open longer signs in again when it is reopened."""
SESSIONS_KEPT = 10_000
"""The oldest session is dropped past this many, so a flood of sign-ins cannot grow memory."""


@dataclass(frozen=True)
class Place:
    """Where a table is open, as the Embedded App SDK reports it."""

    channel_id: int
    guild_id: int | None
    instance_id: str


@dataclass(frozen=True)
class Session:
    user_id: int
    name: str
    language: str
    place: Place
    expires: float
    """On the sessions' monotonic clock."""


class Sessions:
    def __init__(self, monotonic: Callable[[], float]) -> None:
        self._monotonic = monotonic
        self._held: OrderedDict[str, Session] = OrderedDict()

    def open(self, user_id: int, name: str, language: str, place: Place) -> str:
        """A new session's token (URL-safe, 43 characters)."""
        now = self._monotonic()
        self._forget_expired(now)
        token = secrets.token_urlsafe(32)
        self._held[token] = Session(user_id, name, language, place, now + SESSION_SECONDS)
        while len(self._held) > SESSIONS_KEPT:
            self._held.popitem(last=False)
        return token

    def find(self, token: str) -> Session | None:
        """The session of `token` while it lasts; None for an unknown or expired one."""
        session = self._held.get(token)
        if session is None or session.expires <= self._monotonic():
            return None
        return session

    def _forget_expired(self, now: float) -> None:
        # Sessions are held in the order they were opened, and all last as long: the expired
        # ones are at the front.
        while self._held:
            token, oldest = next(iter(self._held.items()))
            if oldest.expires > now:
                return
            del self._held[token]
