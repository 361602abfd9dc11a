"""A free TCP port on the loopback interface, for a server a test starts.

Not one the kernel hands out for a bind to port 0: those come from the ephemeral range, where
the local ports of outgoing connections come from too, and between the probe and the server's
own bind any connection the tests open (to the loopback Discord, to PostgreSQL, Chromium's) may
take it: the server then fails with "Address already in use" (a soak run showed it, the web
pages' port taken). A port below that range is never given to an outgoing connection; one
chosen at random and found free is taken in between only by a test that chose the same one.
"""

from __future__ import annotations

import random
import socket
from pathlib import Path

LOWEST = 10_000
"""Below it: the ports people run things on by hand (`make play`'s 3333 among them)."""
BROWSERS_REFUSE = frozenset({10_080})
"""Ports from LOWEST up that Chromium and Firefox will not load a page from (Chromium's
restricted ports, net/base/port_util.cc): a page served there fails with ERR_UNSAFE_PORT (a
fresh-clone run drew 10080 for the replay page)."""
EPHEMERAL_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
TRIES = 200

_choose = random.SystemRandom()


def ephemeral_start() -> int:
    """The first port of the kernel's range for outgoing connections (Linux's default: 32768)."""
    try:
        return int(EPHEMERAL_RANGE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32_768


def free_port() -> int:
    """A port below the ephemeral range that nothing listens on now and a browser will load a
    page from."""
    highest = max(ephemeral_start(), LOWEST + 1_000)
    for _ in range(TRIES):
        port = _choose.randrange(LOWEST, highest)
        if port in BROWSERS_REFUSE:
            continue
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port between {LOWEST} and {highest} after {TRIES} tries")
