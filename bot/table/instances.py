"""Whether a signed-in player is really at the table they say: Discord lists who is in a
running instance of the app's Activity (`GET /applications/{id}/activity-instances/{id}`),
and where it runs. A session names its instance as the page reported it; only Discord's
answer lets the bot show that channel's game to it.

The question goes through discord.py's HTTP client, the bot's own: its session and token,
and its rate limits (it waits out a 429, the route's bucket and Discord's global limit,
which the bot's other requests share) and its retries of a 5xx or a reset connection."""

from __future__ import annotations

import asyncio
import logging

import aiohttp
import discord

from bot.table.sessions import Session

log = logging.getLogger("whyfirst.table")

ANSWER_SECONDS = 10.0
"""How long a table waits for Discord's answer (discord.py waits out any rate limit)."""

ROUTE = "/applications/{application_id}/activity-instances/{instance_id}"


class InstanceUnknown(Exception):
    """Discord could not be asked (the check is to be tried again later)."""


class ActivityInstances:
    def __init__(self, http: discord.http.HTTPClient, application_id: int) -> None:
        self._http = http
        self._application_id = application_id
        self._asking: dict[str, asyncio.Task[object]] = {}
        """The questions under way, by instance: the tables of one instance connecting
        together (after a restart, all of them) share one request."""

    async def seats(self, session: Session) -> bool:
        """Whether the session's player is in its instance, and the instance runs in the
        session's channel. Raises InstanceUnknown when Discord does not answer."""
        instance = session.place.instance_id
        asking = self._asking.get(instance)
        if asking is None:
            asking = asyncio.create_task(self._ask(instance))
            self._asking[instance] = asking
            asking.add_done_callback(lambda _: self._asking.pop(instance, None))
        try:
            # Only the wait is given up: cancelling discord.py's request in a global rate
            # limit would leave the bot's other requests waiting for it.
            async with asyncio.timeout(ANSWER_SECONDS):
                answer = await asyncio.shield(asking)
        except TimeoutError:
            log.warning("Discord did not answer an Activity instance check in time")
            raise InstanceUnknown from None
        if answer is None:
            return False
        if not isinstance(answer, dict):
            log.warning("activity-instances answered %r", answer)
            raise InstanceUnknown
        users = answer.get("users")
        location = answer.get("location")
        channel = location.get("channel_id") if isinstance(location, dict) else None
        return (
            isinstance(users, list)
            and str(session.user_id) in users
            and channel == str(session.place.channel_id)
        )

    async def _ask(self, instance: str) -> object:
        """Discord's answer; None when it knows no such instance."""
        route = discord.http.Route(
            "GET", ROUTE, application_id=self._application_id, instance_id=instance
        )
        try:
            answer: object = await self._http.request(route)
        except discord.NotFound:
            return None
        except discord.HTTPException as problem:
            log.warning("activity-instances answered %s", problem.status)
            raise InstanceUnknown from None
        except (discord.RateLimited, aiohttp.ClientError, OSError, ValueError) as problem:
            log.warning("Discord did not answer an Activity instance check: %r", problem)
            raise InstanceUnknown from None
        return answer
