"""The requests through an interaction's token that games make most (issue 49): a click's answer,
and edits through a token, sent as JSON straight to Discord's API on discord.py's own session (its
connections, its tracing). discord.py's answer asks for the message back and builds a `Message` of
it, through several layers; nothing here reads an answer back. Discord's 429s and 5xx are waited out
and tried again, as discord.py does; a refusal raises discord.py's exception for it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import aiohttp
import discord
import discord.http
import orjson
import yarl

from bot.ui.replies import ANSWERED

_TYPES = discord.InteractionResponseType
UPDATE, DEFERRED_UPDATE = _TYPES.message_update.value, _TYPES.deferred_message_update.value
DEFERRED_MESSAGE = _TYPES.deferred_channel_message.value
TRIES = 5
Attach = Callable[[], discord.File]
ORIGINAL = "@original"
"""The click's own message in a token's webhook: the clicked message, or the interaction's
response when it answered with a new (ephemeral) message."""


async def answer(interaction: discord.Interaction, kind: int, data: Any = None) -> None:
    """Answer a click (`data`: the redrawn message's text and buttons, for `UPDATE`)."""
    path = f"/interactions/{interaction.id}/{interaction.token}/callback"
    body = {"type": kind} if data is None else {"type": kind, "data": data}
    await send(interaction.followup.session, "POST", path, body)
    interaction.extras[ANSWERED] = True


async def edit_original(interaction: discord.Interaction, data: dict[str, Any]) -> int:
    """Redraw the message a click answered (deferred) or a command's reply: its id."""
    path = message_path(webhook_path(interaction.application_id, interaction.token))
    return int(orjson.loads(await send(interaction.followup.session, "PATCH", path, data))["id"])


def webhook_path(application_id: int | None, token: str) -> str:
    """An interaction's token's webhook: its follow-ups, and edits of its messages."""
    return f"/webhooks/{application_id}/{token}"


def message_path(webhook: str, message_id: int | None = None) -> str:
    """A message of a token's webhook (`webhook_path`): its own (`ORIGINAL`) without an id."""
    return f"{webhook}/messages/{ORIGINAL if message_id is None else message_id}"


async def new_message(
    session: aiohttp.ClientSession, path: str, body: Any, file: Attach | None
) -> tuple[int, int]:
    """A follow-up through a token (`path`: its webhook's); its channel's and its own id."""
    sent = orjson.loads(await send(session, "POST", f"{path}?wait=true", body, file))
    return int(sent["channel_id"]), int(sent["id"])


async def send(
    session: aiohttp.ClientSession, method: str, path: str, body: Any, file: Attach | None = None
) -> bytes:
    """`file` makes the attachment afresh for every attempt (a file is used up once sent)."""
    for attempt in range(TRIES):
        # Ids and URL-safe tokens: nothing for yarl to encode (a tenth of a request's CPU).
        url = yarl.URL(discord.http.Route.BASE + path, encoded=True)
        async with session.request(method, url, **_payload(body, file)) as response:
            data = await response.read()
            if response.status < 300:
                return data
            reason = orjson.loads(data) if data.startswith(b"{") else data.decode()
            if attempt + 1 == TRIES or not (response.status == 429 or response.status >= 500):
                raise _error(response.status)(response, reason)
        pause = reason.get("retry_after", 1) if isinstance(reason, dict) else 1 + attempt * 2
        await asyncio.sleep(float(pause))
    raise AssertionError("unreachable: the last attempt returns or raises")


def _payload(body: Any, file: Attach | None) -> dict[str, Any]:
    if file is None:
        return {"data": orjson.dumps(body), "headers": {"Content-Type": "application/json"}}
    attached = file()
    form = aiohttp.FormData()
    attachments = [{"id": 0, "filename": attached.filename, "description": attached.description}]
    form.add_field("payload_json", orjson.dumps(body | {"attachments": attachments}).decode())
    form.add_field("files[0]", attached.fp, filename=attached.filename)
    return {"data": form}


def _error(status: int) -> type[discord.HTTPException]:
    if status >= 500:
        return discord.DiscordServerError
    return {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
