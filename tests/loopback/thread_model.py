"""What the loopback keeps of a thread beside its channel (Discord's docs, Topics › Threads).

A thread is a channel of type 11 (public) or 12 (private) under a text channel, its parent,
whose permissions it takes, except that SEND_MESSAGES_IN_THREADS, not SEND_MESSAGES, lets one
talk in it. It archives itself after `auto_archive_duration` minutes without a message; while
archived nobody edits its messages, uses commands in it or joins it, and a message sent to it
unarchives it, unless it is locked (then only MANAGE_THREADS may).
"""

from __future__ import annotations

import datetime
import time
from dataclasses import dataclass, field
from typing import Any

PUBLIC_THREAD, PRIVATE_THREAD = 11, 12
THREAD_TYPES = frozenset({PUBLIC_THREAD, PRIVATE_THREAD})
ARCHIVE_MINUTES = frozenset({60, 1440, 4320, 10080})
DEFAULT_ARCHIVE_MINUTES = 4320
"""A thread started without `auto_archive_duration` takes its parent's default (3 days here)."""

MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
THREAD_PERMISSIONS = CREATE_PUBLIC_THREADS | CREATE_PRIVATE_THREADS | SEND_MESSAGES_IN_THREADS
"""What @everyone may do with threads in a new server (Discord's defaults)."""


def _iso(moment: datetime.datetime | None = None) -> str:
    return (moment or datetime.datetime.now(datetime.UTC)).isoformat()


@dataclass(eq=False)
class ThreadState:
    owner_id: int
    auto_archive_duration: int = DEFAULT_ARCHIVE_MINUTES
    archived: bool = False
    locked: bool = False
    created: str = field(default_factory=_iso)
    archive_timestamp: str = field(default_factory=_iso)
    """When it was last archived or unarchived (its creation at first)."""
    active_since: float = field(default_factory=time.monotonic)
    """When its last message came (or it was created or unarchived), on the monotonic clock."""
    members: dict[int, str] = field(default_factory=dict)
    """Each member's user id and when they joined."""
    message_count: int = 0

    def idle_past_its_duration(self, minute_seconds: float) -> bool:
        idle = time.monotonic() - self.active_since
        return not self.archived and idle >= self.auto_archive_duration * minute_seconds

    def set_archived(self, archived: bool) -> None:
        if archived != self.archived:
            self.archived = archived
            self.archive_timestamp = _iso()
        if not archived:
            self.active_since = time.monotonic()

    def add_member(self, user_id: int) -> bool:
        """Whether the user was not a member yet."""
        if user_id in self.members:
            return False
        self.members[user_id] = _iso()
        return True

    def spoke(self) -> None:
        self.message_count += 1
        self.active_since = time.monotonic()

    def metadata_json(self) -> dict[str, Any]:
        return {
            "archived": self.archived,
            "archive_timestamp": self.archive_timestamp,
            "auto_archive_duration": self.auto_archive_duration,
            "locked": self.locked,
            "create_timestamp": self.created,
        }

    def member_json(self, thread_id: int, user_id: int) -> dict[str, Any]:
        return {
            "id": str(thread_id),
            "user_id": str(user_id),
            "join_timestamp": self.members[user_id],
            "flags": 0,
        }
