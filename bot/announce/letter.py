"""What one message carries: text, buttons, a file, whom it may ping, and how urgent its REST
request is. A hand's text and buttons are drawn only when its request goes out."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import discord

from bot.announce.pacing import Urgency
from bot.messages.hand import Controls
from bot.ui.replies import NO_PINGS


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
