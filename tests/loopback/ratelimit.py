"""The global REST rate limit (50 requests/s) and injected faults (429 storms, 500s, a slow
network)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

GLOBAL_LIMIT_PER_SECOND = 50
WINDOW_SECONDS = 1.0
MIN_RETRY_AFTER = 0.01


@dataclass
class Fault:
    remaining: int
    path_contains: str
    status: int
    retry_after: float
    every: int = 1
    seen: int = 0


@dataclass
class Hold:
    """The next `remaining` requests whose path contains `path_contains` (interaction callbacks
    too) reach Discord only once released: a network slow at the instant a test chooses.
    Discord's own deadlines still count from the interaction, so a callback held past 3 s is
    a broken rule, as it would be."""

    path_contains: str
    remaining: int
    released: asyncio.Event = field(default_factory=asyncio.Event)
    held: int = 0
    """How many requests it has held so far."""

    def release(self) -> None:
        self.released.set()


@dataclass
class RateLimiter:
    limit: int = GLOBAL_LIMIT_PER_SECOND
    window_start: float = 0.0
    used: int = 0
    faults: list[Fault] = field(default_factory=list)
    holds: list[Hold] = field(default_factory=list)

    def _roll(self) -> float:
        now = time.monotonic()
        if now - self.window_start >= WINDOW_SECONDS:
            self.window_start, self.used = now, 0
        return now

    def admit(self) -> float | None:
        """Count a request in the current one-second window; None if admitted, else the
        seconds until the window resets (a global 429)."""
        now = self._roll()
        if self.used >= self.limit:
            return max(MIN_RETRY_AFTER, WINDOW_SECONDS - (now - self.window_start))
        self.used += 1
        return None

    def headers(self, bucket: str) -> dict[str, str]:
        now = self._roll()
        reset_after = max(MIN_RETRY_AFTER, WINDOW_SECONDS - (now - self.window_start))
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(max(0, self.limit - self.used)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket,
        }

    def inject(
        self, *, count: int, status: int, path_contains: str, retry_after: float, every: int = 1
    ) -> None:
        self.faults.append(Fault(count, path_contains, status, retry_after, every))

    def injected_fault(self, path: str) -> Fault | None:
        for fault in self.faults:
            if fault.remaining > 0 and fault.path_contains in path:
                fault.seen += 1
                if fault.seen % fault.every:
                    continue
                fault.remaining -= 1
                return fault
        return None

    def hold_for(self, path: str) -> Hold | None:
        for hold in self.holds:
            if hold.remaining > 0 and hold.path_contains in path:
                hold.remaining -= 1
                hold.held += 1
                return hold
        return None
