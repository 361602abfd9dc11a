"""The requests through an interaction's token that games make most (issue 49): a click's
answer, and edits through a token, sent as JSON straight to Discord's API on discord.py's own
session (its connections, its tracing). discord.py's answer asks for the message back and
builds a `Message` of it, through several layers; nothing here reads an answer back.
Discord's 429s and 5xx are waited out and tried again, as discord.py does; a refusal raises
discord.py's exception for it.
"""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import discord
import discord.http
import orjson

from bot.ui.replies import ANSWERED

UPDATE, DEFERRED_UPDATE = 7, 6
"""A click's answer: its message redrawn, or acknowledged (redrawn later through the token)."""
TRIES = 5
JSON = {"Content-Type": "application/json"}


async def answer(interaction: discord.Interaction, kind: int, data: Any = None) -> None:
    """Answer a click (`data`: the redrawn message's text and buttons, for `UPDATE`)."""
    path = f"/interactions/{interaction.id}/{interaction.token}/callback"
    body = {"type": kind} if data is None else {"type": kind, "data": data}
    await send(interaction.followup.session, "POST", path, body)
    interaction.extras[ANSWERED] = True


async def edit_original(interaction: discord.Interaction, data: dict[str, Any]) -> None:
    """Redraw the message a click answered (deferred) or a command's reply."""
    path = f"/webhooks/{interaction.application_id}/{interaction.token}/messages/@original"
    await send(interaction.followup.session, "PATCH", path, data)


async def send(session: aiohttp.ClientSession, method: str, path: str, body: Any) -> None:
    for attempt in range(TRIES):
        async with session.request(
            method, discord.http.Route.BASE + path, data=orjson.dumps(body), headers=JSON
        ) as response:
            data = await response.read()
            if response.status < 300:
                return
            reason = orjson.loads(data) if data.startswith(b"{") else data.decode()
            if attempt + 1 == TRIES or not (response.status == 429 or response.status >= 500):
                raise _error(response.status)(response, reason)
        pause = reason.get("retry_after", 1) if isinstance(reason, dict) else 1 + attempt * 2
        await asyncio.sleep(float(pause))


def _error(status: int) -> type[discord.HTTPException]:
    if status >= 500:
        return discord.DiscordServerError
    return {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
