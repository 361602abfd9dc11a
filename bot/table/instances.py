"""Whether a signed-in player is really at the table they say: Discord lists who is in a
running instance of the app's Activity (`GET /applications/{id}/activity-instances/{id}`,
with the bot's token), and where it runs. A session names its instance as the page reported
it; only Discord's answer lets the bot show that channel's game to it."""

from __future__ import annotations

import logging

import aiohttp

from bot.table.sessions import Session

log = logging.getLogger("whyfirst.table")

CHECK_TIMEOUT = aiohttp.ClientTimeout(total=10)


class InstanceUnknown(Exception):
    """Discord could not be asked (the check is to be tried again later)."""


class ActivityInstances:
    def __init__(self, api_base: str, application_id: int, bot_token: str) -> None:
        self._api_base = api_base.rstrip("/")
        self._application_id = application_id
        self._headers = {"Authorization": f"Bot {bot_token}"}

    async def seats(self, session: Session) -> bool:
        """Whether the session's player is in its instance, and the instance runs in the
        session's channel. Raises InstanceUnknown when Discord does not answer."""
        instance = session.place.instance_id
        url = f"{self._api_base}/applications/{self._application_id}/activity-instances/{instance}"
        try:
            async with (
                aiohttp.ClientSession(timeout=CHECK_TIMEOUT, headers=self._headers) as http,
                http.get(url) as response,
            ):
                if response.status == 404:
                    return False
                answer = await response.json(content_type=None)
                status = response.status
        except (aiohttp.ClientError, TimeoutError, ValueError) as problem:
            log.warning("Discord did not answer an Activity instance check: %s", problem)
            raise InstanceUnknown from None
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
