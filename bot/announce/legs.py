"""The ways a message is carried: through a click's token (free) or by a paced REST request
(a turn under Discord's global limit). Each leg logs and returns a failure, never raises it;
bot/announce/routes.py chooses which legs to try, in which order."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Protocol

import discord

from bot.announce.clicks import Click, Token
from bot.announce.letter import Letter, edited_text, given, new_text
from bot.announce.outbox import SEND_FAILURES, Outbox
from bot.storage import PlayerId
from bot.ui import tokens

log = logging.getLogger("whyfirst.announce")
EPHEMERAL = discord.MessageFlags(ephemeral=True).value


@dataclass(frozen=True)
class Delivery:
    """What became of a message."""

    delivered: bool = False
    sent: discord.Message | discord.PartialMessage | None = None
    """The new message (None for an edit)."""
    click: Click | None = None
    """The click through which the message can be edited now (None: only REST reaches it)."""
    refused: bool = False
    """Discord refused the last way tried (403: DMs closed, a permission missing)."""
    files_refused: bool = False
    """The channel refused the message's file; it went (or failed) without it."""
    by_rest: bool = False
    """It went by a paced REST request (not through a click's token)."""


class Leg(Protocol):
    """One way to carry a message; a failure is logged and returned, never raised."""

    async def carry(self, outbox: Outbox, letter: Letter) -> Delivery: ...


@dataclass(frozen=True)
class ClickEdit:
    """An edit through the token of the click that reaches the message: free."""

    click: Click

    async def carry(self, outbox: Outbox, letter: Letter) -> Delivery:
        session, webhook = outbox.webhook(self.click.token.value)
        path = tokens.message_path(webhook, self.click.message_id)

        async def edit() -> None:
            await tokens.send(session, "PATCH", path, letter.drawn().body())

        delivery = await _attempt(self, letter, edit, free=True)
        return replace(delivery, click=self.click) if delivery.delivered else delivery


@dataclass(frozen=True)
class ClickFollowUp:
    """A new message in the clicked message's channel, through the click's token: free."""

    token: Token

    async def carry(self, outbox: Outbox, letter: Letter) -> Delivery:
        session, webhook = outbox.webhook(self.token.value)

        async def follow_up() -> discord.PartialMessage:
            # Counted when tried: a refused follow-up may have counted at Discord all the same.
            self.token.follow_ups.sent += 1
            post = letter.drawn()
            body = post.body() | ({"flags": EPHEMERAL} if letter.ephemeral else {})
            sent = await tokens.new_message(session, webhook, body, post.file)
            return outbox.channel(sent[0]).get_partial_message(sent[1])

        delivery = await _attempt(self, letter, follow_up, free=True)
        if delivery.sent is None:
            return delivery
        return replace(delivery, click=Click(self.token, delivery.sent.id))


@dataclass(frozen=True)
class PacedEdit:
    """A REST edit of a message, in its turn."""

    channel_id: int
    message_id: int

    async def carry(self, outbox: Outbox, letter: Letter) -> Delivery:
        message = outbox.channel(self.channel_id).get_partial_message(self.message_id)

        async def edit() -> None:
            post = await letter.drawn_in_turn()
            content = edited_text(post.content)
            await message.edit(content=content, view=post.view, allowed_mentions=post.mentions)

        return await _attempt(self, letter, lambda: outbox.paced(edit, letter.what, letter.urgency))


@dataclass(frozen=True)
class PacedPost:
    """A new message in a channel by REST, in its turn; where the channel refuses files,
    without its file (the letter's `text_only` instead)."""

    channel_id: int
    attachments: bool = True

    async def carry(self, outbox: Outbox, letter: Letter) -> Delivery:
        channel = outbox.channel(self.channel_id)
        with_file = self.attachments and letter.post.file is not None
        delivery = await _attempt(
            self,
            letter,
            lambda: outbox.paced(
                lambda: _send(channel, letter, with_file), letter.what, letter.urgency
            ),
        )
        if not (with_file and delivery.refused):
            return delivery
        without = await PacedPost(self.channel_id, attachments=False).carry(outbox, letter)
        return replace(without, files_refused=True)


@dataclass(frozen=True)
class PacedDm:
    """A new message in a player's DMs by REST, in its turn (opening the DM channel first,
    in a turn of its own, if this process has not written to it yet)."""

    player: PlayerId

    async def carry(self, outbox: Outbox, letter: Letter) -> Delivery:
        async def send() -> discord.Message:
            channel = await outbox.dm_channel(self.player, letter.what)
            return await outbox.paced(
                lambda: _send(channel, letter, with_file=True), letter.what, letter.urgency
            )

        return await _attempt(self, letter, send)


async def _attempt(
    leg: Leg,
    letter: Letter,
    make: Callable[[], Awaitable[discord.Message | discord.PartialMessage | None]],
    free: bool = False,
) -> Delivery:
    """`make()`'s outcome; a failure is logged (a free leg's quietly: a paced one follows)."""
    try:
        sent = await make()
    except SEND_FAILURES as problem:
        level = logging.INFO if free else logging.WARNING
        log.log(level, "%s (%s): %s", letter.what, type(leg).__name__, problem)
        return Delivery(refused=isinstance(problem, discord.Forbidden))
    return Delivery(delivered=True, sent=sent, by_rest=not free)


async def _send(
    channel: discord.abc.Messageable, letter: Letter, with_file: bool
) -> discord.Message:
    post = await letter.drawn_in_turn()
    content = post.content
    if not with_file and post.file is not None and post.text_only is not None:
        content = post.text_only
    return await channel.send(
        new_text(content),
        file=given(post.file() if with_file and post.file else None),
        view=given(post.view),
        allowed_mentions=post.mentions,
        # A random one unless named: discord.py's own default, which its types do not admit.
        nonce=letter.nonce or secrets.randbits(64),
    )
