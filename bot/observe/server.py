"""/healthz and /metrics on WHYFIRST_METRICS_PORT (off unless set).

/healthz answers 200 "ok" when this process's gateway shards are connected and the database answers,
else 503 with the reason in one line. /metrics is Prometheus' text format."""

from __future__ import annotations

import logging
import socket
from collections.abc import Awaitable, Callable

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot.observe.metrics import Metrics

log = logging.getLogger("whyfirst.observe")

Check = Callable[[], Awaitable[str | None]]
"""What is wrong, in one line, or None when all is well."""

Refresh = Callable[[], Awaitable[None]]
"""Brings the gauges read from the database up to date before a scrape."""


class HealthServer:
    def __init__(self, metrics: Metrics, checks: tuple[Check, ...], refresh: Refresh) -> None:
        self._metrics = metrics
        self._checks = checks
        self._refresh = refresh
        self._runner: web.AppRunner | None = None

    async def start(self, listener: socket.socket) -> None:
        """Serves on `listener`, a socket bound and listening (bot/observe/listeners.py)."""
        app = web.Application()
        app.router.add_get("/healthz", self._health)
        app.router.add_get("/metrics", self._metrics_page)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        await web.SockSite(self._runner, listener).start()
        log.info("health and metrics on port %s", listener.getsockname()[1])

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _health(self, request: web.Request) -> web.Response:
        for check in self._checks:
            problem = await check()
            if problem is not None:
                return web.Response(status=503, text=problem + "\n")
        return web.Response(text="ok\n")

    async def _metrics_page(self, request: web.Request) -> web.Response:
        await self._refresh()
        response = web.Response(body=self._metrics.text())
        response.headers["Content-Type"] = CONTENT_TYPE_LATEST
        return response
