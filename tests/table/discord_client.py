"""A test "Discord client": the page around an Activity, as Discord's client is.

At http://localhost:3333 (the origin the Embedded App SDK accepts for local development):
served on that port for `make play`, or to a test's browser from a port of its own. It frames
the table with the query Discord adds (frame_id, instance_id, platform, guild_id, channel_id)
and speaks the SDK's postMessage protocol
(@discord/embedded-app-sdk, src/Discord.ts): it answers the HANDSHAKE with the READY
dispatch, AUTHORIZE with a code the loopback Discord issued to the player (or one Discord never
issued) once the page asked for the scopes the table needs, AUTHENTICATE as Discord does (it asks
`users/@me` with the access token), SET_ACTIVITY (rich presence) by keeping what the page set
(or refusing, as Discord does, an activity with its time in milliseconds, a line too long or a
party larger than its size),
CAPTURE_LOG by keeping the line, and any other command with an ERROR. Every command is kept in
the page's `rpc.commands`, the activities in `rpc.activities`.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import Any
from urllib.parse import urlencode

import aiohttp
from aiohttp import web
from playwright.async_api import BrowserContext, Page, Route

from tests.loopback import LoopbackDiscord, Player
from tests.loopback.players import TextChannel

ORIGIN = "http://localhost:3333"
PORT = 3333
PORT_WAIT_SECONDS = 300.0
"""`make play`'s test may find the one port the SDK accepts held (by a `make play` someone
runs beside the tests): it waits for it, a bounded while."""
INVALID_COMMAND = 4002
INVALID_PAYLOAD = 4000
"""RPC error codes: a command this client does not answer; a payload Discord refuses."""
PARTICIPANT = {"flags": 0, "bot": False}
"""What a participant carries beyond its user (the SDK's schema asks for both)."""
SCOPES = ["identify", "rpc.activities.write"]
"""What the table asks Discord for: who the player is, and setting their rich presence."""

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Discord (test client)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"></head>
<body><script>
const seen = window.rpc = {commands: [], logs: [], activities: []};
const frame = document.createElement("iframe");
frame.src = %(activity)s;
// As Discord's phone apps do, the Activity fills the window (a desktop panel: a window that size);
// with ?frame=phone (make play's second address), a phone held upright, 390 × 844, framed.
const phone = "position:absolute;top:1rem;left:calc(50%% - 207px);width:390px;height:844px;"
  + "border:12px solid #111;border-radius:32px";
frame.style.cssText = new URLSearchParams(location.search).get("frame") === "phone"
  ? phone : "position:fixed;inset:0;width:100vw;height:100vh;border:0";
const activity = new URL(frame.src).origin;
function send(opcode, payload) { frame.contentWindow.postMessage([opcode, payload], activity); }
function answer(cmd, nonce, data) { send(1, {cmd, evt: null, nonce, data}); }
async function ask(path, body) {
  const response = await fetch(path, {method: "POST", body: JSON.stringify(body)});
  return response.json();
}
window.addEventListener("message", async (event) => {
  if (event.source !== frame.contentWindow || event.origin !== activity) return;
  const [opcode, payload] = event.data;
  if (opcode === 0) {
    seen.handshake = payload;
    send(1, {cmd: "DISPATCH", evt: "READY", nonce: null, data: {v: 1,
      config: {cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api",
               environment: "production"}}});
    return;
  }
  if (opcode !== 1) return;
  const {cmd, args, nonce} = payload;
  seen.commands.push({cmd, args});
  if (cmd === "AUTHORIZE") answer(cmd, nonce, await ask("authorize", args));
  else if (cmd === "AUTHENTICATE") answer(cmd, nonce, await ask("authenticate", args));
  else if (cmd === "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS") {
    answer(cmd, nonce, await ask("participants", {}));
  } else if (cmd === "SUBSCRIBE" && payload.evt === PARTICIPANTS_UPDATE) {
    answer(cmd, nonce, {evt: payload.evt});
  }
  else if (cmd === "CAPTURE_LOG") { seen.logs.push(args); answer(cmd, nonce, null); }
  else if (cmd === "SET_ACTIVITY") {
    // The activity as set, under the application's name (cleared: the name alone, as the SDK's
    // own mock answers; Discord's answer to a clear is not documented). One Discord refuses is
    // answered with an error and not shown.
    const wrong = activityProblem(args.activity);
    if (wrong) {
      send(1, {cmd, evt: "ERROR", nonce, data: {code: %(payload)d, message: wrong}});
      return;
    }
    seen.activities.push(args.activity);
    answer(cmd, nonce, {type: 0, ...args.activity, name: "Why First?"});
  }
  else send(1, {cmd, evt: "ERROR", nonce, data: {code: %(invalid)d, message: "not here"}});
});
// What Discord refuses in a rich presence (Discord's guide "Using Rich Presence with the Embedded
// App SDK" and the activity object): details and state 2-128 characters; timestamps in Unix
// seconds, as the guide's example and the RPC's SET_ACTIVITY take them (milliseconds are a
// thousand times too late: Discord refuses the activity); party.size [current, max], current
// at most max.
function activityProblem(activity) {
  if (activity === null) return null;
  for (const key of ["details", "state"]) {
    const text = activity[key];
    const fits = text === undefined || (text.length >= 2 && text.length <= 128);
    if (!fits) return `${key}: 2-128 characters`;
  }
  const start = activity.timestamps && activity.timestamps.start;
  const seconds = Number.isInteger(start) && start > 0 && start <= Date.now() / 1000 + 60;
  if (start !== undefined && !seconds) return "timestamps.start: Unix seconds, not in the future";
  const size = activity.party && activity.party.size;
  if (size !== undefined && !(size.length === 2 && 0 < size[0] && size[0] <= size[1])) {
    return "party.size: [current, max]";
  }
  return null;
}
const PARTICIPANTS_UPDATE = "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE";
window.participantsChanged = async () => send(1, {cmd: "DISPATCH", evt: PARTICIPANTS_UPDATE,
  nonce: null, data: await ask("participants", {})});
document.body.append(frame);
</script></body></html>
"""


class DiscordClient:
    """The client of one player at a time: `visit` says whom, and where the table is open."""

    def __init__(self, discord: LoopbackDiscord, table_url: str) -> None:
        self._discord = discord
        self._table_url = table_url
        self._player: Player | None = None
        self._instance_id: str | None = None
        self._refuse_code = False
        self._runner: web.AppRunner | None = None
        self._port: int | None = None

    def visit(
        self,
        player: Player,
        channel: TextChannel,
        *,
        refused_code: bool = False,
        phone: bool = False,
        mobile: bool = False,
    ) -> str:
        """The address that opens the table for `player` in `channel` (who joins the Activity
        running there, as Discord's App Launcher does); with `refused_code`, AUTHORIZE answers
        with a code Discord never issued; with `mobile`, the table opens as in Discord's phone
        app (platform=mobile), filling the window; with `phone`, in a phone-sized frame too."""
        self._player = player
        self._refuse_code = refused_code
        launch = self._discord.world.application.launch(player.user, channel.channel)
        self._instance_id = launch.instance_id
        query = {
            "frame_id": secrets.token_hex(8),
            "instance_id": launch.instance_id,
            "platform": "mobile" if phone or mobile else "desktop",
            "channel_id": str(channel.id),
        }
        if channel.channel.guild is not None:
            query["guild_id"] = str(channel.channel.guild.id)
        outer = {"table": self._table_url + "?" + urlencode(query)} | (
            {"frame": "phone"} if phone else {}
        )
        return f"{ORIGIN}/?{urlencode(outer)}"

    async def serve_in(self, context: BrowserContext) -> None:
        """One browser context reaches this client at ORIGIN while it listens on a port of its
        own (`start(port)`): tests side by side need not take turns on the one port the SDK
        accepts. The browser sees ORIGIN; the answers come from a loopback socket, as they
        would from the port itself."""
        assert self._port is not None, "start the client first"
        own = f"http://127.0.0.1:{self._port}"

        async def redirect(route: Route) -> None:
            await route.continue_(url=own + route.request.url.removeprefix(ORIGIN))

        await context.route(lambda url: url.startswith(ORIGIN + "/"), redirect)

    async def start(self, port: int = PORT) -> None:
        """Listen on `port` (ORIGIN's, for a browser of its own, as `make play` opens)."""
        self._port = port
        app = web.Application()
        app.router.add_get("/", self._page)
        app.router.add_post("/authorize", self._authorize)
        app.router.add_post("/authenticate", self._authenticate)
        app.router.add_post("/participants", self._participants)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + PORT_WAIT_SECONDS
        while True:
            # A site that failed to bind stays registered with its runner: a new one each try.
            site = web.TCPSite(self._runner, "127.0.0.1", port)
            try:
                await site.start()
                return
            except OSError:
                await site.stop()
                if loop.time() > deadline:
                    raise
                await asyncio.sleep(0.5)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    def page(self, table: str) -> str:
        """The client's page, framing the table at `table`."""
        return PAGE % {
            "activity": json.dumps(table),
            "invalid": INVALID_COMMAND,
            "payload": INVALID_PAYLOAD,
        }

    def authorize(self, args: dict[str, Any]) -> dict[str, str]:
        assert self._player is not None
        assert args["response_type"] == "code"
        assert args["scope"] == SCOPES, args["scope"]
        assert args["client_id"] == str(self._discord.bot_user.id)
        code = "never-issued-" + secrets.token_hex(8) if self._refuse_code else None
        return {"code": code or self._player.authorize()}

    async def authenticate(self, args: dict[str, Any]) -> dict[str, Any]:
        """What Discord's client answers: the token's user, scopes and application."""
        access_token = args["access_token"]
        headers = {"Authorization": f"Bearer {access_token}"}
        async with (
            aiohttp.ClientSession() as http,
            http.get(f"{self._discord.api_base}/users/@me", headers=headers) as response,
        ):
            user: dict[str, Any] = await response.json()
        assert response.status == 200, user
        application = {"id": str(self._discord.bot_user.id), "name": "Why First?"}
        return {
            "access_token": access_token,
            "user": user,
            "scopes": SCOPES,
            "expires": "2100-01-01T00:00:00.000Z",
            "application": {**application, "description": "", "icon": None},
        }

    def participants(self) -> dict[str, Any]:
        """Who is in the visited table's instance, as the SDK's participants are described."""
        assert self._instance_id is not None
        instance = self._discord.world.application.instance(self._instance_id)
        users = instance.users if instance is not None else []
        return {"participants": [PARTICIPANT | user.to_json() for user in users]}

    async def participants_changed(self, page: Page) -> None:
        """Discord tells the table who is in its instance now (ACTIVITY_INSTANCE_PARTICIPANTS_
        UPDATE), as after someone opened or closed it."""
        await page.evaluate("window.participantsChanged()")

    async def _page(self, request: web.Request) -> web.Response:
        return web.Response(text=self.page(request.query["table"]), content_type="text/html")

    async def _authorize(self, request: web.Request) -> web.Response:
        return web.json_response(self.authorize(await request.json()))

    async def _participants(self, request: web.Request) -> web.Response:
        return web.json_response(self.participants())

    async def _authenticate(self, request: web.Request) -> web.Response:
        return web.json_response(await self.authenticate(await request.json()))
