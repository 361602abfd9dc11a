"""Everything the players see after a committed transition, posted in order per game.

One new channel message per reveal (the game log); the "Waiting for" line of the current
round message is edited in place, with edits that arrive within a second coalesced. Hands go
out by DM (edited in place within a stage); a closed DM is said in the channel by mention.
Names never ping, except at the start, in reminders and in the final result.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import discord

import engine
from bot.announce.retry import CONNECTION_ERRORS, persist
from bot.i18n import t
from bot.messages.hand import Place, hand_controls
from bot.messages.lobby import started_lobby
from bot.messages.narrate import (
    cards_revealed,
    figure_moved,
    final_result,
    round_revealed,
    stage_scored,
)
from bot.messages.picture import Snapshot, board_for, fold_moves, render_picture
from bot.messages.record import record_file
from bot.messages.table import Table, card_label
from bot.play.service import Transition
from bot.render import describe_board
from bot.ui.buttons import MoveButton, RematchButton, ShowHandButton, sent_once
from bot.ui.custom_ids import Turn, target_code

if TYPE_CHECKING:
    from bot.client import WhyFirstClient

log = logging.getLogger("whyfirst.announce")
T = TypeVar("T")

NO_PINGS = discord.AllowedMentions.none()
PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False)
WAITING_MARK = "⏳"
CONTENT_LIMIT = 2000


@dataclass
class Scene:
    """What this process remembers about a game's messages (rebuilt lazily after a restart)."""

    round_message_id: int | None = None
    round_text: str | None = None
    dm_messages: dict[str, tuple[int, int]] = field(default_factory=dict)
    closed_dms: set[str] = field(default_factory=set)
    can_attach: bool = True
    pending_edit: asyncio.Task[None] | None = None
    """The "Waiting for" edit that has not yet read the game: later changes ride along."""
    waiting_edits: set[asyncio.Task[None]] = field(default_factory=set)
    """Every "Waiting for" edit not finished, the one sending its request included."""
    latest: Transition | None = None

    def drop_waiting_edits(self) -> None:
        for task in self.waiting_edits:
            task.cancel()
        self.pending_edit = None


class Announcer:
    def __init__(self, client: WhyFirstClient) -> None:
        self._client = client
        self._scenes: dict[int, Scene] = {}
        self._queues: dict[int, list[Transition]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        # Each player's DM channel id: discord.py remembers only the latest 128 DM channels,
        # and opening one again costs a request of the global budget.
        self._dm_channels: dict[str, int] = {}

    # --- ordering ----------------------------------------------------------------------

    def publish(self, transition: Transition) -> None:
        """Queue a committed transition; each game's transitions are shown in order."""
        game_id = int(transition.record.id)
        self._queues.setdefault(game_id, []).append(transition)
        self.scene(game_id).latest = transition
        if game_id not in self._workers:
            self._workers[game_id] = asyncio.create_task(self._drain(game_id))

    async def _drain(self, game_id: int) -> None:
        try:
            queue = self._queues[game_id]
            while queue:
                transition = queue.pop(0)
                try:
                    await self._show(transition)
                except (discord.HTTPException, *CONNECTION_ERRORS) as problem:
                    # The next transitions are still shown: a game never stalls on one.
                    log.warning("game %s: could not show a transition: %s", game_id, problem)
                except Exception:
                    log.exception("game %s: showing a transition failed", game_id)
        finally:
            self._workers.pop(game_id, None)
            if not self._queues.get(game_id):
                self._queues.pop(game_id, None)

    @property
    def busy(self) -> bool:
        return bool(self._workers)

    async def idle(self) -> None:
        """Wait until every queued transition has been shown (used at shutdown and by tests)."""
        while self._workers:
            await asyncio.gather(*self._workers.values(), return_exceptions=True)

    def scene(self, game_id: int) -> Scene:
        scene = self._scenes.get(game_id)
        if scene is None:
            scene = self._scenes[game_id] = Scene()
        return scene

    def drop_waiting_edits(self) -> None:
        """At shutdown: "Waiting for" edits are only a status, and the connection is closing."""
        for scene in self._scenes.values():
            scene.drop_waiting_edits()

    def forget(self, game_id: int) -> None:
        scene = self._scenes.pop(game_id, None)
        if scene:
            scene.drop_waiting_edits()

    # --- showing a transition ----------------------------------------------------------

    async def _show(self, transition: Transition) -> None:
        record, state = transition.record, transition.state
        table = Table.of(record)
        scene = self.scene(table.game_id)
        if scene.round_message_id is None:
            scene.round_message_id = record.round_message_id
        if transition.before is None:
            await self._started(table, transition)
            return
        lines, snapshot, highlight = self._story(table, transition)
        finished = state.phase == engine.Phase.FINISHED
        if lines and not finished:
            await self._post_round_message(table, transition, lines, snapshot, highlight)
        elif lines:
            await self._post_final(table, transition, lines, snapshot, highlight)
        elif transition.turn_changed:
            await self._edit_waiting(table, immediately=True)
        else:
            self._schedule_waiting_edit(table)
        if not finished and transition.turn_changed:
            await self._send_hands(table, transition)

    def _story(
        self, table: Table, transition: Transition
    ) -> tuple[list[str], Snapshot, int | None]:
        before = transition.before
        assert before is not None
        snapshot = fold_moves(engine.positions(before), transition.events)
        lines: list[str] = []
        highlight: int | None = None
        for event in transition.events:
            if isinstance(event, engine.RoundRevealed):
                lines += round_revealed(table, event, table.locale)
            elif isinstance(event, engine.CardsRevealed):
                lines += cards_revealed(table, event, table.locale)
            elif isinstance(event, engine.FigureMoved):
                lines += figure_moved(table, event, table.locale)
            elif isinstance(event, engine.StageScored):
                lines += stage_scored(table, event, snapshot.positions, table.locale)
                highlight = event.space
        return lines, snapshot, highlight

    async def _started(self, table: Table, transition: Transition) -> None:
        record = transition.record
        if record.lobby_message_id and record.lobby_message_id != transition.answered_message:
            await self._edit_quietly(
                table.channel_id, record.lobby_message_id, content=started_lobby(record), view=None
            )
        intro = [
            t(
                "game.begins",
                table.locale,
                players=table.mentions(table.players),
                variant=t(f"variant.{transition.state.variant.value}", table.locale),
            )
        ]
        snapshot = Snapshot(engine.positions(transition.state), {})
        await self._post_round_message(table, transition, intro, snapshot, None, ping=True)
        await self._send_hands(table, transition)

    async def _post_round_message(
        self,
        table: Table,
        transition: Transition,
        lines: list[str],
        snapshot: Snapshot,
        highlight: int | None,
        ping: bool = False,
    ) -> None:
        scene = self.scene(table.game_id)
        scene.drop_waiting_edits()
        state = transition.state
        caption = (t("picture.caption", table.locale, stage=state.stage, round=state.round),)
        board = board_for(table, snapshot, caption, highlight)
        story = "\n".join(lines)
        content = _fit(story, self._waiting_line(table, transition))
        with sent_once(self._round_view(table, state)) as view:
            message = await self._send_with_picture(
                table, content, board, view, PINGS if ping else NO_PINGS
            )
        if message is None:
            return
        scene.round_message_id = message.id
        scene.round_text = story
        with contextlib.suppress(Exception):
            await self._client.storage.set_message_ids(table.game_id, round_message_id=message.id)

    def _round_view(self, table: Table, state: engine.GameState) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        public = engine.public_view(state)
        if public.phase == engine.Phase.MOVING and public.current_mover:
            turn = Turn(public.stage, public.round)
            for index, figure in enumerate(public.figures):
                view.add_item(
                    MoveButton(
                        table.game_id,
                        turn,
                        target_code(state.players, figure),
                        label=table.name(figure),
                        row=index // 5,
                    )
                )
        label = t("round.show_hand", table.locale)
        view.add_item(ShowHandButton(table.game_id, label=label, row=2))
        return view

    def _waiting_line(self, table: Table, transition: Transition) -> str:
        state = transition.state
        public = engine.public_view(state)
        if public.phase == engine.Phase.FINISHED:
            return ""
        deadline = transition.record.deadline
        when = f"<t:{int(deadline.timestamp())}:R>" if deadline else ""
        if public.phase == engine.Phase.MOVING and public.current_mover:
            card = dict(public.moves_left).get(public.current_mover)
            return (
                WAITING_MARK
                + " "
                + t(
                    "round.waiting_mover",
                    table.locale,
                    stage=public.stage,
                    round=public.round,
                    mover=table.mention(public.current_mover),
                    card=card_label(card, public.variant) if card else "",
                    deadline=when,
                )
            )
        return (
            WAITING_MARK
            + " "
            + t(
                "round.waiting",
                table.locale,
                stage=public.stage,
                round=public.round,
                players=table.mentions(public.waiting_for),
                deadline=when,
            )
        )

    # --- the "Waiting for" line --------------------------------------------------------

    def _schedule_waiting_edit(self, table: Table) -> None:
        scene = self.scene(table.game_id)
        if scene.pending_edit is None or scene.pending_edit.done():
            task = scene.pending_edit = asyncio.create_task(self._edit_waiting(table))
            scene.waiting_edits.add(task)
            task.add_done_callback(scene.waiting_edits.discard)

    async def _edit_waiting(self, table: Table, immediately: bool = False) -> None:
        scene = self.scene(table.game_id)
        if not immediately:
            await asyncio.sleep(self._client.settings.seconds(1.0))
            scene.pending_edit = None
        transition = scene.latest
        if transition is None or scene.round_message_id is None:
            return
        if scene.round_text is None:
            scene.round_text = await self._fetch_story(table.channel_id, scene.round_message_id)
        content = _fit(scene.round_text, self._waiting_line(table, transition))
        with sent_once(self._round_view(table, transition.state)) as view:
            await self._edit_quietly(
                table.channel_id,
                scene.round_message_id,
                spare=not immediately,
                content=content,
                view=view,
            )

    async def _fetch_story(self, channel_id: int, message_id: int) -> str:
        channel = self._client.get_partial_messageable(channel_id)
        try:
            message = await channel.fetch_message(message_id)
        except (discord.HTTPException, *CONNECTION_ERRORS):
            return ""
        story, _, _ = message.content.rpartition("\n\n" + WAITING_MARK)
        return story

    # --- hands by DM -------------------------------------------------------------------

    async def _send_hands(self, table: Table, transition: Transition) -> None:
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
        place = await self.place(table)
        # The click that made this transition redraws its own message with the new controls.
        answered = {str(transition.actor_id): transition.answered_message}
        await asyncio.gather(
            *(
                self._send_hand(table, state, player, place, new_stage, answered.get(player))
                for player in recipients
            )
        )

    async def place(self, table: Table) -> Place:
        guild = self._client.get_guild(table.guild_id)
        channel = self._client.get_channel(table.channel_id)
        return Place(
            guild=guild.name if guild else str(table.guild_id),
            channel=getattr(channel, "name", None) or str(table.channel_id),
        )

    async def _send_hand(
        self,
        table: Table,
        state: engine.GameState,
        player: str,
        place: Place,
        new_stage: bool,
        answered: int | None = None,
    ) -> None:
        scene = self.scene(table.game_id)
        if player in scene.closed_dms and not new_stage:
            return
        known = scene.dm_messages.get(player)
        redrawn = known is not None and known[1] == answered
        if redrawn and not new_stage:
            return

        def drawn(deliver: Callable[..., Awaitable[T]]) -> Callable[[], Awaitable[T]]:
            # The hand is drawn when the request's turn has come: a hand queued behind
            # Discord's global limit holds no buttons meanwhile.
            async def attempt() -> T:
                with hand_controls(state, table, player, place) as controls:
                    return await deliver(content=controls.content, view=controls.view)

            return attempt

        if known and new_stage:
            # Last stage's controls lose their buttons; the new stage gets a new DM.
            if not redrawn:
                await self._edit_quietly(*known, view=None)
        elif known:
            channel_id, message_id = known
            message = self._client.get_partial_messageable(channel_id).get_partial_message(
                message_id
            )
            try:
                await persist(
                    drawn(message.edit),
                    f"game {table.game_id}: edit {player}'s hand",
                    self._client.rest,
                )
                return
            except (discord.HTTPException, *CONNECTION_ERRORS):
                scene.dm_messages.pop(player, None)
        what = f"game {table.game_id}: DM {player}"
        try:
            dm = await self._dm_channel(player, what)
            sent = await persist(drawn(dm.send), what, self._client.rest)
        except discord.Forbidden:
            # 50007, or any other refusal to open a DM: the player's DMs are closed to us.
            await self._dms_closed(table, player)
            return
        except (discord.HTTPException, *CONNECTION_ERRORS) as problem:
            # Discord kept failing after our retries: the DMs may well be open, so say only
            # that this hand did not arrive, and try the DM again next stage.
            log.warning("game %s: DM to %s failed: %s", table.game_id, player, problem)
            await self._send(
                table.channel_id,
                t("hand.dm_failed", table.locale, player=table.mention(player)),
                mentions=PINGS,
            )
            return
        scene.closed_dms.discard(player)
        scene.dm_messages[player] = (dm.id, sent.id)

    async def _dm_channel(self, player: str, what: str) -> discord.abc.Messageable:
        """The player's DM channel: the one the bot already wrote to, else opened now."""
        channel_id = self._dm_channels.get(player)
        if channel_id is not None:
            return self._client.get_partial_messageable(
                channel_id, type=discord.ChannelType.private
            )
        dm = await persist(
            lambda: self._client.create_dm(discord.Object(int(player))), what, self._client.rest
        )
        self._dm_channels[player] = dm.id
        return dm

    async def _dms_closed(self, table: Table, player: str) -> None:
        scene = self.scene(table.game_id)
        if player in scene.closed_dms:
            return
        scene.closed_dms.add(player)
        await self._send(
            table.channel_id,
            t("hand.dms_closed", table.locale, player=table.mention(player)),
            mentions=PINGS,
        )

    # --- the end -----------------------------------------------------------------------

    async def _post_final(
        self,
        table: Table,
        transition: Transition,
        lines: list[str],
        snapshot: Snapshot,
        highlight: int | None,
    ) -> None:
        over = next(e for e in transition.events if isinstance(e, engine.GameOver))
        await self._post_round_message(table, transition, lines, snapshot, highlight)
        result = "\n".join(final_result(table, transition.state, over, table.locale))
        view = discord.ui.View(timeout=None)
        view.add_item(RematchButton(table.game_id, label=t("final.rematch", table.locale)))
        channel = self._client.get_partial_messageable(table.channel_id)
        with sent_once(view):
            try:
                await persist(
                    lambda: channel.send(
                        result[:CONTENT_LIMIT],
                        file=record_file(transition.record, transition.state, over),
                        view=view,
                        allowed_mentions=PINGS,
                    ),
                    f"game {table.game_id}: post the result",
                    self._client.rest,
                )
            except discord.Forbidden:
                await self._send(table.channel_id, result, mentions=PINGS, view=view)
            except (discord.HTTPException, *CONNECTION_ERRORS) as problem:
                log.warning("game %s: cannot post the result: %s", table.game_id, problem)
        await self._close_hands(table, transition.state)
        self.forget(table.game_id)

    async def _close_hands(self, table: Table, state: engine.GameState) -> None:
        """Take the buttons off the players' DMs: the game is over."""
        scene = self.scene(table.game_id)
        place = await self.place(table)
        for player, (channel_id, message_id) in scene.dm_messages.items():
            with hand_controls(state, table, player, place) as controls:
                content = controls.content
            await self._edit_quietly(channel_id, message_id, content=content, view=None)

    async def ended(self, record: Any, key: str) -> None:
        """A game was cancelled or abandoned: say so, and take the buttons away."""
        table = Table.of(record)
        worker = self._workers.get(table.game_id)
        if worker is not None and worker is not asyncio.current_task():
            # What was already committed is shown first, then the end.
            await asyncio.gather(worker, return_exceptions=True)
        scene = self._scenes.get(table.game_id)
        if record.lobby_message_id and record.state is None:
            await self._edit_quietly(
                table.channel_id, record.lobby_message_id, content=t(key, table.locale), view=None
            )
        else:
            await self._send(table.channel_id, t(key, table.locale))
        message_id = (scene.round_message_id if scene else None) or record.round_message_id
        if message_id and record.state is not None:
            await self._edit_quietly(table.channel_id, message_id, view=None)
        for channel_id, dm_id in scene.dm_messages.values() if scene else ():
            await self._edit_quietly(channel_id, dm_id, content=t(key, table.locale), view=None)
        self.forget(table.game_id)

    # --- sending -----------------------------------------------------------------------

    async def _send_with_picture(
        self,
        table: Table,
        content: str,
        board: Any,
        view: discord.ui.View,
        mentions: discord.AllowedMentions,
    ) -> discord.Message | None:
        scene = self.scene(table.game_id)
        channel = self._client.get_partial_messageable(table.channel_id)
        what = f"game {table.game_id}: post in the channel"

        async def post() -> discord.Message:
            # Drawn when the request's turn has come: a reveal queued behind Discord's global
            # limit holds its board, not the picture.
            picture = await render_picture(board, table.locale)
            return await channel.send(
                content, file=picture.file(), view=view, allowed_mentions=mentions
            )

        if scene.can_attach:
            try:
                return await persist(post, what, self._client.rest)
            except discord.Forbidden:
                scene.can_attach = False
            except (discord.HTTPException, *CONNECTION_ERRORS) as problem:
                log.warning("%s: %s", what, problem)
                return None
        fallback = _fit(content, describe_board(board, table.locale))
        try:
            return await persist(
                lambda: channel.send(fallback, view=view, allowed_mentions=mentions),
                what,
                self._client.rest,
            )
        except (discord.HTTPException, *CONNECTION_ERRORS) as problem:
            log.warning("%s: %s", what, problem)
            return None

    async def _send(
        self,
        channel_id: int,
        content: str,
        mentions: discord.AllowedMentions = NO_PINGS,
        view: discord.ui.View | None = None,
    ) -> None:
        channel = self._client.get_partial_messageable(channel_id)
        text = content[:CONTENT_LIMIT]
        extra: dict[str, Any] = {} if view is None else {"view": view}
        try:
            await persist(
                lambda: channel.send(text, allowed_mentions=mentions, **extra),
                f"channel {channel_id}: post",
                self._client.rest,
            )
        except (discord.HTTPException, *CONNECTION_ERRORS) as problem:
            log.warning("channel %s: cannot post: %s", channel_id, problem)

    async def _edit_quietly(
        self, channel_id: int, message_id: int, spare: bool = False, **changes: Any
    ) -> None:
        message = self._client.get_partial_messageable(channel_id).get_partial_message(message_id)
        if "content" in changes:
            changes["content"] = changes["content"][:CONTENT_LIMIT]
        try:
            await persist(
                lambda: message.edit(allowed_mentions=NO_PINGS, **changes),
                f"message {message_id}: edit",
                self._client.rest,
                spare,
            )
        except (discord.HTTPException, *CONNECTION_ERRORS) as problem:
            log.warning("message %s: cannot edit: %s", message_id, problem)


def _fit(story: str, tail: str) -> str:
    """The story and the tail (a status line) within Discord's 2000 characters."""
    if not tail:
        return story[:CONTENT_LIMIT]
    room = CONTENT_LIMIT - len(tail) - 2
    if len(story) > room:
        story = story[: max(room - 1, 0)] + "…"
    return f"{story}\n\n{tail}" if story else tail
