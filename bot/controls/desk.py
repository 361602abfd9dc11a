"""A player's private controls in a running game: a card, a target, a tactical move, and "Show my
hand".

A click is judged once by the engine (from the game as this process last saw it); a refusal is
answered at once, ephemerally, and changes nothing. A click that will commit is answered with the
hand it leaves once durable (hands in the channel), or acknowledged at once and its hand redrawn
through it once durable (a DM); a tactical move on the round message is acknowledged, and the change
it makes redraws the mover's controls (bot/announce/hands.py)."""

from __future__ import annotations

import discord

import engine
from bot.announce.click_book import logged_click
from bot.i18n import locale_name
from bot.messages.hand import Directory, Notes, hand_controls, place_of
from bot.messages.post import Post
from bot.messages.table import Table
from bot.options import GameOptions, HandsIn
from bot.play.announcing import Announcing, Clicked
from bot.play.commits import Commits
from bot.play.open_games import OpenGames
from bot.play.transition import Answer, Refusal, Transition
from bot.play.verdict import ActionBuilder
from bot.storage import CLOSED_STATUSES, GameRecord, GameStatus, PlayerId, player_id
from bot.ui import custom_ids as ids
from bot.ui import tokens
from bot.ui.contexts import in_bot_dm
from bot.ui.replies import refuse
from bot.ui.tokens import DEFERRED_UPDATE, UPDATE


class HandDesk:
    def __init__(
        self,
        games: OpenGames,
        commits: Commits,
        announcing: Announcing,
        directory: Directory,
        notes: Notes,
    ) -> None:
        self._notes = notes
        self._games = games
        self._commits = commits
        self._announcing = announcing
        self._directory = directory

    async def card(
        self, interaction: discord.Interaction, game_id: int, owner: int, turn: ids.Turn, card: int
    ) -> None:
        """A card button: in the standard game's rounds 1-4 it asks for a target (nothing is
        committed yet); otherwise it is the player's choice."""
        if interaction.user.id != owner:
            await refuse(interaction, "refusal.not_your_controls")
            return
        player = player_id(owner)
        # Under the game's lock, as a pick: a deadline that ends the turn waits for this answer.
        async with self._games.lock(game_id):
            loaded = await self._running(interaction, game_id)
            if loaded is None:
                return
            record, state = loaded
            view = engine.hand_view(state, player)
            if (view.stage, view.round) != (turn.stage, turn.round):
                # Another process may have moved the game on: the database decides.
                fresh = await self._games.refresh(game_id)
                fresh_state = self._games.state_of(fresh) if fresh is not None else None
                if fresh is None or fresh_state is None:
                    await refuse(interaction, "refusal.unknown_game")
                    return
                record, state = fresh, fresh_state
                view = engine.hand_view(state, player)
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
                # The target asked for: nothing is committed yet.
                controls = self._controls(record, state, player, interaction, card)
                await tokens.answer(interaction, UPDATE, controls.body())
                self._announcing.note_click(record.id, player, interaction, Clicked.HAND)
                return
        await self._commit_private(interaction, game_id, player, card_action(player, turn, card))

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
        player = player_id(owner)
        build = pick_action(player, turn, card, target)
        await self._commit_private(interaction, game_id, player, build)

    async def move(
        self, interaction: discord.Interaction, game_id: int, turn: ids.Turn, target: str
    ) -> None:
        player = player_id(interaction.user.id)
        await self._commit_private(interaction, game_id, player, move_action(player, turn, target))

    async def _commit_private(
        self, interaction: discord.Interaction, game_id: int, player: PlayerId, build: ActionBuilder
    ) -> None:
        prepared = await self._commits.prepare(game_id, build)
        if isinstance(prepared, Refusal):
            await refuse(interaction, prepared.key)
            return
        private = _is_private(interaction)
        deferred = GameOptions.of(prepared.record).hands is not HandsIn.CHANNEL or not private
        clicked = Clicked.HAND if private else Clicked.ROUND
        if deferred:
            await tokens.answer(interaction, DEFERRED_UPDATE)
            self._announcing.note_click(game_id, player, interaction, clicked)
        answer = self._answer(interaction, player, deferred) if private else None
        # Logged with the change: this click if it was answered already, else their last one.
        click = (
            logged_click(interaction, clicked)
            if deferred
            else self._announcing.hand_click(game_id, player)
        )
        outcome = await self._commits.commit(prepared, interaction.user.id, answer, click=click)
        if isinstance(outcome, Refusal):
            await refuse(interaction, outcome.key)

    def _answer(self, interaction: discord.Interaction, player: PlayerId, deferred: bool) -> Answer:
        """A pick on one's own hand, once committed (durable before it is acknowledged): its
        hand redrawn through the click, the next turn's when it ended the turn, before any
        later change of the game here is shown.

        In the channel, by the click's own response (the reveal it completes follows it up).
        A DM pick was acknowledged at once (`deferred`) and is redrawn now, not later by the
        announcer: in a fleet, an edit drawn from this process's state could land after
        another process dealt the next turn to this very hand, and show the player the round
        they had just played. A DM pick that deals a new stage or ends the game leaves it to
        the announcer (that stage's hand is a new DM), as does a redraw Discord refused."""

        async def answer(transition: Transition) -> bool:
            if in_bot_dm(interaction) and (transition.finished or _deals_a_stage(transition)):
                return False
            post = self._controls(transition.record, transition.state, player, interaction)
            if not deferred:
                await tokens.answer(interaction, UPDATE, post.body())
                # A click in the channel: the reveal it completes is its follow-up.
                self._announcing.note_click(transition.game_id, player, interaction, Clicked.HAND)
                return True
            try:
                await tokens.edit_original(interaction, post.body())
            except discord.HTTPException:
                return False
            return True

        return answer

    def _controls(
        self,
        record: GameRecord,
        state: engine.GameState,
        player: PlayerId,
        interaction: discord.Interaction,
        selected: int | None = None,
    ) -> Post:
        """The player's controls (`selected`: a card chosen, not yet aimed), in the clicker's
        language."""
        table = Table.of(record)
        place, locale = place_of(self._directory, table), locale_name(interaction.locale)
        note = self._notes.in_hand(table, state, player, locale)
        return hand_controls(state, table, player, place, locale, selected, note)

    async def show_hand(self, interaction: discord.Interaction, game_id: int) -> None:
        # From the database (another process may have moved the game on: a hand drawn from what
        # this one saw would offer last round's cards), under the game's lock as in `card`.
        async with self._games.lock(game_id):
            loaded = await self._running(interaction, game_id, fresh=True)
            if loaded is None:
                return
            record, state = loaded
            player = player_id(interaction.user.id)
            controls = self._controls(record, state, player, interaction)
            if controls.view is None:
                await interaction.response.send_message(controls.content, ephemeral=True)
            else:
                await interaction.response.send_message(
                    controls.content, view=controls.view, ephemeral=True
                )
            self._announcing.note_click(record.id, player, interaction, Clicked.HAND)

    async def _running(
        self, interaction: discord.Interaction, game_id: int, *, fresh: bool = False
    ) -> tuple[GameRecord, engine.GameState] | None:
        record = await (self._games.refresh if fresh else self._games.current)(game_id)
        if record is None:
            await refuse(interaction, "refusal.unknown_game")
            return None
        if record.status in CLOSED_STATUSES:
            await refuse_after_the_end(interaction, record)
            return None
        if record.state_json is None:
            await refuse(interaction, "refusal.not_started")
            return None
        if record.seat_of(interaction.user.id) is None:
            await refuse(interaction, "refusal.not_seated")
            return None
        state = self._games.state_of(record)
        assert state is not None
        return record, state


def card_action(player: PlayerId, turn: ids.Turn, card: int) -> ActionBuilder:
    """A card that needs no target: the tactical game's face-down card, or the standard
    game's last round, where it goes in front of its player."""

    def build(record: GameRecord, state: engine.GameState) -> engine.Action | Refusal:
        if player in state.players:
            view = engine.hand_view(state, player)
            same_turn = (view.stage, view.round) == (turn.stage, turn.round)
            if same_turn and view.pick is not None and view.pick[0] == card:
                return Refusal("refusal.already_picked")
        if state.variant == engine.Variant.TACTICAL:
            return engine.ChooseCard(player, turn.stage, turn.round, card)
        return engine.Pick(player, turn.stage, turn.round, card, player)

    return build


def pick_action(player: PlayerId, turn: ids.Turn, card: int, target: str) -> ActionBuilder:
    """A card and the figure it goes in front of (`target`: a target code of a custom id)."""

    def build(record: GameRecord, state: engine.GameState) -> engine.Action | Refusal:
        figure = ids.target_figure(state.players, target, engine.LEO)
        if figure is None:
            return Refusal("refusal.unknown_target")
        if player in state.players:
            view = engine.hand_view(state, player)
            same_turn = (view.stage, view.round) == (turn.stage, turn.round)
            if same_turn and view.pick == (card, figure):
                return Refusal("refusal.already_picked")
        return engine.Pick(player, turn.stage, turn.round, card, figure)

    return build


def move_action(player: PlayerId, turn: ids.Turn, target: str) -> ActionBuilder:
    """The tactical mover's figure (`target`: a target code of a custom id)."""

    def build(record: GameRecord, state: engine.GameState) -> engine.Action | Refusal:
        figure = ids.target_figure(state.players, target, engine.LEO)
        if figure is None:
            return Refusal("refusal.unknown_target")
        return engine.MoveFigure(player, turn.stage, turn.round, figure)

    return build


def _deals_a_stage(transition: Transition) -> bool:
    return any(isinstance(event, engine.StageDealt) for event in transition.events)


def _is_private(interaction: discord.Interaction) -> bool:
    """A click in a DM or on an ephemeral message: the player's own controls."""
    message = interaction.message
    return in_bot_dm(interaction) or (message is not None and message.flags.ephemeral)


async def refuse_after_the_end(interaction: discord.Interaction, record: GameRecord) -> None:
    """A control of a game that is over: say so, and where its result is."""
    if record.status is GameStatus.CANCELLED:
        await refuse(interaction, "refusal.game_cancelled")
        return
    if record.status is GameStatus.ABANDONED:
        await refuse(interaction, "refusal.game_abandoned")
        return
    result = record.message_ids.get("result_message_id")
    if result is None:
        await refuse(interaction, "refusal.game_over")
        return
    # A private channel's games keep its id where a server's id goes (bot/lobby/desk.py).
    where = "@me" if GameOptions.of(record).reach.private else record.guild_id
    link = f"https://discord.com/channels/{where}/{record.channel_id}/{result}"
    await refuse(interaction, "refusal.game_finished", link=link)
