"""Which note is due when: each at the moment the engine's own events say it first matters,
in random games of both variants and every size."""

from __future__ import annotations

import random

import pytest

import engine
from bot.learn.moments import (
    Note,
    first_stop,
    hand_notes,
    last_revealed,
    reveal_notes,
    scoring_space,
)

PLAYERS = ("111", "222", "333", "444", "555", "666")


def played(
    players: int, variant: str, seed: int
) -> list[tuple[engine.GameState, tuple[engine.Event, ...]]]:
    """Every state of a random game with the events that led to it (a deal settled at once)."""
    chooser = random.Random(seed)
    state, _, events = engine.settle(
        engine.new_game(PLAYERS[:players], engine.Variant(variant), seed)
    )
    steps = [(state, tuple(events))]
    while state.phase is not engine.Phase.FINISHED:
        actor = chooser.choice(engine.public_view(state).waiting_for)
        outcome = engine.apply(state, chooser.choice(engine.legal_actions(state, actor)))
        assert isinstance(outcome, engine.Accepted)
        state, _, dealt = engine.settle(outcome.state)
        steps.append((state, (*outcome.events, *dealt)))
    return steps


def stops(events: tuple[engine.Event, ...]) -> list[tuple[int, int, str, int]]:
    """The moves the track's end cut short, as the engine tells them."""
    found = []
    for event in events:
        if isinstance(event, engine.RoundRevealed):
            found += [(event.stage, event.round, m.figure, m.end) for m in event.moves if m.clamped]
        elif isinstance(event, engine.FigureMoved) and event.move.clamped:
            found.append((event.stage, event.round, event.move.figure, event.move.end))
    return found


GAMES = [
    (players, variant, seed)
    for players in (2, 3, 4, 6)
    for variant in ("standard", "tactical")
    for seed in (1, 2, 3)
]


@pytest.mark.parametrize(("players", "variant", "seed"), GAMES)
def test_the_first_stop_and_the_scoring_space_are_the_engines(
    players: int, variant: str, seed: int
) -> None:
    seen: list[tuple[int, int, str, int]] = []
    for state, events in played(players, variant, seed):
        seen += stops(events)
        if state.phase is engine.Phase.MOVING:
            continue  # a tactical round's moves are logged once they are all made
        stop = first_stop(state)
        if not seen:
            assert stop is None
        else:
            # The first cut-short move, where the engine made it.
            assert stop is not None
            assert (stop.stage, stop.round, stop.figure, stop.space) == seen[0]
        for event in events:
            if isinstance(event, engine.StageScored):
                assert scoring_space(state, event.stage) == event.space


def test_some_games_reach_an_end_of_the_track() -> None:
    assert any(first_stop(played(p, v, s)[-1][0]) for p, v, s in GAMES)


@pytest.mark.parametrize("practice", [True, False])
def test_each_note_is_due_once_in_a_standard_game(practice: bool) -> None:
    stopped = 0
    for seed in range(4, 12):
        steps = played(4, "standard", seed)
        shown: dict[Note, set[tuple[str, tuple[int, int] | None]]] = {}
        for state, events in steps:
            turn = None if state.phase is engine.Phase.FINISHED else (state.stage, state.round)
            for note in hand_notes(state, practice):
                shown.setdefault(note, set()).add(("hand", turn))
            if practice:
                for note in reveal_notes(state, events):
                    shown.setdefault(note, set()).add(("reveal", last_revealed(state)))
        stop = first_stop(steps[-1][0])
        if practice:
            # The hand of a turn, or the reveal of the round revealed last.
            assert shown.pop(Note.FIRST_HAND) == {("hand", (1, 1))}
            assert shown.pop(Note.FIFTH_ROUND) == {("hand", (1, 5))}
            assert shown.pop(Note.FIRST_REVEAL) == {("reveal", (1, 1))}
            assert shown.pop(Note.STAGE_END) == {("reveal", (1, 5))}
            assert shown.pop(Note.GAME_END) == {("reveal", (5, 5))}
            tracked = {("reveal", stop.turn)} if stop else None
        else:
            # A reveal's note in the hand right after it; at the end, the hand that says so.
            assert shown.pop(Note.FIRST_HAND) == {("hand", (1, 1))}
            assert shown.pop(Note.FIRST_REVEAL) == {("hand", (1, 2))}
            assert shown.pop(Note.FIFTH_ROUND) == {("hand", (1, 5))}
            assert shown.pop(Note.STAGE_END) == {("hand", (2, 1))}
            assert shown.pop(Note.GAME_END) == {("hand", None)}
            tracked = None if stop is None else {("hand", after(stop.turn))}
        assert shown.pop(Note.TRACK_END, None) == tracked
        assert shown == {}
        stopped += stop is not None
    assert stopped  # some of these games reached an end of the track


def after(turn: tuple[int, int]) -> tuple[int, int] | None:
    """The turn after `turn` (None after the last)."""
    stage, round_ = turn
    if round_ < engine.ROUNDS:
        return (stage, round_ + 1)
    return (stage + 1, 1) if stage < engine.STAGES else None
