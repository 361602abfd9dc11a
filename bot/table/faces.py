"""The faces at a table: each seated person's Discord avatar.

The bot knows an avatar as its user's id and its hash (Discord's CDN names a picture by both)
and sends them to the page as data ({"type": "faces"}, apart from the game's states, which stay
as small as before); the page draws `avatars/<user>/<hash>.png`, an address relative to itself,
so it works behind Discord's proxy with the one URL mapping the table already needs. The bot
fetches that picture from Discord's CDN and keeps it; it serves only the avatar it knows a
user by now, so it is no proxy for anything else.

A hash is learnt for free at each sign-in (`users/@me` names the player's own avatar); a seated
player who never opened the table is asked about once (`GET /users/{id}`, through discord.py's
HTTP client: the bot's token and rate limits). Both are held in this process's memory only.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import OrderedDict
from collections.abc import Iterable
from urllib.parse import urlsplit

import aiohttp
import discord

log = logging.getLogger("whyfirst.table")

DISCORD_CDN = "https://cdn.discordapp.com"
LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
AVATAR = re.compile(r"(a_)?[0-9a-f]{32}")
"""An avatar's hash as Discord writes it (a_ before an animated one's)."""
FACES_KEPT = 10_000
"""Users whose avatar is remembered (about 100 bytes each); the least recent go first."""
PICTURES_KEPT = 256
"""Avatars kept as fetched (a few KiB each)."""
PICTURE_SIZE = 64
"""Pixels on a side: a seat's 32 px face on a screen of twice the density."""
ANSWER_SECONDS = 10.0
LONGEST_PICTURE = 256 * 1024
PICTURE_TIMEOUT = aiohttp.ClientTimeout(total=10)


class Faces:
    """Who has which avatar, and the avatars' pictures."""

    def __init__(self, http: discord.http.HTTPClient | None, cdn: str = DISCORD_CDN) -> None:
        """`http`: the bot's client, to ask Discord about a user none of its tables signed in
        (None: nobody is asked); `cdn`: where the pictures are fetched."""
        self._http = http
        self._cdn = cdn.rstrip("/")
        self._known: OrderedDict[int, str | None] = OrderedDict()
        self._asking: dict[int, asyncio.Task[None]] = {}
        self._pictures: OrderedDict[tuple[int, str], bytes] = OrderedDict()

    def learn(self, user_id: int, avatar: object) -> None:
        """What Discord just said of a user's avatar (None: they have none)."""
        self._known[user_id] = (
            avatar if isinstance(avatar, str) and AVATAR.fullmatch(avatar) else None
        )
        self._known.move_to_end(user_id)
        while len(self._known) > FACES_KEPT:
            self._known.popitem(last=False)

    def known(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The avatars known now of these users (none for a user without one)."""
        faces = {user: self._known.get(user) for user in user_ids}
        return {user: avatar for user, avatar in faces.items() if avatar is not None}

    def unknown(self, user_ids: Iterable[int]) -> list[int]:
        return [user for user in user_ids if user not in self._known]

    async def look_up(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The avatars of these users, asking Discord about those not known yet (one request
        a user, shared by every table that wants it)."""
        wanted = list(user_ids)
        if self._http is not None:
            asking = [self._asking_about(user) for user in self.unknown(wanted)]
            if asking:
                try:
                    async with asyncio.timeout(ANSWER_SECONDS):
                        await asyncio.gather(*(asyncio.shield(task) for task in asking))
                except TimeoutError:
                    log.warning("Discord did not say in time whose avatar a seat shows")
        return self.known(wanted)

    def _asking_about(self, user_id: int) -> asyncio.Task[None]:
        asking = self._asking.get(user_id)
        if asking is None:
            asking = asyncio.create_task(self._ask(user_id))
            self._asking[user_id] = asking
            asking.add_done_callback(lambda _: self._asking.pop(user_id, None))
        return asking

    async def _ask(self, user_id: int) -> None:
        assert self._http is not None
        try:
            user = await self._http.get_user(user_id)
        except discord.NotFound:
            self.learn(user_id, None)
        except (discord.HTTPException, aiohttp.ClientError) as problem:
            log.warning("Discord did not say whose avatar a seat shows: %s", problem)
        else:
            self.learn(user_id, user.get("avatar"))

    async def picture(self, user_id: int, avatar: str) -> bytes | None:
        """The avatar's picture (PNG), if it is the one this user is known by; None when it is
        not, or when the CDN does not give it."""
        if self._known.get(user_id) != avatar:
            return None
        key = (user_id, avatar)
        kept = self._pictures.get(key)
        if kept is None:
            kept = await self._fetch(user_id, avatar)
            if kept is None:
                return None
            self._pictures[key] = kept
            while len(self._pictures) > PICTURES_KEPT:
                self._pictures.popitem(last=False)
        self._pictures.move_to_end(key)
        return kept

    async def _fetch(self, user_id: int, avatar: str) -> bytes | None:
        address = f"{self._cdn}/avatars/{user_id}/{avatar}.png?size={PICTURE_SIZE}"
        try:
            async with (
                aiohttp.ClientSession(timeout=PICTURE_TIMEOUT) as http,
                http.get(address) as response,
            ):
                body = await response.content.read(LONGEST_PICTURE + 1)
                fetched = response.status == 200 and len(body) <= LONGEST_PICTURE
        except (aiohttp.ClientError, TimeoutError) as problem:
            log.warning("Discord's CDN did not give an avatar: %s", problem)
            return None
        return body if fetched and body.startswith(b"\x89PNG") else None


def cdn_of(api_base: str | None) -> str:
    """Discord's CDN; for a Discord on this machine (a DISCORD_API_BASE on a loopback address:
    the loopback Discord of the tests and `make play`), that Discord's own host, which serves
    avatars at /avatars/ as the CDN does. A REST proxy elsewhere serves no avatars."""
    address = urlsplit(api_base or "")
    if address.hostname not in LOOPBACK_HOSTS:
        return DISCORD_CDN
    return f"{address.scheme}://{address.netloc}"
