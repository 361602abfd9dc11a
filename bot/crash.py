"""Named crash points, for the tests that kill the bot where it hurts most: WHYFIRST_CRASH_AT
`point:n` (comma-separated) SIGKILLs the process the n-th time it passes `crash_point(point)`.
Only tests set it; unset, a crash point costs a lookup in an empty dict."""

from __future__ import annotations

import os
import signal

_POINTS = (point.partition(":") for point in os.environ.get("WHYFIRST_CRASH_AT", "").split(","))
_ARMED = {name: int(count or 1) for name, _, count in _POINTS if name}


def crash_point(name: str) -> None:
    if name in _ARMED:
        _ARMED[name] -= 1
        if _ARMED[name] == 0:
            os.kill(os.getpid(), signal.SIGKILL)
