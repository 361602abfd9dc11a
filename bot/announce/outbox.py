"""Every request the bot makes to Discord on its own (interaction answers aside).

A REST request takes a turn under Discord's global limit, most urgent first
(bot/announce/pacing.py), and is tried again when Discord is rate limiting or failing
(bot/announce/retry.py). A request through an interaction's token (an edit of the message the
click was on, a follow-up in its channel) is not counted by that limit, and is used wherever a
fresh token exists. A message that still cannot be sent is logged: one failed message never
stops a game's later ones.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

import discord

from bot.announce.pacing import RestPacer, Urgency
from bot.announce.retry import CONNECTION_ERRORS, persist
from bot.i18n import locale_name
from bot.messages.round import CONTENT_LIMIT
from bot.ui.replies import NO_PINGS

log = logging.getLogger("whyfirst.announce")
T = TypeVar("T")
G = TypeVar("G")

SEND_FAILURES = (discord.HTTPException, *CONNECTION_ERRORS)
"""What a request that Discord kept refusing, or that never reached it, raises."""
ORIGINAL = "@original"
# Discord accepts a token for 15 minutes after the click; a minute is kept in hand.
TOKEN_USABLE_SECONDS = 14 * 60


@dataclass(frozen=True)
class Token:
    """A click's interaction token: it edits the message the click was on (the interaction's
    original response) and sends follow-ups to the same channel."""

    value: str
    issued: float
    """time.monotonic() when the click was acknowledged."""
    channel_id: int | None
    message_id: int | None
    """The message the click was on (None for a slash command)."""
    in_dm: bool
    locale: str | None
    """The clicking user's language."""

    @classmethod
    def of(cls, interaction: discord.Interaction) -> Token:
        message = interaction.message
        return cls(
            value=interaction.token,
            issued=time.monotonic(),
            channel_id=interaction.channel_id,
            message_id=message.id if message is not None else None,
            in_dm=interaction.guild_id is None,
            locale=locale_name(interaction.locale),
        )

    def fresh(self) -> bool:
        return time.monotonic() - self.issued < TOKEN_USABLE_SECONDS


class Outbox:
    def __init__(self, client: discord.Client, pacer: RestPacer) -> None:
        # discord.py's client is the transport: its HTTP session, channels and webhooks.
        self._client = client
        self._pacer = pacer
        # Each player's DM channel id: discord.py remembers only the latest 128 DM channels,
        # and opening one again costs a request of the global budget.
        self._dm_channels: dict[str, int] = {}

    @property
    def waiting(self) -> int:
        """REST requests waiting for their turn."""
        return self._pacer.waiting

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        return self._client.get_partial_messageable(channel_id)

    # --- counted by Discord's global limit ---------------------------------------------

    async def deliver(
        self, make: Callable[[], Awaitable[T]], what: str, urgency: Urgency = Urgency.PUBLIC
    ) -> T:
        """`await make()` in its turn, tried again while Discord is limiting or failing."""
        return await persist(make, what, self._pacer, urgency)

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
                lambda: channel.send(text, allowed_mentions=mentions, view=_given(view)),
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
        urgency: Urgency = Urgency.PUBLIC,
        content: str | None = None,
        view: discord.ui.View | None = None,
    ) -> bool:
        """Edit a message's buttons (`view=None` takes them away), and its text if given."""
        message = self.channel(channel_id).get_partial_message(message_id)
        try:
            await self.deliver(
                lambda: message.edit(content=_text(content), view=view, allowed_mentions=NO_PINGS),
                f"message {message_id}: edit",
                urgency,
            )
        except SEND_FAILURES as problem:
            log.warning("message %s: cannot edit: %s", message_id, problem)
            return False
        return True

    async def dm_channel(self, player: str, what: str) -> discord.abc.Messageable:
        """The player's DM channel: the one the bot already wrote to, else opened now."""
        channel_id = self._dm_channels.get(player)
        if channel_id is not None:
            return self._client.get_partial_messageable(
                channel_id, type=discord.ChannelType.private
            )
        dm = await self.deliver(
            lambda: self._client.create_dm(discord.Object(int(player))), what, Urgency.PRIVATE
        )
        self._dm_channels[player] = dm.id
        return dm

    # --- through a click's token (not counted) -----------------------------------------

    async def edit_through(
        self,
        token: Token,
        *,
        message_id: int | None = None,
        content: str | None = None,
        view: discord.ui.View | None = None,
    ) -> bool:
        """Edit the clicked message (or a follow-up of the same click) through the token."""
        webhook = self._webhook(token)
        target = ORIGINAL if message_id is None else message_id
        try:
            await webhook.edit_message(
                # "@original" names the click's own message: discord.py types the id as an
                # int but puts it into the URL as it is.
                target,  # type: ignore[arg-type]
                content=_text(content),
                view=view,
                allowed_mentions=NO_PINGS,
            )
        except SEND_FAILURES as problem:
            log.info("could not edit a message through a click: %s", problem)
            return False
        return True

    async def follow_up(
        self,
        token: Token,
        content: str,
        *,
        view: discord.ui.View | None = None,
        file: discord.File | None = None,
        mentions: discord.AllowedMentions = NO_PINGS,
    ) -> discord.WebhookMessage | None:
        """A new message in the clicked message's channel, through the token."""
        webhook = self._webhook(token)
        try:
            return await webhook.send(
                content[:CONTENT_LIMIT],
                wait=True,
                allowed_mentions=mentions,
                view=_given(view),
                file=_given(file),
            )
        except SEND_FAILURES as problem:
            log.info("could not send a follow-up through a click: %s", problem)
            return None

    def _webhook(self, token: Token) -> discord.Webhook:
        application_id = self._client.application_id
        assert application_id is not None, "the client knows its application once logged in"
        return discord.Webhook.partial(application_id, token.value, client=self._client)


def _text(content: str | None) -> str:
    """The new text of an edit; `discord.utils.MISSING` leaves the text as it is."""
    return discord.utils.MISSING if content is None else content[:CONTENT_LIMIT]


def _given(value: G | None) -> G:
    """`value`, or discord.py's "not given" for a request that leaves it out."""
    return discord.utils.MISSING if value is None else value
