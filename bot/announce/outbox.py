"""Every REST request the bot makes on its own (interaction answers aside): each takes a turn
under Discord's global limit (bot/announce/pacing.py) and is tried again when Discord is rate
limiting or failing (bot/announce/retry.py). A message that still cannot be sent is logged:
one failed message never stops a game's later ones."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

import discord

from bot.announce.pacing import RestPacer
from bot.announce.retry import CONNECTION_ERRORS, persist
from bot.messages.round import CONTENT_LIMIT
from bot.ui.replies import NO_PINGS

log = logging.getLogger("whyfirst.announce")
T = TypeVar("T")

SEND_FAILURES = (discord.HTTPException, *CONNECTION_ERRORS)
"""What a request that Discord kept refusing, or that never reached it, raises."""


class Courier(Protocol):
    """The part of discord.py's client that reaches channels and opens DMs."""

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...


class Outbox:
    def __init__(self, courier: Courier, pacer: RestPacer) -> None:
        self._courier = courier
        self._pacer = pacer
        # Each player's DM channel id: discord.py remembers only the latest 128 DM channels,
        # and opening one again costs a request of the global budget.
        self._dm_channels: dict[str, int] = {}

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        return self._courier.get_partial_messageable(channel_id)

    async def deliver(self, make: Callable[[], Awaitable[T]], what: str, spare: bool = False) -> T:
        """`await make()` in its turn, tried again while Discord is limiting or failing.
        `spare` requests (a status line) go only when nothing else waits."""
        return await persist(make, what, self._pacer, spare)

    async def send(
        self,
        channel_id: int,
        content: str,
        mentions: discord.AllowedMentions = NO_PINGS,
        view: discord.ui.View | None = None,
    ) -> discord.Message | None:
        channel = self.channel(channel_id)
        text = content[:CONTENT_LIMIT]
        try:
            return await self.deliver(
                lambda: channel.send(text, allowed_mentions=mentions, view=view),
                f"channel {channel_id}: post",
            )
        except SEND_FAILURES as problem:
            log.warning("channel %s: cannot post: %s", channel_id, problem)
            return None

    async def edit(
        self,
        channel_id: int,
        message_id: int,
        *,
        spare: bool = False,
        content: str | None = None,
        view: discord.ui.View | None = None,
    ) -> None:
        """Edit a message's buttons (`view=None` takes them away), and its text if given."""
        message = self.channel(channel_id).get_partial_message(message_id)
        changes: dict[str, object] = {"view": view, "allowed_mentions": NO_PINGS}
        if content is not None:
            changes["content"] = content[:CONTENT_LIMIT]
        try:
            await self.deliver(
                lambda: message.edit(**changes),  # type: ignore[arg-type]
                f"message {message_id}: edit",
                spare,
            )
        except SEND_FAILURES as problem:
            log.warning("message %s: cannot edit: %s", message_id, problem)

    async def dm_channel(self, player: str, what: str) -> discord.abc.Messageable:
        """The player's DM channel: the one the bot already wrote to, else opened now."""
        channel_id = self._dm_channels.get(player)
        if channel_id is not None:
            return self._courier.get_partial_messageable(
                channel_id, type=discord.ChannelType.private
            )
        dm = await self.deliver(lambda: self._courier.create_dm(discord.Object(int(player))), what)
        self._dm_channels[player] = dm.id
        return dm
