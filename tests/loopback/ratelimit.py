"""The global REST rate limit (50 requests/s) and injected faults (429 storms, 500s)."""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field

GLOBAL_LIMIT_PER_SECOND = 50
WINDOW_SECONDS = 1.0


@dataclass
class Fault:
    remaining: int
    path_contains: str
    status: int
    retry_after: float


@dataclass
class RateLimiter:
    limit: int = GLOBAL_LIMIT_PER_SECOND
    recent: deque[float] = field(default_factory=deque)
    faults: list[Fault] = field(default_factory=list)

    def admit(self) -> float | None:
        """Count a request; None if admitted, else the seconds to wait (a global 429)."""
        now = time.monotonic()
        while self.recent and now - self.recent[0] >= WINDOW_SECONDS:
            self.recent.popleft()
        if len(self.recent) >= self.limit:
            return max(0.001, WINDOW_SECONDS - (now - self.recent[0]))
        self.recent.append(now)
        return None

    def headers(self, bucket: str) -> dict[str, str]:
        now = time.monotonic()
        reset_after = WINDOW_SECONDS - (now - self.recent[0]) if self.recent else WINDOW_SECONDS
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(max(0, self.limit - len(self.recent))),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket,
        }

    def inject(self, *, count: int, status: int, path_contains: str, retry_after: float) -> None:
        self.faults.append(Fault(count, path_contains, status, retry_after))

    def injected_fault(self, path: str) -> Fault | None:
        for fault in self.faults:
            if fault.remaining > 0 and fault.path_contains in path:
                fault.remaining -= 1
                return fault
        return None
