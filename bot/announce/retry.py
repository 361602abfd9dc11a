"""Patience with Discord: a request refused for a rate limit or a server error is tried again.

discord.py already waits out single 429s; under a long storm it gives up after a few tries and
raises, and a connection that breaks under a request is not retried at all. A game message must not
be lost to that, so the announcer tries again, slower."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

import aiohttp
import discord

from bot.announce.pacing import RestPacer, Urgency

T = TypeVar("T")
# The connection broke before Discord answered (reset, closed by the server while reused):
# the request can be made again.
CONNECTION_ERRORS = (aiohttp.ClientConnectionError,)
RETRIED_STATUSES = frozenset({429, 500, 502, 503, 504})
ATTEMPTS = 6
FIRST_PAUSE_SECONDS = 0.5
LONGEST_PAUSE_SECONDS = 8.0

log = logging.getLogger("whyfirst.retry")


async def persist(
    make: Callable[[], Awaitable[T]], what: str, pacer: RestPacer, urgency: Urgency
) -> T:
    """`await make()`, again after a pause when Discord is rate limiting or failing; each
    attempt waits for its turn in the pacer's budget first."""
    pause = FIRST_PAUSE_SECONDS
    for attempt in range(1, ATTEMPTS + 1):
        await pacer.turn(urgency)
        try:
            return await make()
        except discord.HTTPException as problem:
            if problem.status not in RETRIED_STATUSES or attempt == ATTEMPTS:
                raise
            log.info("%s: Discord answered %s; trying again in %.1f s", what, problem.status, pause)
        except CONNECTION_ERRORS as problem:
            if attempt == ATTEMPTS:
                raise
            log.info("%s: the connection failed (%s); trying again in %.1f s", what, problem, pause)
        await asyncio.sleep(pause)
        pause = min(pause * 2, LONGEST_PAUSE_SECONDS)
    raise AssertionError("unreachable")
