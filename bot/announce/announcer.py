"""Everything the players see after a committed change, shown in commit order per game.

Each game has a queue; a worker shows its changes one after another: the channel's messages
(bot/announce/channel.py, bot/announce/round_message.py), then the players' controls
(bot/announce/hands.py). Every click play/ notes goes into the one book of clicks
(bot/announce/click_book.py), which says which click reaches a message now. A change that cannot be
shown is logged, and the game's later changes are still shown: a game never stalls on one.

Clicks come first: a change is shown once the clicks being handled when its turn comes have been
answered (at most ANSWERS_FIRST_SECONDS later). Drawing and sending what a change shows is the bot's
heaviest work; when many players click at once, their answers would otherwise wait behind the
stories of the games that moved first.

A change is shown with the click book's mark at its commit: a player who clicked their hand since
then was answered with this change or a newer one (a card chosen, their hand shown), and a redraw of
that hand for this change would undo what their click showed."""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.announce.channel import ChannelPosts
from bot.announce.click_book import ClickBook
from bot.announce.hands import Hands
from bot.announce.outbox import SEND_FAILURES
from bot.announce.round_message import RoundMessages
from bot.messages.table import Table
from bot.play.announcing import Clicked
from bot.play.transition import Change, Ended, Transition
from bot.storage import GameRecord, JsonObject, PlayerId
from bot.ui.in_flight import InFlight

log = logging.getLogger("whyfirst.announce")

ANSWERS_FIRST_SECONDS = 0.25


class Announcer:
    def __init__(
        self,
        book: ClickBook,
        channel: ChannelPosts,
        rounds: RoundMessages,
        hands: Hands,
        clicks: InFlight,
    ) -> None:
        self._book = book
        self._clicks = clicks
        self._channel = channel
        self._rounds = rounds
        self._hands = hands
        self._queues: dict[int, list[tuple[Change, int, bool]]] = {}
        """Per game, its changes still to show, each with the book's mark at its commit and
        whether everyone's controls are drawn again with it."""
        self._workers: dict[int, asyncio.Task[None]] = {}

    # --- the play/ side (bot/play/announcing.py) ---------------------------------------

    def show(self, change: Change, *, everyone: bool = False) -> None:
        game_id = change.game_id
        if isinstance(change, Transition):
            # Noted at once: a "Waiting for" edit or a hand drawn later shows the latest state.
            self._rounds.note(change)
            self._hands.note(change)
        self._queues.setdefault(game_id, []).append((change, self._book.mark(), everyone))
        if game_id not in self._workers:
            self._workers[game_id] = asyncio.create_task(self._drain(game_id))

    async def remind(self, record: GameRecord, missing: tuple[PlayerId, ...]) -> None:
        await self._channel.remind(record, missing)

    def note_click(
        self, game_id: int, player: PlayerId, interaction: discord.Interaction, clicked: Clicked
    ) -> None:
        self._book.note(game_id, player, interaction, clicked)

    def hand_click(self, game_id: int, player: PlayerId) -> JsonObject | None:
        return self._book.hand_click(game_id, player)

    # --- the client's side (bot/client.py) ---------------------------------------------

    def stop_awaiting_clicks(self) -> None:
        self._book.stop_awaiting()

    # --- the queue ---------------------------------------------------------------------

    async def _drain(self, game_id: int) -> None:
        try:
            queue = self._queues[game_id]
            while queue:
                change, mark, everyone = queue.pop(0)
                try:
                    await self._clicks.handled_now(ANSWERS_FIRST_SECONDS)
                    await self._show(change, mark, everyone)
                except SEND_FAILURES as problem:
                    log.warning("game %s: could not show a change: %s", game_id, problem)
                except Exception:
                    log.exception("game %s: showing a change failed", game_id)
        finally:
            self._workers.pop(game_id, None)
            if not self._queues.get(game_id):
                self._queues.pop(game_id, None)

    @property
    def busy(self) -> bool:
        return bool(self._workers)

    async def idle(self) -> None:
        """Wait until every queued change has been shown (at shutdown, and in tests)."""
        while self._workers:
            await asyncio.gather(*self._workers.values(), return_exceptions=True)

    def drop_waiting_edits(self) -> None:
        self._rounds.drop_waiting_edits()

    def _forget(self, game_id: int) -> None:
        self._rounds.forget(game_id)
        self._book.forget(game_id)
        self._hands.forget(game_id)

    # --- showing one change ------------------------------------------------------------

    async def _show(self, change: Change, mark: int, everyone: bool) -> None:
        if isinstance(change, Ended):
            await self._channel.ended(change)
            await self._hands.ended(change)
            self._forget(change.game_id)
            return
        table = Table.of(change.record)
        if change.tells:
            await self._channel.post_reveal(table, change)
        elif change.turn_changed:
            await self._rounds.edit_waiting(table, immediately=True)
        else:
            self._rounds.schedule_waiting_edit(table)
        if change.finished:
            await self._hands.close(table, change, mark)
            self._forget(change.game_id)
        elif change.turn_changed or everyone:
            await self._hands.deal(table, change, mark, everyone=everyone)
        else:
            await self._hands.redraw_actor(table, change, mark)
