"""Every HTTP request discord.py makes, counted by route and status (aiohttp's trace hooks,
which discord.py's client takes as `http_trace`), and the acknowledgement time of each
interaction, measured when its answer reaches Discord."""

from __future__ import annotations

import re
import time
from types import SimpleNamespace

import aiohttp
import discord

from bot.observe.metrics import Metrics

API_PATH = re.compile(r"^.*?/api/v\d+")
SNOWFLAKE = re.compile(r"/\d{5,}")
TOKEN = re.compile(r"/(interactions/\{id\}|webhooks/\{id\})/[^/?]+")
CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback")


def route_of(path: str) -> str:
    """`/api/v10/channels/123/messages` -> `/channels/{id}/messages`, tokens hidden."""
    route = SNOWFLAKE.sub("/{id}", API_PATH.sub("", path))
    return TOKEN.sub(r"/\1/{token}", route)


def http_trace(metrics: Metrics) -> aiohttp.TraceConfig:
    trace = aiohttp.TraceConfig()

    async def on_request_end(
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestEndParams,
    ) -> None:
        path = params.url.path
        status = str(params.response.status)
        metrics.rest_requests.labels(params.method, route_of(path), status).inc()
        answered = CALLBACK.search(path)
        if answered is not None:
            created = discord.utils.snowflake_time(int(answered[1])).timestamp()
            metrics.acknowledgement.observe(max(0.0, time.time() - created))

    trace.on_request_end.append(on_request_end)
    return trace
