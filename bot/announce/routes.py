"""How a message gets where it goes: the one place that chooses between a click's token and a
paced REST request, and the one `deliver` that every part of announce/ sends and edits through.

A click leaves a token that, for 15 minutes, edits the clicked message (or a follow-up the
click sent) and sends follow-ups to its channel without spending Discord's global budget. A
REST request reaches any message the bot may write to, but takes a turn under that budget
(bot/announce/pacing.py). What is known of a message is an `Address`; `choose_route` turns it
into the legs to try now, the free one first; `Routes.deliver` tries them in order, so a token
that fails falls back to the paced request in one place.

A new way to reach a message is a new leg in this module: a dataclass with its `carry`, and
the lines of `choose_route` that choose it.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Protocol

import discord

from bot.announce.clicks import ORIGINAL, Click, FollowUps, Token
from bot.announce.letter import Letter, edited_text, given, new_text
from bot.announce.outbox import SEND_FAILURES, Outbox
from bot.i18n import locale_name
from bot.storage import PlayerId
from bot.ui.contexts import clicks_only, in_bot_dm

log = logging.getLogger("whyfirst.announce")


@dataclass(frozen=True)
class Address:
    """What is known of a message, or of where a new one goes."""

    channel_id: int | None = None
    """None: a message known only through its click (an ephemeral one), or a DM not yet
    opened."""
    message_id: int | None = None
    """The message itself; for a new message, the one it comes after (a DM hand's last)."""
    click: Click | None = None
    """The latest click on it: its token reaches the message while fresh, if it reaches it."""
    dm_of: PlayerId | None = None
    """The player whose DMs hold it: a new message opens their DM channel if need be."""
    attachments: bool = True
    """False once the channel refused a file: a new message goes without it."""
    rest: bool = True
    """False where only clicks reach the channel (a user install): no paced REST leg."""


class Spend(Enum):
    """When a paced REST request is worth spending on the message."""

    ALWAYS = "always"
    WHILE_CLICKED = "while clicked"
    """Only while its latest click is fresh: its player is at it, even if the click no longer
    reaches it."""


@dataclass(frozen=True)
class Delivery:
    """What became of a message."""

    delivered: bool = False
    sent: discord.Message | None = None
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
class Route:
    """The legs to try, in order, until one delivers; none: not reachable now."""

    legs: tuple[Leg, ...] = ()


def choose_route(
    address: Address, now: float, *, new: bool = False, spend: Spend = Spend.ALWAYS
) -> Route:
    """The way to reach the message now: through its click while the token is fresh and
    reaches it, else (or should the token fail) a paced REST request. `new`: a new message
    in the same place (through the click, a follow-up of it)."""
    click = address.click
    fresh = click is not None and click.token.fresh(now)
    legs: list[Leg] = []
    if click is not None and fresh and _reaches(click, address):
        if not new:
            legs.append(ClickEdit(click))
        elif click.token.may_follow_up:
            legs.append(ClickFollowUp(click.token))
    paced = _paced(address, new) if address.rest else None
    if paced is not None and (spend is Spend.ALWAYS or fresh):
        legs.append(paced)
    return Route(tuple(legs))


def _reaches(click: Click, address: Address) -> bool:
    if address.channel_id is None:
        # Known only through its click, unless it is a DM whose channel is not known yet.
        return address.dm_of is None
    return click.reaches(address.channel_id, address.message_id)


def _paced(address: Address, new: bool) -> Leg | None:
    if new and address.dm_of is not None:
        return PacedDm(address.dm_of)
    if address.channel_id is None:
        return None
    if new:
        return PacedPost(address.channel_id, address.attachments)
    if address.message_id is None:
        return None
    return PacedEdit(address.channel_id, address.message_id)


class Routes:
    """Notes clicks and delivers messages, on one clock for the tokens' freshness."""

    def __init__(self, outbox: Outbox, monotonic: Callable[[], float]) -> None:
        self._outbox = outbox
        self._monotonic = monotonic
        # One count per interaction, however many parts noted its click.
        self._follow_ups: weakref.WeakValueDictionary[str, FollowUps] = (
            weakref.WeakValueDictionary()
        )

    def click(self, interaction: discord.Interaction) -> Click:
        """The click being acknowledged now."""
        message = interaction.message
        token = Token(
            value=interaction.token,
            issued=self._monotonic(),
            channel_id=interaction.channel_id,
            message_id=message.id if message is not None else None,
            in_dm=in_bot_dm(interaction),
            locale=locale_name(interaction.locale),
            limited=clicks_only(interaction),
            follow_ups=self._follow_ups.setdefault(interaction.token, FollowUps()),
        )
        return Click(token)

    def usable(self, click: Click | None) -> bool:
        """Whether the click's token may still send a follow-up."""
        return (
            click is not None
            and click.token.fresh(self._monotonic())
            and (click.token.may_follow_up)
        )

    def route(self, address: Address, *, new: bool = False, spend: Spend = Spend.ALWAYS) -> Route:
        return choose_route(address, self._monotonic(), new=new, spend=spend)

    async def deliver(self, route: Route, letter: Letter) -> Delivery:
        """Along the route's legs until one delivers: what became of the last one tried."""
        delivery = Delivery()
        for leg in route.legs:
            delivery = await leg.carry(self._outbox, letter)
            if delivery.delivered:
                break
        return delivery

    async def read(self, channel_id: int, message_id: int) -> str | None:
        """A message's text, unpaced (only after a restart); None if it cannot be read."""
        try:
            message = await self._outbox.channel(channel_id).fetch_message(message_id)
        except SEND_FAILURES:
            return None
        return message.content


# --- the legs ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ClickEdit:
    """An edit through the token of the click that reaches the message: free."""

    click: Click

    async def carry(self, outbox: Outbox, letter: Letter) -> Delivery:
        webhook = outbox.webhook(self.click.token.value)
        target = ORIGINAL if self.click.message_id is None else self.click.message_id

        async def edit() -> None:
            with letter.drawn() as (content, view):
                await webhook.edit_message(
                    # "@original" names the click's own message: discord.py types the id as an
                    # int but puts it into the URL as it is.
                    target,  # type: ignore[arg-type]
                    content=edited_text(content),
                    view=view,
                    allowed_mentions=letter.mentions,
                )

        delivery = await _attempt(self, letter, edit, free=True)
        return replace(delivery, click=self.click) if delivery.delivered else delivery


@dataclass(frozen=True)
class ClickFollowUp:
    """A new message in the clicked message's channel, through the click's token: free."""

    token: Token

    async def carry(self, outbox: Outbox, letter: Letter) -> Delivery:
        webhook = outbox.webhook(self.token.value)

        async def follow_up() -> discord.Message:
            # Counted when tried: a refused follow-up may have counted at Discord all the same.
            self.token.follow_ups.sent += 1
            with letter.drawn() as (content, view):
                return await webhook.send(
                    new_text(content),
                    wait=True,
                    ephemeral=letter.ephemeral,
                    allowed_mentions=letter.mentions,
                    view=given(view),
                    file=given(letter.file() if letter.file else None),
                )

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
            with letter.drawn() as (content, view):
                await message.edit(
                    content=edited_text(content), view=view, allowed_mentions=letter.mentions
                )

        return await _attempt(self, letter, lambda: outbox.paced(edit, letter.what, letter.urgency))


@dataclass(frozen=True)
class PacedPost:
    """A new message in a channel by REST, in its turn; where the channel refuses files,
    without its file (the letter's `text_only` instead)."""

    channel_id: int
    attachments: bool = True

    async def carry(self, outbox: Outbox, letter: Letter) -> Delivery:
        channel = outbox.channel(self.channel_id)
        with_file = self.attachments and letter.file is not None
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
    make: Callable[[], Awaitable[discord.Message | None]],
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
    with letter.drawn() as (content, view):
        if not with_file and letter.file is not None and letter.text_only is not None:
            content = letter.text_only
        return await channel.send(
            new_text(content),
            file=given(letter.file() if with_file and letter.file else None),
            view=given(view),
            allowed_mentions=letter.mentions,
        )
