"""The transport under every request the bot makes to Discord on its own (interaction answers
aside): discord.py's client, and the pacer every REST request takes a turn in.

A REST request takes a turn under Discord's global limit, most urgent first
(bot/announce/pacing.py), and is tried again when Discord is rate limiting or failing
(bot/announce/retry.py). A request through an interaction's token is not counted by that limit.
Which of the two a message takes is decided in bot/announce/routes.py, not here."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

import aiohttp
import discord

from bot.announce.pacing import RestPacer, Urgency
from bot.announce.retry import CONNECTION_ERRORS, persist
from bot.storage import PlayerId, user_id_of
from bot.ui import tokens

T = TypeVar("T")

SEND_FAILURES = (discord.HTTPException, *CONNECTION_ERRORS)
"""What a request that Discord kept refusing, or that never reached it, raises."""


class Outbox:
    def __init__(self, client: discord.Client, pacer: RestPacer) -> None:
        # discord.py's client is the transport: its HTTP session, channels and webhooks.
        self._client = client
        self._pacer = pacer
        # Each player's DM channel id: discord.py remembers only the latest 128 DM channels,
        # and opening one again costs a request of the global budget.
        self._dm_channels: dict[str, int] = {}

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        return self._client.get_partial_messageable(channel_id)

    async def paced(
        self, make: Callable[[], Awaitable[T]], what: str, urgency: Urgency = Urgency.PUBLIC
    ) -> T:
        """`await make()` in its turn, tried again while Discord is limiting or failing."""
        return await persist(make, what, self._pacer, urgency)

    async def dm_channel(self, player: PlayerId, what: str) -> discord.abc.Messageable:
        """The player's DM channel: the one the bot already wrote to, else opened now."""
        channel_id = self._dm_channels.get(player)
        if channel_id is not None:
            return self._client.get_partial_messageable(
                channel_id, type=discord.ChannelType.private
            )
        dm = await self.paced(
            lambda: self._client.create_dm(discord.Object(user_id_of(player))),
            what,
            Urgency.PRIVATE,
        )
        self._dm_channels[player] = dm.id
        return dm

    async def sent_after(self, channel_id: int, after: int, what: str) -> list[discord.Message]:
        """The bot's own messages in the channel just after message `after`, oldest first."""
        channel = self.channel(channel_id)

        async def read() -> list[discord.Message]:
            later = channel.history(limit=25, after=discord.Object(after), oldest_first=True)
            return [message async for message in later]

        me = self._client.user
        messages = await self.paced(read, what)
        return [message for message in messages if me is not None and message.author.id == me.id]

    def forget_dm_channel(self, player: PlayerId) -> None:
        """The player was erased: their DM channel is no longer remembered either."""
        self._dm_channels.pop(player, None)

    def webhook(self, token: str) -> tuple[aiohttp.ClientSession, str]:
        """discord.py's session and the path of an interaction's token's webhook, through
        which requests are not counted by the global limit (bot/ui/tokens.py)."""
        application_id = self._client.application_id or 0
        webhook = discord.Webhook.partial(application_id, token, client=self._client)
        return webhook.session, tokens.webhook_path(application_id, token)
