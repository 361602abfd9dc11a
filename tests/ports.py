"""A free TCP port on the loopback interface."""

from __future__ import annotations

import socket


def free_port() -> int:
    """A port the kernel just handed out and nobody listens on (until someone binds it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
