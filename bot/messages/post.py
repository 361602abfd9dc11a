"""What one message carries, as messages/ builds it whole: its text, its buttons, its
attachment and whom it may ping. The announcer only chooses where it goes and delivers it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import discord

from bot.ui.replies import NO_PINGS

CONTENT_LIMIT = 2000


@dataclass(frozen=True)
class Post:
    """One message."""

    content: str | None = None
    """None: an edit leaves the text as it is."""
    view: discord.ui.View | None = None
    """The buttons; None takes an edited message's buttons away."""
    file: Callable[[], discord.File] | None = None
    """Makes the attachment afresh for every attempt (a file is used up once sent)."""
    text_only: str | None = None
    """What a channel that refuses files is sent instead (None: the content)."""
    mentions: discord.AllowedMentions = NO_PINGS

    def body(self) -> dict[str, object]:
        """The post in Discord's API's terms (bot/ui/tokens.py), its file aside."""
        body: dict[str, object] = {"allowed_mentions": self.mentions.to_dict()}
        body["components"] = self.view.to_components() if self.view is not None else []
        if self.content is not None:
            body["content"] = self.content[:CONTENT_LIMIT]
        return body
