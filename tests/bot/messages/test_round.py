"""The round message's parts and the reminder, built from real engine states."""

from __future__ import annotations

from datetime import UTC, datetime

import engine
from bot.messages.picture import board_for
from bot.messages.round import picture_caption, reminder, story_of, waiting_line
from bot.messages.table import Table, card_label
from bot.render import describe_board

ANNE, BEN, CLEO = "111", "222", "333"
TRIO = Table(7, 1, 2, (ANNE, BEN, CLEO), {ANNE: "Anne", BEN: "Ben", CLEO: "Cleo"})


def started(variant: engine.Variant) -> engine.GameState:
    state, _, _ = engine.settle(engine.new_game((ANNE, BEN, CLEO), variant, seed=42))
    return state


def accepted(state: engine.GameState, action: engine.Action) -> engine.GameState:
    outcome = engine.apply(state, action)
    assert isinstance(outcome, engine.Accepted), outcome
    return outcome.state


def first_card(state: engine.GameState, player: str) -> int:
    return engine.view_for(state, player).hand[0].number


def tactical_moving() -> engine.GameState:
    """A tactical round whose cards are revealed: the first mover is awaited."""
    state = started(engine.Variant.TACTICAL)
    for player in (ANNE, BEN, CLEO):
        state = accepted(state, engine.ChooseCard(player, 1, 1, first_card(state, player)))
    assert engine.public_view(state).phase == engine.Phase.MOVING
    return state


def test_the_reminder_asks_those_who_have_not_picked_to_pick_a_card() -> None:
    state = started(engine.Variant.STANDARD)
    state = accepted(state, engine.Pick(ANNE, 1, 1, first_card(state, ANNE), BEN))
    missing = engine.public_view(state).waiting_for
    assert reminder(TRIO, state, missing) == (
        "<@222>, <@333>: half the time for this round is gone — pick a card from your DMs "
        "or with **Show my hand**."
    )


def test_the_reminder_of_a_tactical_mover_asks_for_the_figure_not_a_card() -> None:
    state = tactical_moving()
    (mover,) = engine.public_view(state).waiting_for
    assert reminder(TRIO, state, (mover,)) == (
        f"<@{mover}>: half the time for your move is gone — choose the figure your card moves."
    )
    assert reminder(Table(7, 1, 2, TRIO.players, TRIO.names, "de"), state, (mover,)) == (
        f"<@{mover}>: Die Hälfte der Zeit für deinen Zug ist um. "
        "Wähle jetzt die Figur, die deine Karte bewegt."
    )


def test_a_picture_is_captioned_with_the_round_it_shows_the_end_of_or_the_stage_it_scored() -> None:
    state = started(engine.Variant.STANDARD)
    stories = []
    while state.stage == 1:
        before = state
        events: list[engine.Event] = []
        for player in (ANNE, BEN, CLEO):
            outcome = engine.apply(
                state, engine.Pick(player, 1, state.round, first_card(state, player), player)
            )
            assert isinstance(outcome, engine.Accepted), outcome
            state = outcome.state
            events += outcome.events
        state, _, dealt = engine.settle(state)
        story = story_of(TRIO, before, state, (*events, *dealt))
        stories.append((story, picture_caption(TRIO, state, story)))
    assert [caption for _, caption in stories] == [
        "Stage 1 · Round 1",
        "Stage 1 · Round 2",
        "Stage 1 · Round 3",
        "Stage 1 · Round 4",
        "Stage 1 · scoring",
    ]
    assert (state.stage, state.round) == (2, 1)
    scored, caption = stories[-1]
    assert scored.scored_stage == 1
    board = board_for(TRIO, scored.snapshot, (caption,), scored.scoring_space)
    assert describe_board(board).startswith("Stage 1 · scoring. ")
    german = Table(7, 1, 2, TRIO.players, TRIO.names, "de")
    assert picture_caption(german, state, scored) == "Durchgang 1 · Punktwertung"


def test_the_waiting_line_ends_with_the_deadline_or_with_the_last_name() -> None:
    state = started(engine.Variant.STANDARD)
    deadline = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
    assert waiting_line(TRIO, state, deadline) == (
        f"⏳ Stage 1 · Round 1 — waiting for: <@111>, <@222>, <@333> "
        f"· deadline <t:{int(deadline.timestamp())}:R>"
    )
    assert waiting_line(TRIO, state, None) == (
        "⏳ Stage 1 · Round 1 — waiting for: <@111>, <@222>, <@333>"
    )


def test_the_waiting_line_of_a_tactical_move_names_the_mover_and_their_card() -> None:
    state = tactical_moving()
    (mover, card), *_ = engine.public_view(state).moves_left
    label = card_label(card, engine.Variant.TACTICAL)
    assert waiting_line(TRIO, state, None) == (
        f"⏳ Stage 1 · Round 1 — <@{mover}> moves a figure with {label}"
    )
