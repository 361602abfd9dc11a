"""How a message gets where it goes: the one place that chooses between a click's token and a paced
REST request, and the one `deliver` that every part of announce/ sends and edits through.

A click leaves a token that, for 15 minutes, edits the clicked message (or a follow-up the click
sent) and sends follow-ups to its channel without spending Discord's global budget. A REST request
reaches any message the bot may write to, but takes a turn under that budget
(bot/announce/pacing.py). What is known of a message is an `Address`; `choose_route` turns it into
the legs to try now, the free one first (bot/announce/legs.py); `Routes.deliver` tries them in
order, so a token that fails falls back to the paced request in one place.

A new way to reach a message is a new leg in bot/announce/legs.py, and the lines of `choose_route`
here that choose it."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from bot.announce.clicks import Click
from bot.announce.legs import ClickEdit, ClickFollowUp, Delivery, Leg, PacedDm, PacedEdit, PacedPost
from bot.announce.letter import Letter
from bot.announce.outbox import SEND_FAILURES, Outbox
from bot.storage import PlayerId

log = logging.getLogger("whyfirst.announce")


@dataclass(frozen=True)
class Address:
    """What is known of a message, or of where a new one goes."""

    channel_id: int | None = None
    """None: a message known only through its click (an ephemeral one), or a DM not yet opened."""
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


Route = tuple[Leg, ...]
"""The legs to try, in order, until one delivers; none: not reachable now."""


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
    return tuple(legs)


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
    """Chooses and delivers, on the clock of the clicks' tokens (bot/announce/click_book.py)."""

    def __init__(self, outbox: Outbox, monotonic: Callable[[], float]) -> None:
        self._outbox = outbox
        self._monotonic = monotonic

    def route(self, address: Address, *, new: bool = False, spend: Spend = Spend.ALWAYS) -> Route:
        return choose_route(address, self._monotonic(), new=new, spend=spend)

    async def deliver(self, route: Route, letter: Letter) -> Delivery:
        """Along the route's legs until one delivers: what became of the last one tried."""
        delivery = Delivery()
        for leg in route:
            delivery = await leg.carry(self._outbox, letter)
            if delivery.delivered:
                break
        return delivery

    async def find(
        self, address: Address, after: int | None, like: Callable[[str], bool]
    ) -> Delivery:
        """A message the bot already sent there after `after` whose text is `like` the one it
        is about to send, as if sent now: what a process that died before storing what it sent
        left out (read back only when its successor shows what it had stored)."""
        if address.channel_id is None or after is None or not address.rest:
            return Delivery()
        try:
            sent = await self._outbox.sent_after(address.channel_id, after, "read back")
        except SEND_FAILURES:
            return Delivery()
        found = next((message for message in sent if like(message.content)), None)
        return Delivery(delivered=found is not None, sent=found)

    async def read(self, channel_id: int, message_id: int) -> str | None:
        """A message's text, unpaced (only after a restart); None if it cannot be read."""
        try:
            message = await self._outbox.channel(channel_id).fetch_message(message_id)
        except SEND_FAILURES:
            return None
        return message.content
