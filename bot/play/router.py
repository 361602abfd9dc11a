"""What each button does: re-check the click against the stored game, act, answer.

Every answer is a short sentence from the catalog; a refusal is ephemeral and changes
nothing. Clicks that commit something are deferred first, so Discord's 3 seconds are never
at risk, and the player is shown the result only after the commit.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import discord

import engine
from bot import storage as store
from bot.i18n import t
from bot.messages.hand import hand_controls
from bot.messages.lobby import lobby_content, lobby_view, started_lobby
from bot.messages.table import Table
from bot.play.service import (
    LOBBY_IDLE_SECONDS,
    Refusal,
    Transition,
    pick_seconds_of,
    utc_now,
)
from bot.ui import custom_ids as ids
from bot.ui.buttons import sent_once

if TYPE_CHECKING:
    from bot.client import WhyFirstClient

log = logging.getLogger("whyfirst.router")

NO_PINGS = discord.AllowedMentions.none()
PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False)
DEADLINE_SLACK = timedelta(milliseconds=50)


async def refuse(interaction: discord.Interaction, key: str, **values: Any) -> None:
    """A short ephemeral sentence; nothing changes."""
    text = t(key, interaction.locale, **values)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


class Router:
    def __init__(self, client: WhyFirstClient) -> None:
        self.client = client
        self._idle_rounds: dict[int, int] = {}
        self._human_in_round: dict[int, bool] = {}

    @property
    def storage(self) -> Any:
        return self.client.storage

    # --- after every commit ------------------------------------------------------------

    def on_transition(self, transition: Transition) -> None:
        """Show the transition, re-arm the game's timer, notice an abandoned game."""
        self.client.announcer.publish(transition)
        record, state = transition.record, transition.state
        game_id = int(record.id)
        if state.phase == engine.Phase.FINISHED:
            self.client.deadlines.cancel(game_id)
            self._forget(game_id)
            return
        if transition.turn_changed and record.deadline is not None:
            half = self.client.settings.seconds(pick_seconds_of(record) / 2)
            self.client.deadlines.arm_turn(game_id, turn_of(state), record.deadline, half)
        self._watch_for_abandonment(transition)

    def _watch_for_abandonment(self, transition: Transition) -> None:
        game_id = int(transition.record.id)
        if transition.actor_id is not None:
            self._human_in_round[game_id] = True
        before, state = transition.before, transition.state
        if before is None or (before.stage, before.round) == (state.stage, state.round):
            return
        if self._human_in_round.pop(game_id, False):
            self._idle_rounds[game_id] = 0
            return
        idle = self._idle_rounds.get(game_id, 0) + 1
        self._idle_rounds[game_id] = idle
        if idle >= engine.ROUNDS:
            self.client.spawn(self.end_game(game_id, "abandoned", "game.abandoned"))

    def resume_watch(
        self, game_id: int, state: engine.GameState, entries: list[dict[str, Any]]
    ) -> None:
        """After a restart: the rounds in a row that nobody played, counted from the log."""
        human_by_turn: dict[tuple[int, int], bool] = {}
        for entry in entries:
            action = entry["action"]
            if "round" not in action:  # a deal
                continue
            turn = (action["stage"], action["round"])
            human_by_turn[turn] = human_by_turn.get(turn, False) or entry["actor_id"] is not None
        self._human_in_round[game_id] = human_by_turn.pop((state.stage, state.round), False)
        idle = 0
        for human in reversed(human_by_turn.values()):
            if human:
                break
            idle += 1
        self._idle_rounds[game_id] = idle

    def _forget(self, game_id: int) -> None:
        self._idle_rounds.pop(game_id, None)
        self._human_in_round.pop(game_id, None)
        self.client.service.forget(game_id)

    async def end_game(self, game_id: int, status: str, key: str) -> bool:
        record = await self.client.service.end(game_id, status)
        if record is None:
            return False
        self.client.deadlines.cancel(game_id)
        self._forget(game_id)
        log.info("game %s %s", game_id, status)
        await self.client.announcer.ended(record, key)
        return True

    # --- timers ------------------------------------------------------------------------

    async def remind(self, game_id: int, stage: int, round_: int, mover: str | None) -> None:
        record = await self.storage.game(game_id)
        if record is None or record.status != "running" or record.state is None:
            return
        state = engine.state_from_dict(record.state)
        if turn_of(state) != (stage, round_, mover):
            return
        missing = engine.public_view(state).waiting_for
        if not missing:
            return
        table = Table.of(record)
        channel = self.client.get_partial_messageable(table.channel_id)
        await self.client.rest.turn()
        try:
            await channel.send(
                t("round.reminder", table.locale, players=table.mentions(missing)),
                allowed_mentions=PINGS,
            )
        except discord.HTTPException as problem:
            log.warning("game %s: cannot remind: %s", game_id, problem)

    async def time_out(self, game_id: int, stage: int, round_: int, mover: str | None) -> None:
        def build(record: Any, state: engine.GameState) -> engine.Action | Refusal:
            # A timer that lost a race with the turn's last action must not time out the next
            # turn of the same round (tactical moves share stage and round).
            if record.deadline is not None and record.deadline > utc_now() + DEADLINE_SLACK:
                return Refusal("refusal.not_due")
            return engine.Timeout(stage, round_, mover)

        outcome = await self.client.service.act(game_id, None, build)
        if isinstance(outcome, Refusal):
            log.info(
                "game %s: timeout of %s/%s not applied (%s)", game_id, stage, round_, outcome.key
            )

    async def close_lobby(self, game_id: int) -> None:
        await self.end_game(game_id, "cancelled", "lobby.expired")

    def touch_lobby(self, game_id: int) -> None:
        deadline = self.client.service.deadline_after(LOBBY_IDLE_SECONDS)
        self.client.deadlines.arm_lobby(game_id, deadline)

    # --- lobby buttons -----------------------------------------------------------------

    async def lobby(self, interaction: discord.Interaction, action: str, game_id: int) -> None:
        record = await self.client.service.current(game_id)
        if record is None:
            await refuse(interaction, "refusal.unknown_game")
            return
        if record.status != "lobby":
            await refuse(interaction, "refusal.lobby_closed")
            return
        if action == "join":
            await self._join(interaction, record)
        elif action == "leave":
            await self._leave(interaction, record)
        elif action == "start":
            await self._start(interaction, record)
        else:
            await self.cancel(interaction, record)

    async def _join(self, interaction: discord.Interaction, record: Any) -> None:
        user = interaction.user
        if record.seat_of(user.id) is not None:
            await refuse(interaction, "refusal.already_seated")
            return
        await interaction.response.defer()
        try:
            # No version check: the transaction itself refuses a full, closed or taken seat, and
            # players joining at the same moment must all get in.
            record = await self.storage.join(
                record.id, user.id, user.display_name, expected_version=None
            )
        except store.AlreadySeated:
            await refuse(interaction, "refusal.already_seated")
            return
        except store.GameFull:
            await refuse(interaction, "refusal.game_full")
            return
        except store.GameConflict:  # the lobby closed or vanished meanwhile
            await refuse(interaction, "refusal.busy")
            return
        await self._lobby_changed(interaction, record)

    async def _leave(self, interaction: discord.Interaction, record: Any) -> None:
        user = interaction.user
        if user.id == record.host_id:
            await refuse(interaction, "refusal.host_cannot_leave")
            return
        if record.seat_of(user.id) is None:
            await refuse(interaction, "refusal.not_seated")
            return
        await interaction.response.defer()
        try:
            record = await self.storage.leave(record.id, user.id, expected_version=None)
        except store.NotSeated:
            await refuse(interaction, "refusal.not_seated")
            return
        except store.GameConflict:  # the lobby closed or vanished meanwhile
            await refuse(interaction, "refusal.busy")
            return
        await self._lobby_changed(interaction, record)

    async def _lobby_changed(self, interaction: discord.Interaction, record: Any) -> None:
        """A player joined or left: remember the lobby as it is now and show it."""
        self.client.service.remember(record)
        self.touch_lobby(record.id)
        with sent_once(lobby_view(record)) as view:
            await interaction.edit_original_response(
                content=lobby_content(record), view=view, allowed_mentions=NO_PINGS
            )

    async def _start(self, interaction: discord.Interaction, record: Any) -> None:
        if interaction.user.id != record.host_id:
            await refuse(interaction, "refusal.host_only")
            return
        # The number of players is checked by the start itself: a Join that was just
        # acknowledged may still be on its way to the database.
        await interaction.response.defer()
        lobby = interaction.message.id if interaction.message is not None else None
        outcome = await self.client.service.start(record.id, interaction.user.id, lobby)
        if isinstance(outcome, Refusal):
            await refuse(interaction, outcome.key)
            return
        if lobby is not None:
            try:
                await interaction.edit_original_response(
                    content=started_lobby(outcome.record), view=None
                )
            except discord.HTTPException as problem:
                log.info("game %s: could not close the lobby: %s", record.id, problem)

    async def cancel(self, interaction: discord.Interaction, record: Any) -> None:
        """Cancel a lobby or running game: the host or a member who may manage the server."""
        permissions = interaction.permissions
        if interaction.user.id != record.host_id and not permissions.manage_guild:
            await refuse(interaction, "refusal.cancel_not_allowed")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        ended = await self.end_game(record.id, "cancelled", "game.cancelled")
        text_key = "cancel.done" if ended else "refusal.game_over"
        await interaction.followup.send(t(text_key, interaction.locale), ephemeral=True)

    # --- private controls --------------------------------------------------------------

    async def _running(
        self, interaction: discord.Interaction, game_id: int
    ) -> tuple[Any, engine.GameState] | None:
        record = await self.client.service.current(game_id)
        if record is None:
            await refuse(interaction, "refusal.unknown_game")
            return None
        if record.status in ("finished", "cancelled", "abandoned"):
            await refuse(interaction, "refusal.game_over")
            return None
        if record.state is None:
            await refuse(interaction, "refusal.not_started")
            return None
        if record.seat_of(interaction.user.id) is None:
            await refuse(interaction, "refusal.not_seated")
            return None
        return record, engine.state_from_dict(record.state)

    async def card(
        self, interaction: discord.Interaction, game_id: int, owner: int, turn: ids.Turn, card: int
    ) -> None:
        if interaction.user.id != owner:
            await refuse(interaction, "refusal.not_your_controls")
            return
        loaded = await self._running(interaction, game_id)
        if loaded is None:
            return
        record, state = loaded
        player = str(owner)
        view = engine.view_for(state, player)
        if (view.stage, view.round) != (turn.stage, turn.round):
            await refuse(interaction, "refusal.old_round")
            return
        if view.phase != engine.Phase.PICKING:
            await refuse(interaction, "refusal.wrong_phase")
            return
        if card not in {held.number for held in view.hand}:
            await refuse(interaction, "refusal.card_not_in_hand")
            return
        if view.variant == engine.Variant.STANDARD and len(view.targets) > 1:
            with hand_controls(
                state,
                Table.of(record),
                player,
                await self._place(record),
                interaction.locale,
                selected=card,
            ) as controls:
                await interaction.response.edit_message(
                    content=controls.content, view=controls.view
                )
            return
        if view.pick is not None and view.pick[0] == card:
            await refuse(interaction, "refusal.already_picked")
            return

        def build(record: Any, state: engine.GameState) -> engine.Action:
            if state.variant == engine.Variant.TACTICAL:
                return engine.ChooseCard(player, turn.stage, turn.round, card)
            return engine.Pick(player, turn.stage, turn.round, card, player)

        await self._commit_private(interaction, game_id, player, build)

    async def pick(
        self,
        interaction: discord.Interaction,
        game_id: int,
        owner: int,
        turn: ids.Turn,
        card: int,
        target: str,
    ) -> None:
        if interaction.user.id != owner:
            await refuse(interaction, "refusal.not_your_controls")
            return
        player = str(owner)

        def build(record: Any, state: engine.GameState) -> engine.Action | Refusal:
            figure = ids.target_figure(state.players, target, engine.LEO)
            if figure is None:
                return Refusal("refusal.unknown_target")
            if player in state.players:
                view = engine.view_for(state, player)
                same_turn = (view.stage, view.round) == (turn.stage, turn.round)
                if same_turn and view.pick == (card, figure):
                    return Refusal("refusal.already_picked")
            return engine.Pick(player, turn.stage, turn.round, card, figure)

        await self._commit_private(interaction, game_id, player, build)

    async def move(
        self, interaction: discord.Interaction, game_id: int, turn: ids.Turn, target: str
    ) -> None:
        player = str(interaction.user.id)

        def build(record: Any, state: engine.GameState) -> engine.Action | Refusal:
            figure = ids.target_figure(state.players, target, engine.LEO)
            if figure is None:
                return Refusal("refusal.unknown_target")
            return engine.MoveFigure(player, turn.stage, turn.round, figure)

        await self._commit_private(interaction, game_id, player, build)

    async def _commit_private(
        self, interaction: discord.Interaction, game_id: int, player: str, build: Any
    ) -> None:
        # Refuse at once when the engine would: only a click that will commit is deferred.
        refusal = await self.client.service.check(game_id, build)
        if refusal is not None:
            await refuse(interaction, refusal.key)
            return
        await interaction.response.defer()
        message = interaction.message
        answered = message.id if message is not None and interaction.guild_id is None else None
        outcome = await self.client.service.act(game_id, interaction.user.id, build, answered)
        if isinstance(outcome, Refusal):
            await refuse(interaction, outcome.key)
            return
        if not _is_private(interaction):
            return
        if interaction.guild_id is None and _ends_stage(outcome):
            # The announcer sends the next stage's hand in a new DM: this one keeps no buttons,
            # so the player never sees two live hands.
            await _strip_buttons(interaction, game_id, player)
            return
        with hand_controls(
            outcome.state,
            Table.of(outcome.record),
            player,
            await self._place(outcome.record),
            interaction.locale,
        ) as controls:
            try:
                await interaction.edit_original_response(
                    content=controls.content, view=controls.view
                )
            except discord.HTTPException as problem:
                log.info("game %s: could not refresh %s's controls: %s", game_id, player, problem)

    async def show_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        loaded = await self._running(interaction, game_id)
        if loaded is None:
            return
        record, state = loaded
        with hand_controls(
            state,
            Table.of(record),
            str(interaction.user.id),
            await self._place(record),
            interaction.locale,
        ) as controls:
            if controls.view is None:
                await interaction.response.send_message(controls.content, ephemeral=True)
            else:
                await interaction.response.send_message(
                    controls.content, view=controls.view, ephemeral=True
                )

    async def _place(self, record: Any) -> Any:
        return await self.client.announcer.place(Table.of(record))

    # --- after the game ----------------------------------------------------------------

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        record = await self.storage.game(game_id)
        if record is None:
            await refuse(interaction, "refusal.unknown_game")
            return
        if record.seat_of(interaction.user.id) is None:
            await refuse(interaction, "refusal.not_seated")
            return
        others = [seat for seat in record.seats if seat.user_id != interaction.user.id]
        await self.client.open_lobby(
            interaction,
            engine.Variant(record.variant),
            pick_seconds_of(record),
            seated=sorted(others, key=lambda seat: seat.seat),
        )

    async def board_page(
        self, interaction: discord.Interaction, metric: str, period: str, page: int
    ) -> None:
        await self.client.standings.show_page(interaction, metric, period, page, edit=True)


def turn_of(state: engine.GameState) -> tuple[int, int, str | None]:
    """The turn a deadline belongs to: stage, round, and the mover in tactical moves."""
    return state.stage, state.round, engine.public_view(state).current_mover


def _ends_stage(transition: Transition) -> bool:
    before, state = transition.before, transition.state
    return state.phase == engine.Phase.FINISHED or (
        before is not None and before.stage != state.stage
    )


async def _strip_buttons(interaction: discord.Interaction, game_id: int, player: str) -> None:
    try:
        await interaction.edit_original_response(view=None)
    except discord.HTTPException as problem:
        log.info("game %s: could not retire %s's controls: %s", game_id, player, problem)


def _is_private(interaction: discord.Interaction) -> bool:
    """A click in a DM or on an ephemeral message: the player's own controls."""
    message = interaction.message
    return interaction.guild_id is None or (message is not None and message.flags.ephemeral)
