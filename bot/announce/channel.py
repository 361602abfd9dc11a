"""The game in its channel: one new message per reveal (the game log, with a picture of the
track), the "Waiting for" line of the latest one edited in place (once it has stayed the same
for a few seconds, and only when no other request waits), the final result, reminders, and the
notice of a game that ended early. Names never ping, except at the start, in reminders and in
the final result."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import discord

import engine
from bot.announce.channel_clicks import ChannelClicks
from bot.announce.clicks import Click
from bot.announce.letter import Letter
from bot.announce.message_ids import ResultStorage, keep_message_ids
from bot.announce.notices import end_notice
from bot.announce.pacing import Urgency
from bot.announce.routes import Address, Delivery, Routes
from bot.clock import Clock
from bot.i18n import t
from bot.messages.narrate import final_result
from bot.messages.picture import Snapshot, board_for, render_picture
from bot.messages.record import record_file
from bot.messages.round import (
    Story,
    final_view,
    fit,
    picture_caption,
    reminder,
    round_view,
    story_without_waiting_line,
    waiting_line,
)
from bot.messages.table import Table
from bot.options import HandsIn
from bot.play.transition import Ended, Transition
from bot.rating import shown_change
from bot.render import Board
from bot.storage import GameRecord, PlayerId, StorageError, player_id
from bot.ui.replies import NO_PINGS, PINGS
from bot.ui.views import sent_once

log = logging.getLogger("whyfirst.announce")

WAITING_QUIET_SECONDS = 5.0
"""How long who the round waits for must stay the same before the line shows it."""


@dataclass
class ChannelScene:
    """What this process remembers about a game's channel messages (rebuilt after a restart
    from the stored round message id)."""

    latest: Transition
    round_message_id: int | None = None
    round_text: str | None = None
    round_click: Click | None = None
    """The click whose follow-up the round message is (Start, a tactical move): the message
    is edited through it while it is fresh."""
    can_attach: bool = True
    pending_edit: asyncio.Task[None] | None = None
    """The "Waiting for" edit still waiting for the line to stay the same."""
    waiting_edits: set[asyncio.Task[None]] = field(default_factory=set)
    """Every "Waiting for" edit not finished, the one sending its request included."""

    def drop_waiting_edits(self) -> None:
        for task in self.waiting_edits:
            task.cancel()
        self.pending_edit = None

    def round_message(self, channel_id: int) -> Address:
        return Address(channel_id, self.round_message_id, self.round_click)


class ChannelPosts:
    def __init__(
        self,
        routes: Routes,
        clicks: ChannelClicks,
        storage: ResultStorage,
        clock: Clock,
        fallback: Callable[[str], None] = lambda kind: None,
        replay_url: Callable[[str], str] | None = None,
    ) -> None:
        self._routes = routes
        self._clicks = clicks
        self._storage = storage
        self._clock = clock
        self._fallback = fallback
        """Counts a message of a game with the hands in the channel that went by REST."""
        self._replay_url = replay_url
        """A replay token's page, when the bot serves web pages."""
        self._scenes: dict[int, ChannelScene] = {}

    def note(self, transition: Transition) -> None:
        """The game's latest committed transition (the "Waiting for" line shows this one)."""
        stored = transition.record.round_message_id
        scene = self._scenes.get(transition.game_id)
        if scene is None:
            scene = ChannelScene(transition, stored)
            self._scenes[transition.game_id] = scene
        elif stored is not None and stored > (scene.round_message_id or 0):
            # Another process posted a newer round message (message ids grow with time).
            scene.round_message_id, scene.round_text, scene.round_click = stored, None, None
        scene.latest = transition

    def forget(self, game_id: int) -> None:
        scene = self._scenes.pop(game_id, None)
        if scene:
            scene.drop_waiting_edits()

    def drop_waiting_edits(self) -> None:
        """At shutdown: "Waiting for" edits are only a status, and the connection is closing."""
        for scene in self._scenes.values():
            scene.drop_waiting_edits()

    # --- the round messages ------------------------------------------------------------

    async def started(self, table: Table, transition: Transition) -> None:
        variant = t(f"variant.{transition.state.variant.value}", table.locale)
        players = table.mentions(table.players)
        begins = "game.begins_channel" if table.hands is HandsIn.CHANNEL else "game.begins"
        intro = t(begins, table.locale, players=players, variant=variant)
        snapshot = Snapshot(engine.positions(transition.state), {})
        await self.post_round(table, transition, Story((intro,), snapshot, None, None), ping=True)

    async def post_round(
        self, table: Table, transition: Transition, story: Story, ping: bool = False
    ) -> None:
        """A new round message: the story, the picture, the "Waiting for" line."""
        scene = self._scenes[table.game_id]
        scene.drop_waiting_edits()
        state = transition.state
        caption = (picture_caption(table, state, story),)
        board = board_for(table, story.snapshot, caption, story.scoring_space)
        text = "\n".join(story.lines)
        content = fit(text, waiting_line(table, state, transition.record.deadline))
        with sent_once(round_view(table, state)) as view:
            letter = Letter(
                content,
                view,
                mentions=PINGS if ping else NO_PINGS,
                what=f"game {table.game_id}: post in the channel",
            )
            message = await self._post_with_picture(table, letter, board, transition)
        if message is None:
            return
        scene.round_message_id = message.id
        scene.round_text = text
        await keep_message_ids(
            self._storage, table.game_id, {"round_message_id": message.id}, "the round message"
        )

    async def post_final(self, table: Table, transition: Transition, story: Story) -> None:
        """The last reveal, then the result with the game record and a Rematch button."""
        over = next(e for e in transition.events if isinstance(e, engine.GameOver))
        await self.post_round(table, transition, story)
        changes = await self._rating_changes(table.game_id)
        result = "\n".join(final_result(table, transition.state, over, table.locale, changes))
        record = transition.record
        token = record.replay_token
        replay = self._replay_url(token) if self._replay_url and token else None
        with sent_once(final_view(table, replay)) as view:
            letter = Letter(
                result,
                view,
                file=lambda: record_file(record, transition.state, over, table.locale),
                mentions=PINGS,
                what=f"game {table.game_id}: post the result",
            )
            posted = await self._post(table, letter, self._result_click(table))
        if posted.sent is not None:
            await keep_message_ids(
                self._storage, table.game_id, {"result_message_id": posted.sent.id}, "the result"
            )

    async def _rating_changes(self, game_id: int) -> dict[str, float]:
        """Each rated person's change on the shown scale; none if they cannot be read."""
        try:
            changes = await self._storage.rating_changes(game_id)
        except StorageError as problem:
            log.warning("game %s: rating changes not read: %s", game_id, problem)
            return {}
        return {str(player_id(user)): shown_change(change) for user, change in changes.items()}

    async def _post_with_picture(
        self, table: Table, letter: Letter, board: Board, transition: Transition
    ) -> discord.Message | None:
        """The new round message with its picture: the follow-up of the click that made it,
        if it was a click in the channel, else a paced REST request."""
        scene = self._scenes[table.game_id]
        scene.round_click = None
        # Drawn before the request takes its turn, so that it is sent the moment it may go:
        # a picture drawn after the turn would let requests reach Discord later, and more
        # bunched, than the pacer let them go. Drawn while the click that made it answers:
        # only then may it follow up that click.
        picture = await render_picture(board, table.locale)
        await transition.answered()
        click = self._clicks.of(table, transition)
        assert letter.content is not None
        letter = replace(letter, file=picture.file, text_only=fit(letter.content, picture.words))
        address = Address(table.channel_id, click=click, attachments=scene.can_attach)
        posted = await self._post_new(table, address, letter)
        if posted.files_refused:
            scene.can_attach = False
        scene.round_click = posted.click
        return posted.sent

    def _result_click(self, table: Table) -> Click | None:
        """With the hands in the channel, the result follows up the click that ended the
        game, as its last reveal did (or, should that one have no follow-up left, another)."""
        posted = self._scenes[table.game_id].round_click
        if table.hands is not HandsIn.CHANNEL:
            return None
        if posted is not None and self._routes.usable(Click(posted.token)):
            return Click(posted.token)
        return self._clicks.any(table.game_id)

    async def _post(self, table: Table, letter: Letter, click: Click | None = None) -> Delivery:
        """A new message in the channel: a follow-up of `click` while fresh, else by REST."""
        return await self._post_new(table, Address(table.channel_id, click=click), letter)

    async def _post_new(self, table: Table, address: Address, letter: Letter) -> Delivery:
        """A new message: through the address's click while it may follow up, else by REST;
        where only clicks reach the channel, through the next click in it (in game order:
        the game's later messages wait behind this one)."""
        if table.reach.clicks_only:
            address = replace(address, rest=False)
        delivery = await self._routes.deliver(self._routes.route(address, new=True), letter)
        if delivery.by_rest and table.hands is HandsIn.CHANNEL:
            self._fallback("post")
        while not delivery.delivered and table.reach.clicks_only and not letter.droppable:
            click = await self._clicks.next(table.channel_id)
            if click is None:
                log.info("game %s: %s left undelivered", table.game_id, letter.what)
                return delivery
            address = replace(address, click=click)
            delivery = await self._routes.deliver(self._routes.route(address, new=True), letter)
        return delivery

    # --- the "Waiting for" line --------------------------------------------------------

    def schedule_waiting_edit(self, table: Table) -> None:
        """Show who the round waits for once that has stayed the same for a few seconds.

        Picks usually follow each other within seconds, and the reveal replaces the line
        anyway: a line that would be outdated a moment later is not worth a request of the
        global budget. A change restarts the wait; an edit already sending is not stopped.
        """
        scene = self._scenes[table.game_id]
        waiting = scene.pending_edit
        if waiting is not None and not waiting.done():
            waiting.cancel()
        task = scene.pending_edit = asyncio.create_task(self.edit_waiting(table))
        scene.waiting_edits.add(task)
        task.add_done_callback(scene.waiting_edits.discard)

    async def edit_waiting(self, table: Table, immediately: bool = False) -> None:
        scene = self._scenes[table.game_id]
        if not immediately:
            await self._clock.sleep(WAITING_QUIET_SECONDS)
            scene.pending_edit = None
        if scene.round_message_id is None:
            return
        if scene.round_text is None:
            scene.round_text = await self._fetch_story(table.channel_id, scene.round_message_id)
        transition = scene.latest
        content = fit(
            scene.round_text, waiting_line(table, transition.state, transition.record.deadline)
        )
        # Through the click it followed while that is fresh, else a paced REST request (a
        # status: only when nothing else waits, unless the turn changed).
        address = scene.round_message(table.channel_id)
        route = self._routes.route(replace(address, rest=not table.reach.clicks_only))
        urgency = Urgency.PUBLIC if immediately else Urgency.STATUS
        with sent_once(round_view(table, transition.state)) as view:
            letter = Letter(content, view, urgency=urgency, what=f"game {table.game_id}: edit")
            edited = await self._routes.deliver(route, letter)
        if edited.by_rest and table.hands is HandsIn.CHANNEL:
            self._fallback("edit")

    async def _fetch_story(self, channel_id: int, message_id: int) -> str:
        content = await self._routes.read(channel_id, message_id)
        return "" if content is None else story_without_waiting_line(content)

    # --- reminders and early ends ------------------------------------------------------

    async def remind(self, record: GameRecord, missing: tuple[PlayerId, ...]) -> None:
        if record.state is not None:
            table = Table.of(record)
            text = reminder(table, engine.state_from_dict(record.state), missing)
            # Only worth it now: where only clicks reach, none waits for the next one.
            letter = Letter(text, mentions=PINGS, what="a reminder", droppable=True)
            await self._post(table, letter, self._clicks.any(table.game_id))

    async def ended(self, ended: Ended) -> None:
        """Say that the game ended, and take the buttons off its lobby or round message."""
        record = ended.record
        table = Table.of(record)
        notice = Letter(end_notice(ended, table.locale), what=f"game {table.game_id}: the end")
        rest = not table.reach.clicks_only
        if record.lobby_message_id and record.state is None:
            lobby = Address(table.channel_id, record.lobby_message_id, rest=rest)
            await self._routes.deliver(self._routes.route(lobby), notice)
        else:
            await self._post(table, notice, self._clicks.any(table.game_id))
        scene = self._scenes.get(table.game_id)
        message_id = (scene.round_message_id if scene else None) or record.round_message_id
        if message_id and record.state is not None:
            round_message = Address(table.channel_id, message_id, rest=rest)
            await self._routes.deliver(self._routes.route(round_message), Letter(what="buttons"))
