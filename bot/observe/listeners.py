"""The ports the bot serves HTTP on (/healthz and /metrics, the web pages), bound at start-up
before Discord is reached, so that a port another program holds stops the bot at once, with a
sentence that names the setting, instead of after it has logged in."""

from __future__ import annotations

import socket
from dataclasses import dataclass

from bot.settings import Settings

ALL_INTERFACES = "0.0.0.0"


class PortUnavailable(Exception):
    """A port setting cannot be served; the message is one sentence for the operator."""


@dataclass(frozen=True)
class Listeners:
    metrics: socket.socket | None = None
    web: socket.socket | None = None

    def close(self) -> None:
        """Closes what no server took over (closing twice does no harm)."""
        for listener in (self.metrics, self.web):
            if listener is not None:
                listener.close()


def listen(settings: Settings) -> Listeners:
    """Binds the configured ports; raises PortUnavailable, holding none, if one cannot be."""
    metrics = _bind("WHYFIRST_METRICS_PORT", settings.metrics_port)
    try:
        web = _bind("WHYFIRST_WEB_PORT", settings.web_port)
    except PortUnavailable:
        if metrics is not None:
            metrics.close()
        raise
    return Listeners(metrics, web)


def _bind(setting: str, port: int | None) -> socket.socket | None:
    if port is None:
        return None
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((ALL_INTERFACES, port))
        listener.listen(128)
        listener.setblocking(False)
    except OSError as error:
        listener.close()
        raise PortUnavailable(
            f"{setting}={port}: the port cannot be served ({error.strerror}); "
            "another program may hold it: stop that program or choose another port."
        ) from None
    return listener
