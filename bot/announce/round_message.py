"""Each game's latest round message in its channel, and its "Waiting for" line edited in place:
once who the round waits for has stayed the same for a few seconds, and only when no other
request waits (a reveal's new message replaces the line anyway)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.announce.click_book import ClickBook
from bot.announce.legs import Delivery
from bot.announce.letter import Letter
from bot.announce.pacing import Urgency
from bot.announce.routes import Address, Routes
from bot.clock import Clock
from bot.messages.round import story_without_waiting_line, waiting_post
from bot.messages.table import Table
from bot.options import HandsIn
from bot.play.transition import Transition

WAITING_QUIET_SECONDS = 5.0
"""How long who the round waits for must stay the same before the line shows it."""


@dataclass
class RoundMessage:
    """What this process remembers about a game's round message (rebuilt after a restart
    from the stored round message id)."""

    latest: Transition
    """The game's latest committed transition: the "Waiting for" line shows this one."""
    message_id: int | None = None
    story: str | None = None
    """Its text without the "Waiting for" line (None: to be read back from Discord)."""
    can_attach: bool = True
    """False once the channel refused a picture: new round messages go without it."""
    pending_edit: asyncio.Task[None] | None = None
    """The "Waiting for" edit still waiting for the line to stay the same."""
    waiting_edits: set[asyncio.Task[None]] = field(default_factory=set)
    """Every "Waiting for" edit not finished, the one sending its request included."""

    def drop_waiting_edits(self) -> None:
        for task in self.waiting_edits:
            task.cancel()
        self.pending_edit = None


class RoundMessages:
    def __init__(
        self,
        routes: Routes,
        book: ClickBook,
        clock: Clock,
        fallback: Callable[[str], None] = lambda kind: None,
    ) -> None:
        self._routes = routes
        self._book = book
        self._clock = clock
        self._fallback = fallback
        """Counts a message of a game with the hands in the channel that went by REST."""
        self._games: dict[int, RoundMessage] = {}

    def note(self, transition: Transition) -> None:
        """The game's latest committed transition."""
        stored = transition.record.round_message_id
        game = self._games.get(transition.game_id)
        if game is None:
            game = self._games[transition.game_id] = RoundMessage(transition, stored)
        elif stored is not None and stored > (game.message_id or 0):
            # Another process posted a newer round message (message ids grow with time).
            game.message_id, game.story = stored, None
        if game.latest.record.version <= transition.record.version:
            game.latest = transition

    def replacing(self, game_id: int) -> RoundMessage:
        """A new round message is on its way: the old one is edited no more."""
        game = self._games[game_id]
        game.drop_waiting_edits()
        self._book.keep_round(game_id, None)
        return game

    def message_id(self, game_id: int) -> int | None:
        game = self._games.get(game_id)
        return game.message_id if game else None

    def forget(self, game_id: int) -> None:
        game = self._games.pop(game_id, None)
        if game:
            game.drop_waiting_edits()

    def drop_waiting_edits(self) -> None:
        """At shutdown: "Waiting for" edits are only a status, and the connection is closing."""
        for game in self._games.values():
            game.drop_waiting_edits()

    def posted(self, game_id: int, posted: Delivery, story: str) -> dict[str, int | None]:
        """A new round message went (or failed): the line is edited there from now on. The id
        to store with the game."""
        game = self._games[game_id]
        if posted.files_refused:
            game.can_attach = False
        self._book.keep_round(game_id, posted.click)
        if posted.sent is None:
            return {}
        game.message_id, game.story = posted.sent.id, story
        return {"round_message_id": posted.sent.id}

    # --- the "Waiting for" line --------------------------------------------------------

    def schedule_waiting_edit(self, table: Table) -> None:
        """Show who the round waits for once that has stayed the same for a few seconds.

        Picks usually follow each other within seconds, and the reveal replaces the line anyway: a
        line that would be outdated a moment later is not worth a request of the global budget. A
        change restarts the wait; an edit already sending is not stopped."""
        game = self._games[table.game_id]
        waiting = game.pending_edit
        if waiting is not None and not waiting.done():
            waiting.cancel()
        task = game.pending_edit = asyncio.create_task(self.edit_waiting(table))
        game.waiting_edits.add(task)
        task.add_done_callback(game.waiting_edits.discard)

    async def edit_waiting(self, table: Table, immediately: bool = False) -> None:
        game = self._games[table.game_id]
        if not immediately:
            await self._clock.sleep(WAITING_QUIET_SECONDS)
            game.pending_edit = None
        if game.message_id is None:
            return
        if game.story is None:
            content = await self._routes.read(table.channel_id, game.message_id)
            game.story = "" if content is None else story_without_waiting_line(content)
        latest = game.latest
        # Through the click it followed while that is fresh, else a paced REST request (a
        # status: only when nothing else waits, unless the turn changed).
        click = self._book.round_message(table.game_id)
        rest = not table.reach.clicks_only
        address = Address(table.channel_id, game.message_id, click, rest=rest)
        urgency = Urgency.PUBLIC if immediately else Urgency.STATUS
        post = waiting_post(table, latest.state, latest.record.deadline, game.story)
        letter = Letter(post, urgency=urgency, what=f"game {table.game_id}: edit")
        edited = await self._routes.deliver(self._routes.route(address), letter)
        if edited.by_rest and table.hands is HandsIn.CHANNEL:
            self._fallback("edit")
