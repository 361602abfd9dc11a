"""A post on its way: the message messages/ built (or, for a hand, how to draw it when its
request goes out), how urgent its REST request is, and what it is for the logs; and its text
as discord.py takes it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

import discord

from bot.announce.pacing import Urgency
from bot.messages.post import CONTENT_LIMIT, Post

G = TypeVar("G")


@dataclass(frozen=True)
class Letter:
    post: Post = field(default_factory=Post)
    urgency: Urgency = Urgency.PUBLIC
    what: str = "a message"
    """What it is, for the logs."""
    ephemeral: bool = False
    """Seen by the clicking player only: a new one goes only as a follow-up of their click."""
    droppable: bool = False
    """Worth sending only now (a reminder): where only clicks reach the channel, it does not
    wait for the next click."""
    nonce: str | None = None
    """Names the one message this is (game, version, what) for Discord's `enforce_nonce`: a
    REST post sent again within minutes returns the first one instead of a second."""
    ready: Callable[[], Awaitable[None]] | None = None
    """Awaited when a paced request's turn has come, before it is drawn (a hand catches up
    with what another process committed meanwhile)."""
    draw: Callable[[], Post] | None = None
    """Draws the post in place of `post` when the request goes out, so that a hand that
    waited for its turn shows the game's latest state (a drawn post carries no file)."""

    def drawn(self) -> Post:
        """The post to send now."""
        return self.post if self.draw is None else self.draw()

    async def drawn_in_turn(self) -> Post:
        """The post to send now that its paced request's turn has come."""
        if self.ready is not None:
            await self.ready()
        return self.drawn()


def edited_text(content: str | None) -> str:
    """The new text of an edit; `discord.utils.MISSING` leaves the text as it is."""
    return discord.utils.MISSING if content is None else content[:CONTENT_LIMIT]


def new_text(content: str | None) -> str:
    """The text of a new message."""
    return (content or "")[:CONTENT_LIMIT]


def given(value: G | None) -> G:
    """`value`, or discord.py's "not given" for a request that leaves it out."""
    return discord.utils.MISSING if value is None else value
