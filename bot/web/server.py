"""The web pages' HTTP server (aiohttp): /g/<token> (a finished game's replay), its picture,
/s/<token> (a server's standings while on). Nothing lists games or servers: every other address, and
every unknown token, is a 404.

A finished game's page and picture never change but for an erased player's name: they are served as
immutable for a day (its ETag changes with the names), its picture for a year under an address that
carries that version. Standings change with every game: revalidated each time (ETag, 304 when
unchanged)."""

from __future__ import annotations

import hashlib
import logging
import re
import socket
from collections import OrderedDict
from collections.abc import Sequence
from typing import Protocol

from aiohttp import web

from bot.clock import Clock
from bot.i18n import t
from bot.messages.picture import render_picture
from bot.standings.boards import Boards
from bot.storage import GameRecord
from bot.web.replay_page import final_board, page_version, replay_page
from bot.web.standings_page import Choice, standings_page
from bot.web.templates import asset, content_security_policy

log = logging.getLogger("whyfirst.web")

TOKEN = re.compile(r"[A-Za-z0-9_-]{20,100}")
PAGE_CACHE = "public, max-age=86400, immutable"
PICTURE_CACHE = "public, max-age=31536000, immutable"
STANDINGS_CACHE = "no-cache"
PICTURES_KEPT = 256
HTML = "text/html; charset=utf-8"
COMMON_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex, nofollow",
}


class WebSource(Boards, Protocol):
    async def finished_game_by_token(self, token: str) -> GameRecord | None: ...

    async def server_by_standings_token(self, token: str) -> int | None: ...

    async def server_language(self, guild_id: int) -> str | None: ...

    async def latest_game_locale(self, guild_id: int) -> str | None: ...


def etag_of(body: bytes) -> str:
    return '"' + hashlib.sha256(body).hexdigest()[:24] + '"'


def _matches(request: web.Request, etag: str) -> bool:
    asked = request.headers.get("If-None-Match", "")
    return any(tag.strip().removeprefix("W/") in (etag, "*") for tag in asked.split(","))


def cached(
    request: web.Request, body: bytes, content_type: str, cache: str, etag: str | None = None
) -> web.Response:
    """The response, or 304 Not Modified when the client holds this very version."""
    etag = etag or etag_of(body)
    headers = {**COMMON_HEADERS, "ETag": etag, "Cache-Control": cache}
    if content_type == HTML:
        headers["Content-Security-Policy"] = content_security_policy()
    if _matches(request, etag):
        return web.Response(status=304, headers=headers)
    return web.Response(body=body, headers={**headers, "Content-Type": content_type})


def not_found() -> web.Response:
    return web.Response(status=404, text=t("web.not_found", None) + "\n", headers=COMMON_HEADERS)


class MorePages(Protocol):
    """Pages of a feature above this folder (the table), served on the same port."""

    def add_routes(self, app: web.Application) -> None: ...


class WebPages:
    """The pages' routes; `public_url` is where players reach this server, served on
    `listener` (a socket bound and listening: bot/observe/listeners.py) once started."""

    def __init__(
        self,
        source: WebSource,
        clock: Clock,
        public_url: str,
        min_rated_games: int,
        more: Sequence[MorePages] = (),
        listener: socket.socket | None = None,
    ) -> None:
        self._listener = listener
        self._source = source
        self._clock = clock
        self._public_url = public_url
        self._address_tag = hashlib.sha256(public_url.encode()).hexdigest()[:8]
        """A page names its own address: its ETag changes with it."""
        self._min_rated_games = min_rated_games
        self._more = more
        self._pictures: OrderedDict[str, bytes] = OrderedDict()
        self._runner: web.AppRunner | None = None

    def replay_url(self, token: str) -> str:
        return f"{self._public_url}/g/{token}"

    def standings_url(self, token: str) -> str:
        return f"{self._public_url}/s/{token}"

    def application(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/g/{token}", self._replay)
        app.router.add_get("/g/{token}/final.png", self._picture)
        app.router.add_get("/s/{token}", self._standings)
        app.router.add_get("/robots.txt", self._robots)
        app.router.add_get("/favicon.svg", self._icon)
        for pages in self._more:
            pages.add_routes(app)
        return app

    async def start(self) -> None:
        listener = self._listener
        if listener is None:
            return
        self._runner = web.AppRunner(self.application(), access_log=None, handle_signals=False)
        await self._runner.setup()
        await web.SockSite(self._runner, listener).start()
        log.info("web pages on port %s, reached at %s", listener.getsockname()[1], self._public_url)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _game(self, token: str) -> GameRecord | None:
        return await self._source.finished_game_by_token(token) if TOKEN.fullmatch(token) else None

    async def _replay(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        record = await self._game(token)
        if record is None:
            return not_found()
        version = page_version(record)
        etag = f'"page-{version}-{self._address_tag}"'
        if _matches(request, etag):  # known to the client: not even rendered
            return cached(request, b"", HTML, PAGE_CACHE, etag)
        page_url = self.replay_url(token)
        html = replay_page(record, page_url, f"{page_url}/final.png?v={version}")
        return cached(request, html.encode(), HTML, PAGE_CACHE, etag)

    async def _picture(self, request: web.Request) -> web.Response:
        record = await self._game(request.match_info["token"])
        if record is None:
            return not_found()
        version = page_version(record)
        png = self._pictures.get(version)
        if png is None:
            png = (await render_picture(final_board(record))).png
            self._pictures[version] = png
            while len(self._pictures) > PICTURES_KEPT:
                self._pictures.popitem(last=False)
        else:
            self._pictures.move_to_end(version)
        return cached(request, png, "image/png", PICTURE_CACHE, etag=f'"{version}"')

    async def _standings(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        guild_id = (
            await self._source.server_by_standings_token(token) if TOKEN.fullmatch(token) else None
        )
        if guild_id is None:
            return not_found()
        html = await standings_page(
            self._source,
            guild_id,
            Choice.read(dict(request.query)),
            locale=await self._server_language(guild_id),
            now=self._clock.now(),
            min_rated_games=self._min_rated_games,
            page_url=self.standings_url(token),
        )
        return cached(request, html.encode(), HTML, STANDINGS_CACHE)

    async def _server_language(self, guild_id: int) -> str | None:
        """The language its admins chose, else the one its latest game spoke (Discord's
        server locale, which the bot's messages otherwise follow, is not known here)."""
        chosen = await self._source.server_language(guild_id)
        return chosen or await self._source.latest_game_locale(guild_id)

    async def _icon(self, request: web.Request) -> web.Response:
        return cached(request, asset("favicon.svg").encode(), "image/svg+xml", PICTURE_CACHE)

    async def _robots(self, request: web.Request) -> web.Response:
        return web.Response(text="User-agent: *\nDisallow: /\n", headers=COMMON_HEADERS)
