"""Which note is due when: pure, from the game's state (and, at a reveal, its events) alone, so
that any process, after any restart, draws the same hand with the same note.

A practice game says each note where the learner looks at that moment: the first hand and the
first fifth round in the hand; the first reveal, the first stop at the track's end, the first
stage's scoring and the end in the reveal (the result, at the end), all in their DMs. A real
game's reveals are public, so a newcomer's notes all go in their hand: those of a reveal in the
hand that comes right after it (the next turn's, or at the end the hand that says it is over).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import engine


class Note(StrEnum):
    """The six notes, in the order a game first needs them (the catalog's `learn.<value>`)."""

    FIRST_HAND = "first_hand"
    """A card moves the figure it lies in front of, not yours."""
    FIRST_REVEAL = "first_reveal"
    """The cards in front of a figure add up; it moves by the sum."""
    TRACK_END = "track_end"
    """A figure stops at an end of the track: it never leaves it."""
    FIFTH_ROUND = "fifth_round"
    """Round 5: the last card is played on yourself."""
    STAGE_END = "stage_end"
    """Only the second-farthest occupied space scores."""
    GAME_END = "game_end"
    """The second-highest total wins."""


ORDER = tuple(Note)
Turn = tuple[int, int]


@dataclass(frozen=True)
class Stop:
    """The first time in a game a figure's move ran past an end of the track."""

    stage: int
    round: int
    figure: str
    space: int

    @property
    def turn(self) -> Turn:
        return (self.stage, self.round)


def hand_notes(state: engine.GameState, practice: bool) -> tuple[Note, ...]:
    """The notes a learner's hand shows for the state's turn (the hand that says the game is
    over, once it is). In a practice game only those whose moment is a hand."""
    standard = state.variant == engine.Variant.STANDARD
    turn = None if state.phase == engine.Phase.FINISHED else (state.stage, state.round)
    due = {
        Note.FIRST_HAND: standard and turn == (1, 1),
        Note.FIFTH_ROUND: standard and turn == (1, engine.ROUNDS),
    }
    if not practice:
        last = last_revealed(state)
        stop = first_stop(state)
        due |= {
            Note.FIRST_REVEAL: standard and last == (1, 1),
            Note.TRACK_END: stop is not None and last == stop.turn,
            Note.STAGE_END: last == (1, engine.ROUNDS),
            Note.GAME_END: turn is None,
        }
    return tuple(note for note in ORDER if due.get(note))


def reveal_notes(state: engine.GameState, events: tuple[engine.Event, ...]) -> tuple[Note, ...]:
    """The notes a practice game's reveal shows: those whose moment this change is (`state`:
    the game after it, `events`: what it made happen)."""
    revealed = next(
        (
            (event.stage, event.round)
            for event in events
            if isinstance(event, engine.RoundRevealed | engine.CardsRevealed)
        ),
        None,
    )
    if revealed is None:
        return ()
    stop = first_stop(state)
    due = {
        Note.FIRST_REVEAL: revealed == (1, 1) and state.variant == engine.Variant.STANDARD,
        Note.TRACK_END: stop is not None and stop.turn == revealed,
        Note.STAGE_END: any(isinstance(e, engine.StageScored) and e.stage == 1 for e in events),
        Note.GAME_END: any(isinstance(event, engine.GameOver) for event in events),
    }
    return tuple(note for note in ORDER if due.get(note))


def last_revealed(state: engine.GameState) -> Turn | None:
    """The round revealed last before the state's turn (every round, once the game is over)."""
    if state.phase == engine.Phase.FINISHED:
        return (engine.STAGES, engine.ROUNDS)
    if state.round > 1:
        return (state.stage, state.round - 1)
    return (state.stage - 1, engine.ROUNDS) if state.stage > 1 else None


def first_stop(state: engine.GameState) -> Stop | None:
    """The first move of the game that an end of the track cut short."""
    for played in engine.logged_rounds(state):
        cut = next((move for move in played.moves if move.clamped), None)
        if cut is not None:
            return Stop(played.stage, played.round, cut.figure, cut.end)
    return None


def scoring_space(state: engine.GameState, stage: int) -> int | None:
    """The space that scored at the end of `stage`, a finished stage (None: every figure
    stood on one space, and nobody scored)."""
    last = (stage, engine.ROUNDS)
    ends = [played.after for played in engine.logged_rounds(state) if played.turn == last]
    return engine.score_stage(ends[0])[0] if ends else None
