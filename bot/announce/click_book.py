"""The one book of clicks: every click's token that may carry a game's messages, and which of them
reaches a message now.

A click leaves a token that, for 15 minutes, edits the clicked message (or a follow-up the click
sent) and sends follow-ups to its channel without spending Discord's global budget
(bot/announce/clicks.py). The book keeps each player's latest click per spot of a game, and the
click through which the game's round message can be edited (the follow-up it is); where only clicks
reach a channel, a message that is due there waits for the next click of anyone."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from datetime import datetime
from enum import Enum
from typing import Protocol

import discord

from bot.announce.clicks import Click, FollowUps, Token
from bot.i18n import locale_name
from bot.messages.table import Table
from bot.options import HandsIn
from bot.play.announcing import Clicked
from bot.play.transition import Transition
from bot.storage import JsonObject, PlayerId, player_id
from bot.storage.timefmt import moment_from_db
from bot.ui.contexts import clicks_only, in_bot_dm
from bot.ui.replies import answered

CLICK_WAIT_SECONDS = 24 * 3600.0
"""Where only clicks reach the channel, how long a due message waits for one to carry it."""


class ClickLog(Protocol):
    async def clicks(self, game_id: int) -> list[tuple[int, int, JsonObject, str]]:
        """The clicks logged with a game's seats and changes, oldest first: who, at what
        version, the click, when."""


class Spot(Enum):
    """Where a player's click is kept, by what its token carries."""

    CHANNEL = "channel"
    """Their latest click in the game's channel (Start, a tactical move, their hand there,
    Show my hand): the message their change brings follows it up, and, with the hands in the
    channel, so may a message that no click made (a deadline's reveal)."""
    HAND = "hand"
    """Their ephemeral hand (Show my hand, a click on one, or the one it sent): redrawn
    through it."""
    DM = "dm"
    """Their DM hand (a click on it, or the follow-up it sent): redrawn through it, and the
    next stage's hand is its follow-up."""
    SEAT = "seat"
    """Their click that seated them or started the game (/whyfirst start, Join, Start): with
    the hands in the channel, a new hand of theirs is its ephemeral follow-up."""


def spots_of(clicked: Clicked, in_dm: bool) -> tuple[Spot, ...]:
    if clicked is Clicked.HAND:
        return (Spot.DM,) if in_dm else (Spot.HAND, Spot.CHANNEL)
    if clicked is Clicked.LOBBY:
        return (Spot.SEAT,)
    if clicked is Clicked.START:
        return (Spot.CHANNEL, Spot.SEAT)
    return (Spot.CHANNEL,)


class ClickBook:
    def __init__(self, monotonic: Callable[[], float]) -> None:
        self._monotonic = monotonic
        """The clock of the tokens' freshness (the one `Routes` chooses by)."""
        self._clicks: dict[int, dict[tuple[PlayerId, Spot], Click]] = {}
        self._rounds: dict[int, Click | None] = {}
        """Per game, the click through which its round message can be edited."""
        # One count per interaction, however many spots keep its click.
        self._follow_ups: weakref.WeakValueDictionary[str, FollowUps] = (
            weakref.WeakValueDictionary()
        )
        self._awaiting: dict[int, asyncio.Future[Click | None]] = {}
        """Per channel where only clicks reach: a due message waiting for the next click."""
        self._noted = 0
        """How many clicks were noted (each click's `noted` is its number)."""

    # --- what is kept ------------------------------------------------------------------

    def note(
        self, game_id: int, player: PlayerId, interaction: discord.Interaction, clicked: Clicked
    ) -> Click:
        """A click being acknowledged now, kept at every spot its token may carry from."""
        self._noted += 1
        click = self._click(interaction, noted=self._noted)
        clicks = self._clicks.setdefault(game_id, {})
        for spot in spots_of(clicked, click.token.in_dm):
            clicks[player, spot] = click
        return click

    def keep(self, game_id: int, player: PlayerId, spot: Spot, click: Click) -> None:
        """The click that reaches the player's message there now (the follow-up it sent)."""
        self._clicks.setdefault(game_id, {})[player, spot] = click

    def keep_round(self, game_id: int, click: Click | None) -> None:
        """The click whose follow-up the game's new round message is (None: posted by REST)."""
        self._rounds[game_id] = click

    def forget(self, game_id: int) -> None:
        self._clicks.pop(game_id, None)
        self._rounds.pop(game_id, None)

    def restore(self, game_id: int, player: PlayerId, logged: JsonObject, age: float) -> None:
        """A click logged with a change `age` seconds ago (`logged_click`), kept where this
        process knows none of the player's: a process that restarted or took the game over
        reaches their hand through it while it is fresh."""
        token = Token(
            value=str(logged["token"]),
            issued=self._monotonic() - age,
            channel_id=_number(logged["channel"]),
            message_id=_number(logged["message"]),
            in_dm=bool(logged["dm"]),
            locale=str(logged["locale"]) if logged["locale"] else None,
            limited=bool(logged["limited"]),
            follow_ups=self._follow_ups.setdefault(str(logged["token"]), FollowUps()),
        )
        clicks = self._clicks.setdefault(game_id, {})
        for spot in spots_of(Clicked(logged["clicked"]), token.in_dm):
            clicks.setdefault((player, spot), Click(token))

    def hand_click(self, game_id: int, player: PlayerId) -> JsonObject | None:
        """The player's latest click on their ephemeral hand, as `logged_click` logs one: a
        click is noted here once answered, so its token lives."""
        click = self.latest(game_id, player, Spot.HAND)
        if click is None:
            return None
        token = click.token
        return {
            "token": token.value,
            "channel": token.channel_id,
            "message": click.message_id or token.message_id,
            "dm": token.in_dm,
            "locale": token.locale,
            "limited": token.limited,
            "clicked": Clicked.HAND.value,
        }

    def _click(self, interaction: discord.Interaction, noted: int = 0) -> Click:
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
        return Click(token, noted=noted)

    # --- which click reaches a message now ---------------------------------------------

    def latest(self, game_id: int, player: PlayerId, spot: Spot) -> Click | None:
        return self._clicks.get(game_id, {}).get((player, spot))

    def mark(self) -> int:
        """Where the book stands now: the clicks noted from now on are later than it."""
        return self._noted

    def clicked_since(self, game_id: int, player: PlayerId, spot: Spot, mark: int) -> bool:
        """Whether the player's latest click there was noted after `mark`."""
        click = self.latest(game_id, player, spot)
        return click is not None and click.noted > mark

    def players(self, game_id: int) -> tuple[PlayerId, ...]:
        """Everyone with a click kept in the game, in the order they first clicked."""
        return tuple(dict.fromkeys(player for player, _ in self._clicks.get(game_id, {})))

    def round_message(self, game_id: int) -> Click | None:
        return self._rounds.get(game_id)

    def usable(self, click: Click | None) -> bool:
        """Whether the click's token may still send a follow-up."""
        return (
            click is not None and click.token.fresh(self._monotonic()) and click.token.may_follow_up
        )

    def of_change(self, table: Table, transition: Transition) -> Click | None:
        """The channel click that made this change (used up by the message it brings); with the
        hands in the channel, else anyone's that may still follow up (a deadline's reveal)."""
        clicks = self._clicks.get(table.game_id, {})
        actor = transition.actor_id
        own = clicks.pop((player_id(actor), Spot.CHANNEL), None) if actor is not None else None
        if table.hands is not HandsIn.CHANNEL or self.usable(own):
            return own
        return self.anyone(table.game_id)

    def of_result(self, table: Table) -> Click | None:
        """With the hands in the channel, the result follows up the click that ended the
        game, as its last reveal did (or, should that one have no follow-up left, another)."""
        if table.hands is not HandsIn.CHANNEL:
            return None
        posted = self._rounds.get(table.game_id)
        if posted is not None and self.usable(Click(posted.token)):
            return Click(posted.token)
        return self.anyone(table.game_id)

    def anyone(self, game_id: int) -> Click | None:
        """The latest click in the game's channel that may still follow up."""
        clicks = self._clicks.get(game_id, {})
        usable = [c for (_, spot), c in clicks.items() if spot is Spot.CHANNEL and self.usable(c)]
        return max(usable, key=lambda click: click.token.issued, default=None)

    # --- where only clicks reach the channel -------------------------------------------

    async def next(self, channel_id: int) -> Click | None:
        """The next answered interaction in the channel, or None after a day or at shutdown."""
        awaiting = self._awaiting[channel_id] = asyncio.get_running_loop().create_future()
        try:
            return await asyncio.wait_for(awaiting, CLICK_WAIT_SECONDS)
        except TimeoutError:
            return None
        finally:
            if self._awaiting.get(channel_id) is awaiting:
                del self._awaiting[channel_id]

    def carry_due(self, interaction: discord.Interaction) -> None:
        """Any answered interaction in a channel where a due message waits for a click (a
        pick, Show my hand, a refused click, a command): it carries the message."""
        channel_id = interaction.channel_id
        awaiting = self._awaiting.get(channel_id) if channel_id is not None else None
        if awaiting is not None and not awaiting.done() and answered(interaction):
            awaiting.set_result(self._click(interaction))

    def stop_awaiting(self) -> None:
        """At shutdown: what still waits for a click is left to the game's next change."""
        for awaiting in self._awaiting.values():
            if not awaiting.done():
                awaiting.set_result(None)


def logged_click(interaction: discord.Interaction, clicked: Clicked) -> JsonObject:
    """What is logged of a click, answered already, with the change it makes
    (`ClickBook.restore`)."""
    message = interaction.message
    return {
        "token": interaction.token,
        "channel": interaction.channel_id,
        "message": message.id if message is not None else None,
        "dm": in_bot_dm(interaction),
        "locale": locale_name(interaction.locale),
        "limited": clicks_only(interaction),
        "clicked": clicked.value,
    }


async def restore_logged(book: ClickBook, log: ClickLog, game_id: int, now: datetime) -> None:
    """The clicks logged with a game's changes and seats, put back in the book where it knows
    none of their players', newest first: a player's latest wins."""
    for actor, _, click, at in reversed(await log.clicks(game_id)):
        age = (now - moment_from_db(at)).total_seconds()
        book.restore(game_id, player_id(actor), click, age)


def _number(value: object) -> int | None:
    return value if isinstance(value, int) else None
