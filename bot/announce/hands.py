"""Each player's private controls after a commit: their hand by DM, edited in place within a
stage and sent anew at each stage's deal, and the controls they just clicked, redrawn through
that click. A DM that cannot be delivered is said in the channel (by mention), once.

Controls are always drawn from the game's latest committed state, when their request's turn
has come: a hand queued behind Discord's global limit holds no buttons meanwhile, and never
shows a state older than what the player may already have seen.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

import discord

import engine
from bot.announce.outbox import SEND_FAILURES, Outbox
from bot.i18n import locale_name, t
from bot.messages.hand import Directory, Place, hand_controls, place_of
from bot.messages.table import Table
from bot.play.transition import Transition
from bot.ui.replies import PINGS

log = logging.getLogger("whyfirst.announce")
T = TypeVar("T")

DmMessage = tuple[int, int]
"""A DM hand's channel id and message id."""


@dataclass(frozen=True)
class Answer:
    """A player's acknowledged click on their own controls (a DM hand or an ephemeral one)."""

    interaction: discord.Interaction
    channel_id: int | None
    message_id: int | None

    @classmethod
    def of(cls, interaction: discord.Interaction) -> Answer:
        message = interaction.message
        return cls(interaction, interaction.channel_id, message.id if message else None)

    @property
    def in_dm(self) -> bool:
        return self.interaction.guild_id is None

    def dm_message(self) -> DmMessage | None:
        if not self.in_dm or self.channel_id is None or self.message_id is None:
            return None
        return self.channel_id, self.message_id


@dataclass
class HandScene:
    """What this process remembers about a game's private controls."""

    latest: Transition
    dm_messages: dict[str, DmMessage] = field(default_factory=dict)
    closed_dms: set[str] = field(default_factory=set)
    answers: dict[str, Answer] = field(default_factory=dict)


class Hands:
    def __init__(self, outbox: Outbox, directory: Directory) -> None:
        self._outbox = outbox
        self._directory = directory
        self._scenes: dict[int, HandScene] = {}

    def note(self, transition: Transition) -> None:
        scene = self._scenes.get(transition.game_id)
        if scene is None:
            self._scenes[transition.game_id] = HandScene(transition)
        else:
            scene.latest = transition

    def answer_through(self, game_id: int, player: str, interaction: discord.Interaction) -> None:
        scene = self._scenes.get(game_id)
        if scene is not None:
            scene.answers[player] = Answer.of(interaction)

    def forget(self, game_id: int) -> None:
        self._scenes.pop(game_id, None)

    # --- after a commit ----------------------------------------------------------------

    async def deal(self, table: Table, transition: Transition) -> None:
        """A new turn: the controls of everyone it concerns."""
        state = transition.state
        new_stage = any(isinstance(event, engine.StageDealt) for event in transition.events)
        public = engine.public_view(state)
        if public.phase == engine.Phase.MOVING:
            # The mover who just moved sees their buttons go; the next one gets theirs.
            before = transition.before
            previous = engine.public_view(before).current_mover if before else None
            movers = (previous, public.current_mover)
            recipients: tuple[str, ...] = tuple(dict.fromkeys(m for m in movers if m))
        else:
            recipients = state.players
        place = place_of(self._directory, table)
        await asyncio.gather(
            *(self._deal_to(table, transition, player, place, new_stage) for player in recipients)
        )

    async def redraw_actor(self, table: Table, transition: Transition) -> None:
        """A pick within a turn: only the clicker's controls change."""
        answer = self._answer_of_actor(transition)
        if answer is not None:
            place = place_of(self._directory, table)
            await self._redraw(answer, table, str(transition.actor_id), place)

    async def close(self, table: Table, transition: Transition) -> None:
        """The game is over: every player's controls lose their buttons."""
        scene = self._scenes[table.game_id]
        place = place_of(self._directory, table)
        answer = self._answer_of_actor(transition)
        if answer is not None and not answer.in_dm:
            await self._redraw(answer, table, str(transition.actor_id), place)
        for player, (channel_id, message_id) in scene.dm_messages.items():
            with hand_controls(transition.state, table, player, place) as controls:
                content = controls.content
            if answer is not None and answer.dm_message() == (channel_id, message_id):
                await _edit_through(answer, content=content, view=None)
            else:
                await self._outbox.edit(channel_id, message_id, content=content, view=None)

    async def ended(self, game_id: int, notice: str) -> None:
        """The game ended early: every DM hand says so and loses its buttons."""
        scene = self._scenes.get(game_id)
        for channel_id, message_id in scene.dm_messages.values() if scene else ():
            await self._outbox.edit(channel_id, message_id, content=notice, view=None)

    # --- one player --------------------------------------------------------------------

    def _answer_of_actor(self, transition: Transition) -> Answer | None:
        """The click that made this transition, if it was on the player's own controls."""
        if transition.actor_id is None:
            return None
        scene = self._scenes[transition.game_id]
        return scene.answers.get(str(transition.actor_id))

    async def _deal_to(
        self, table: Table, transition: Transition, player: str, place: Place, new_stage: bool
    ) -> None:
        scene = self._scenes[table.game_id]
        answer = scene.answers.get(player) if transition.actor_id == int(player) else None
        if answer is not None and not answer.in_dm:
            await self._redraw(answer, table, player, place)
            answer = None
        if player in scene.closed_dms and not new_stage:
            return
        known = scene.dm_messages.get(player)
        if known is None and answer is not None:
            # After a restart this process learns the DM hand from the player's click on it.
            known = answer.dm_message()
        through_click = answer is not None and known is not None and answer.dm_message() == known
        if known and new_stage:
            # Last stage's controls lose their buttons; the new stage gets a new DM.
            if answer is not None and through_click:
                await _edit_through(answer, view=None)
            else:
                await self._outbox.edit(*known, view=None)
        elif known:
            if answer is not None and through_click:
                await self._redraw(answer, table, player, place)
                scene.dm_messages[player] = known
                return
            if await self._edit_dm(table, player, place, known):
                return
        await self._send_dm(table, player, place)

    async def _edit_dm(self, table: Table, player: str, place: Place, known: DmMessage) -> bool:
        scene = self._scenes[table.game_id]
        message = self._outbox.channel(known[0]).get_partial_message(known[1])
        try:
            await self._outbox.deliver(
                self._drawn(table, player, place, message.edit),
                f"game {table.game_id}: edit {player}'s hand",
            )
        except SEND_FAILURES:
            scene.dm_messages.pop(player, None)
            return False
        scene.dm_messages[player] = known
        return True

    async def _send_dm(self, table: Table, player: str, place: Place) -> None:
        scene = self._scenes[table.game_id]
        what = f"game {table.game_id}: DM {player}"
        try:
            dm = await self._outbox.dm_channel(player, what)
            sent = await self._outbox.deliver(self._drawn(table, player, place, dm.send), what)
        except discord.Forbidden:
            # 50007, or any other refusal to open a DM: the player's DMs are closed to us.
            await self._dms_closed(table, player)
            return
        except SEND_FAILURES as problem:
            # Discord kept failing after our retries: the DMs may well be open, so say only
            # that this hand did not arrive, and try the DM again next stage.
            log.warning("game %s: DM to %s failed: %s", table.game_id, player, problem)
            notice = t("hand.dm_failed", table.locale, player=table.mention(player))
            await self._outbox.send(table.channel_id, notice, PINGS)
            return
        scene.closed_dms.discard(player)
        scene.dm_messages[player] = (sent.channel.id, sent.id)

    def _drawn(
        self,
        table: Table,
        player: str,
        place: Place,
        deliver: Callable[..., Awaitable[T]],
    ) -> Callable[[], Awaitable[T]]:
        """A request that draws the player's controls when its turn has come."""
        scene = self._scenes[table.game_id]

        async def attempt() -> T:
            with hand_controls(scene.latest.state, table, player, place) as controls:
                return await deliver(content=controls.content, view=controls.view)

        return attempt

    async def _redraw(self, answer: Answer, table: Table, player: str, place: Place) -> None:
        state = self._scenes[table.game_id].latest.state
        locale = locale_name(answer.interaction.locale)
        with hand_controls(state, table, player, place, locale) as controls:
            await _edit_through(answer, content=controls.content, view=controls.view)

    async def _dms_closed(self, table: Table, player: str) -> None:
        scene = self._scenes[table.game_id]
        if player in scene.closed_dms:
            return
        scene.closed_dms.add(player)
        notice = t("hand.dms_closed", table.locale, player=table.mention(player))
        await self._outbox.send(table.channel_id, notice, PINGS)


async def _edit_through(answer: Answer, **changes: object) -> None:
    """Edit the clicked message through the click itself (not counted by Discord's limit)."""
    try:
        await answer.interaction.edit_original_response(**changes)  # type: ignore[arg-type]
    except SEND_FAILURES as problem:
        log.info("could not redraw controls through a click: %s", problem)
