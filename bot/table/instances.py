"""Whether a signed-in player is really at the table they say: Discord lists who is in a
running instance of the app's Activity (`GET /applications/{id}/activity-instances/{id}`,
with the bot's token), and where it runs. A session names its instance as the page reported
it; only Discord's answer lets the bot show that channel's game to it."""

from __future__ import annotations

import asyncio
import logging

import aiohttp

from bot.table.sessions import Session

log = logging.getLogger("whyfirst.table")

CHECK_TIMEOUT = aiohttp.ClientTimeout(total=10)


class InstanceUnknown(Exception):
    """Discord could not be asked (the check is to be tried again later)."""


RATE_LIMIT_TRIES, LONGEST_WAIT = 5, 5.0
"""How often, and how many seconds in all, a check waits for a rate limit to pass."""

Answer = tuple[int, object]
"""Discord's status and JSON answer about one instance."""


class ActivityInstances:
    def __init__(self, api_base: str, application_id: int, bot_token: str) -> None:
        self._api_base = api_base.rstrip("/")
        self._application_id = application_id
        self._headers = {"Authorization": f"Bot {bot_token}"}
        self._asking: dict[str, asyncio.Task[Answer]] = {}
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
        status, answer = await asyncio.shield(asking)
        if status == 404:
            return False
        if status != 200 or not isinstance(answer, dict):
            log.warning("activity-instances answered %s", status)
            raise InstanceUnknown
        users = answer.get("users")
        location = answer.get("location")
        channel = location.get("channel_id") if isinstance(location, dict) else None
        return (
            isinstance(users, list)
            and str(session.user_id) in users
            and channel == str(session.place.channel_id)
        )

    async def _ask(self, instance: str) -> Answer:
        """Discord's answer; a rate limit is waited out (the bot's other requests share
        Discord's global limit), up to LONGEST_WAIT seconds in all."""
        url = f"{self._api_base}/applications/{self._application_id}/activity-instances/{instance}"
        waited = 0.0
        try:
            async with aiohttp.ClientSession(timeout=CHECK_TIMEOUT, headers=self._headers) as http:
                for _ in range(RATE_LIMIT_TRIES):
                    async with http.get(url) as response:
                        status = response.status
                        answer = None if status == 404 else await response.json(content_type=None)
                    wait = _retry_after(answer) if status == 429 else None
                    if wait is None or waited + wait > LONGEST_WAIT:
                        return status, answer
                    waited += wait
                    await asyncio.sleep(wait)
                return status, answer
        except (aiohttp.ClientError, TimeoutError, ValueError) as problem:
            log.warning("Discord did not answer an Activity instance check: %s", problem)
            raise InstanceUnknown from None


def _retry_after(answer: object) -> float | None:
    """The seconds a 429's body says to wait."""
    wait = answer.get("retry_after") if isinstance(answer, dict) else None
    return float(wait) if isinstance(wait, int | float) and wait >= 0 else None
