"""The little of Discord's message markdown the bot uses, as HTML: **bold**, mentions, timestamps.

Everything is HTML-escaped first; names are put in after the markdown, so a name can
neither inject markup nor turn bold.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
TOKEN = re.compile(
    r"&lt;@!?(?P<user>\d+)&gt;"
    r"|&lt;#(?P<channel>\d+)&gt;"
    r"|&lt;t:(?P<epoch>-?\d+)(?::(?P<style>[tTdDfFR]))?&gt;"
)


@dataclass(frozen=True)
class GameClock:
    """Real moments as a game at normal speed would show them.

    The demo runs the bot's clock `time_scale` times as fast; dividing by it gives back the
    game's own durations (a 90-second deadline shows as 90 seconds, not 9).
    """

    start: datetime
    time_scale: float = 1.0

    def seconds_since_start(self, moment: datetime) -> float:
        return (moment - self.start).total_seconds() / self.time_scale

    def offset(self, moment: datetime) -> str:
        """`m:ss` on the game's clock since the start."""
        whole = max(0, round(self.seconds_since_start(moment)))
        return f"{whole // 60}:{whole % 60:02d}"

    def relative(self, target: datetime, seen_at: datetime) -> str:
        """Discord's `<t:…:R>`, as read when the message was posted or last edited."""
        return humanized((target - seen_at).total_seconds() / self.time_scale)


def humanized(seconds: float) -> str:
    """`in 2 minutes`, `5 seconds ago`: roughly as Discord words a relative time."""
    span = abs(seconds)
    if span < 60:
        count, unit = round(span), "second"
    elif span < 3600:
        count, unit = round(span / 60), "minute"
    else:
        count, unit = round(span / 3600), "hour"
    amount = f"{count} {unit}" + ("" if count == 1 else "s")
    return f"in {amount}" if seconds >= 0 else f"{amount} ago"


@dataclass(frozen=True)
class Names:
    """Who and what the ids in messages stand for."""

    users: Mapping[int, str]
    channels: Mapping[int, str]


def to_html(text: str, names: Names, clock: GameClock, seen_at: datetime) -> str:
    """`text` as HTML: escaped, with bold, mentions as @Name and timestamps on the game clock."""
    marked = BOLD.sub(r"<strong>\1</strong>", html.escape(text))

    def token(found: re.Match[str]) -> str:
        if found["user"] is not None:
            name = names.users.get(int(found["user"]), "unknown-user")
            return f'<span class="mention">@{html.escape(name)}</span>'
        if found["channel"] is not None:
            name = names.channels.get(int(found["channel"]), "unknown-channel")
            return f'<span class="mention">#{html.escape(name)}</span>'
        moment = datetime.fromtimestamp(int(found["epoch"]), UTC)
        at = f"{clock.offset(moment)} on the game clock"
        shown = clock.relative(moment, seen_at) if found["style"] == "R" else f"at {at}"
        return f'<time title="{at}">{shown}</time>'

    return TOKEN.sub(token, marked)
