"""The table's routes on the web pages' port, all under /activity/ (the Developer Portal's
URL mapping points `/` there): the page, its script, and the sign-in that turns the SDK's
authorization code into an access token for the page and a session for the bot."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from functools import cache
from importlib import resources
from urllib.parse import urlsplit

from aiohttp import web

from bot.i18n import t
from bot.table.faces import AVATAR, LOOPBACK_HOSTS, Faces
from bot.table.live import LiveTables
from bot.table.sessions import Place, Sessions
from bot.table.signin import DiscordSignIn, SignInRefused
from bot.table.view import track_measures
from bot.table.words import accepted_language, language_of
from bot.web.server import COMMON_HEADERS, HTML, PICTURE_CACHE, cached
from bot.web.templates import asset, package_templates, source_hash, stylesheet

DISCORD_ORIGINS = (
    "https://discord.com",
    "https://ptb.discord.com",
    "https://canary.discord.com",
    "https://discordapp.com",
    "https://ptb.discordapp.com",
    "https://canary.discordapp.com",
)
"""Where Discord's clients frame an Activity from (the Embedded App SDK's own list)."""
LOCAL_CLIENT = "http://localhost:3333"
"""The origin the SDK accepts for local development: a test "Discord client" there may frame
the table only while the bot's pages are served on this machine."""
LONGEST_REQUEST = 4096
SNOWFLAKE = re.compile(r"[0-9]{1,20}")
INSTANCE = re.compile(r"[A-Za-z0-9_-]{1,200}")
"""An Activity instance id (i-<launch id>-gc-<guild id>-<channel id>): it goes into a path."""
SCRIPT_TYPE = "text/javascript; charset=utf-8"
SEAT_WORDS = ("seat_waiting", "seat_moving", "seat_picked", "seat_away", "seat_you", "winner")
"""A seat's state and marks, beside its name (catalog section table)."""
PRESENCE_WORDS = ("presence_lobby", "presence_picking", "presence_moving", "presence_watching")
"""The table's state as Discord shows it on a player's profile (the SDK's setActivity)."""


@cache
def script() -> bytes:
    return resources.files("bot.table").joinpath("assets", "table.js").read_bytes()


@cache
def table_style() -> str:
    """The web pages' stylesheet (the track, the figures' colours) and the table's own."""
    own = resources.files("bot.table").joinpath("assets", "table.css").read_text(encoding="utf-8")
    return stylesheet() + own


@cache
def script_version() -> str:
    return hashlib.sha256(script()).hexdigest()[:12]


def table_policy(public_url: str) -> str:
    """Its own script and stylesheet, requests to its own origin (behind Discord's proxy, the
    proxy's), and framing by Discord's clients only."""
    ancestors = list(DISCORD_ORIGINS)
    if urlsplit(public_url).hostname in LOOPBACK_HOSTS:
        ancestors.append(LOCAL_CLIENT)
    return (
        "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self'; "
        f"style-src {source_hash(table_style())}; base-uri 'none'; form-action 'none'; "
        f"frame-ancestors {' '.join(ancestors)}"
    )


class TablePages:
    def __init__(
        self,
        sign_in: DiscordSignIn,
        sessions: Sessions,
        client_id: int,
        public_url: str,
        channel_name: Callable[[int], str | None],
        live: LiveTables,
        faces: Faces,
    ) -> None:
        self._sign_in = sign_in
        self._sessions = sessions
        self._client_id = client_id
        self._policy = table_policy(public_url)
        self._channel_name = channel_name
        self._live = live
        self._faces = faces

    def add_routes(self, app: web.Application) -> None:
        app.router.add_get("/activity", self._to_folder)
        app.router.add_get("/activity/", self._page)
        app.router.add_get("/activity/table.js", self._script)
        app.router.add_get("/activity/favicon.svg", self._icon)
        app.router.add_get("/activity/avatars/{user:[0-9]{1,20}}/{avatar}.png", self._avatar)
        app.router.add_post("/activity/api/token", self._token)
        app.router.add_get("/activity/api/live", self._live.connect)

    async def _to_folder(self, request: web.Request) -> web.Response:
        """Its addresses are relative to the folder: /activity becomes /activity/."""
        query = f"?{request.query_string}" if request.query_string else ""
        raise web.HTTPMovedPermanently(f"activity/{query}", headers=COMMON_HEADERS)

    async def _page(self, request: web.Request) -> web.Response:
        language = accepted_language(request.headers.get("Accept-Language"))
        html = (
            package_templates("bot.table")
            .get_template("table.html")
            .render(
                lang=language,
                css=table_style(),
                say=lambda key: t(f"table.{key}", language),
                client_id=self._client_id,
                script_version=script_version(),
            )
        )
        headers = {
            **COMMON_HEADERS,
            "Content-Security-Policy": self._policy,
            "Cache-Control": "no-cache",
            "Vary": "Accept-Language",
        }
        return web.Response(body=html.encode(), headers={**headers, "Content-Type": HTML})

    async def _script(self, request: web.Request) -> web.Response:
        return cached(request, script(), SCRIPT_TYPE, PICTURE_CACHE, f'"{script_version()}"')

    async def _icon(self, request: web.Request) -> web.Response:
        return cached(request, asset("favicon.svg").encode(), "image/svg+xml", PICTURE_CACHE)

    async def _avatar(self, request: web.Request) -> web.Response:
        """A seat's face: the avatar the bot knows this user by, from Discord's CDN (a hash
        names one picture for good: cached for a year)."""
        avatar = request.match_info["avatar"]
        picture = None
        if AVATAR.fullmatch(avatar):
            picture = await self._faces.picture(int(request.match_info["user"]), avatar)
        if picture is None:
            raise web.HTTPNotFound(headers=COMMON_HEADERS)
        return cached(request, picture, "image/png", PICTURE_CACHE)

    async def _token(self, request: web.Request) -> web.Response:
        """{code, channel_id, guild_id, instance_id} -> the access token (for the SDK's
        authenticate), the session, and what the page says, in the player's language."""
        language = accepted_language(request.headers.get("Accept-Language"))
        asked = await _json_object(request)
        code = asked.get("code")
        place = _place(asked)
        if not isinstance(code, str) or not 0 < len(code) <= 200 or place is None:
            return _refusal("refused_request", 400, language)
        try:
            signed_in = await self._sign_in.sign_in(code)
        except SignInRefused as refusal:
            return _refusal(refusal.reason, refusal.status, language)
        player = signed_in.identity
        if player.locale is not None:
            language = language_of(player.locale)
        self._faces.learn(player.user_id, player.avatar)
        channel = self._channel_name(place.channel_id)
        answer: dict[str, object] = {
            "access_token": signed_in.access_token,
            "session": self._sessions.open(player.user_id, player.name, language, place),
            "lang": language,
            # Who is signed in is their seat (marked as theirs); where, the header's first word.
            "you": str(player.user_id),
            "place": t("table.place_unknown", language)
            if channel is None
            else t("table.place", language, channel=channel),
            "track": track_measures(language),
            "words": page_words(language),
        }
        return _json(answer, 200)


def page_words(language: str) -> dict[str, str]:
    """The page's words beyond each state's: a seat's marks, what Discord shows on a player's
    profile (rich presence), who is here. A {name} in one is filled in by the page: names
    are joined as join_names does, from the same sentences (activity/presence.js)."""
    return {
        "total": t("web.total", language),
        "reconnecting": t("table.reconnecting", language),
        "ai": t("table.ai", language),
        **{key: t(f"table.{key}", language) for key in SEAT_WORDS},
        **{key: t(f"table.{key}", language) for key in PRESENCE_WORDS},
        "here": t("table.here", language, names="{names}"),
        "names_two": t("render.names_two", language, first="{first}", second="{second}"),
        "names_many": t("render.names_many", language, rest="{rest}", last="{last}"),
        "list_separator": t("render.list_separator", language),
    }


async def _json_object(request: web.Request) -> dict[str, object]:
    body = await request.content.read(LONGEST_REQUEST + 1)
    try:
        asked = json.loads(body) if len(body) <= LONGEST_REQUEST else None
    except ValueError:
        asked = None
    return asked if isinstance(asked, dict) else {}


def _place(asked: dict[str, object]) -> Place | None:
    channel, guild, instance = (asked.get(key) for key in ("channel_id", "guild_id", "instance_id"))
    if not isinstance(channel, str) or not SNOWFLAKE.fullmatch(channel):
        return None
    if guild is not None and not (isinstance(guild, str) and SNOWFLAKE.fullmatch(guild)):
        return None
    if not isinstance(instance, str) or not INSTANCE.fullmatch(instance):
        return None
    return Place(int(channel), None if guild is None else int(guild), instance)


def _refusal(reason: str, status: int, language: str) -> web.Response:
    return _json({"error": t(f"table.{reason}", language)}, status)


def _json(data: dict[str, object], status: int) -> web.Response:
    headers = {**COMMON_HEADERS, "Cache-Control": "no-store"}
    return web.json_response(data, status=status, headers=headers)
