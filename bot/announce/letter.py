"""What one message carries: text, buttons, a file, whom it may ping, and how urgent its REST
request is; and its text as discord.py takes it. A hand's text and buttons are drawn only when
its request goes out."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

import discord

from bot.announce.pacing import Urgency
from bot.messages.hand import Controls
from bot.messages.round import CONTENT_LIMIT
from bot.ui.replies import NO_PINGS

G = TypeVar("G")


@dataclass(frozen=True)
class Letter:
    content: str | None = None
    """None: an edit leaves the text as it is."""
    view: discord.ui.View | None = None
    """The buttons; None takes an edited message's buttons away."""
    file: Callable[[], discord.File] | None = None
    """Makes the attachment afresh for every attempt (a file is used up once sent)."""
    text_only: str | None = None
    """What a channel that refuses files is sent instead (None: the content)."""
    mentions: discord.AllowedMentions = NO_PINGS
    urgency: Urgency = Urgency.PUBLIC
    what: str = "a message"
    """What it is, for the logs."""
    ephemeral: bool = False
    """Seen by the clicking player only: a new one goes only as a follow-up of their click."""
    droppable: bool = False
    """Worth sending only now (a reminder): where only clicks reach the channel, it does not
    wait for the next click."""
    draw: Callable[[], Controls] | None = None
    """Draws the text and buttons in place of `content` and `view` when the request goes
    out, so that a hand that waited for its turn shows the game's latest state."""

    @contextmanager
    def drawn(self) -> Iterator[tuple[str | None, discord.ui.View | None]]:
        """The text and buttons to send now; drawn buttons are taken apart once sent."""
        if self.draw is None:
            yield self.content, self.view
            return
        with self.draw() as controls:
            yield controls.content, controls.view


def edited_text(content: str | None) -> str:
    """The new text of an edit; `discord.utils.MISSING` leaves the text as it is."""
    return discord.utils.MISSING if content is None else content[:CONTENT_LIMIT]


def new_text(content: str | None) -> str:
    """The text of a new message."""
    return (content or "")[:CONTENT_LIMIT]


def given(value: G | None) -> G:
    """`value`, or discord.py's "not given" for a request that leaves it out."""
    return discord.utils.MISSING if value is None else value
