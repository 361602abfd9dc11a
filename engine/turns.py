"""Machinery shared by both variants' rounds: checks on a player's action, and the end
of a round (stage scoring, game over)."""

from dataclasses import replace
from typing import TypeVar

from .constants import ROUNDS, STAGES, Phase, Variant
from .events import Event, GameOver, StageScored
from .outcomes import RejectCode, Rejected
from .rules import score_stage, winner_indexes
from .state import GameState, Picks, RecordedPlay, StageLog, figure_names

T = TypeVar("T")


def turn_problem(
    state: GameState, player: str, stage: int, round_: int, variant: Variant, phase: Phase
) -> Rejected | None:
    if player not in state.players:
        return Rejected(RejectCode.NOT_A_PLAYER, f"{player} does not play in this game.")
    if state.variant is not variant:
        return Rejected(
            RejectCode.WRONG_PHASE,
            f"This game uses the {state.variant.value} variant; that action belongs to the "
            f"{variant.value} variant.",
        )
    if stage != state.stage or round_ != state.round:
        return Rejected(
            RejectCode.STALE_TURN,
            f"That action was for stage {stage} round {round_}, but the game is at stage "
            f"{state.stage} round {state.round}.",
        )
    if state.phase is not phase:
        return Rejected(RejectCode.WRONG_PHASE, phase_sentence(state))
    return None


def picking_seat(
    state: GameState, player: str, stage: int, round_: int, variant: Variant, card: int
) -> int | Rejected:
    """The seat of `player` when `card` is theirs to pick now, else why not."""
    problem = turn_problem(state, player, stage, round_, variant, Phase.PICKING)
    if problem:
        return problem
    seat = state.players.index(player)
    return card_problem(state, seat, card) or seat


def phase_sentence(state: GameState) -> str:
    if state.phase is Phase.DEALING:
        return f"Stage {state.stage} has not been dealt yet."
    if state.phase is Phase.PICKING:
        return "Players are still choosing their cards for this round."
    return "The cards are revealed; players are now moving figures in card-number order."


def card_problem(state: GameState, seat: int, card: int) -> Rejected | None:
    if card not in state.hands[seat]:
        return Rejected(
            RejectCode.CARD_NOT_IN_HAND,
            f"Card {card} is not in {state.players[seat]}'s hand.",
        )
    return None


def target_problem(state: GameState, target: str) -> Rejected | None:
    if target not in figure_names(state.players):
        return Rejected(RejectCode.UNKNOWN_TARGET, f"{target} is not a figure in this game.")
    return None


def replace_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])


def with_picks(state: GameState, picks: Picks) -> GameState:
    return replace(state, picks=picks)


def end_round(
    state: GameState,
    rng: int,
    new_positions: tuple[int, ...],
    hands: tuple[tuple[int, ...], ...],
    leo_stack: tuple[int, ...],
    recorded: tuple[RecordedPlay, ...],
    events: tuple[Event, ...],
) -> tuple[GameState, tuple[Event, ...]]:
    """Log the finished round; then the next round, or stage scoring and what follows."""
    last = state.history[-1]
    ended = replace(
        state,
        rng=rng,
        positions=new_positions,
        hands=hands,
        leo_stack=leo_stack,
        picks=(None,) * len(state.players),
        move_order=(),
        history=(*state.history[:-1], StageLog(last.hands, last.leo, (*last.rounds, recorded))),
    )
    if state.round < ROUNDS:
        return replace(ended, phase=Phase.PICKING, round=state.round + 1), events
    return score_stage_end(ended, events)


def score_stage_end(
    state: GameState, events: tuple[Event, ...]
) -> tuple[GameState, tuple[Event, ...]]:
    """After round 5: the stage's points; then the next stage's deal, or the game's end."""
    names = figure_names(state.players)
    space, points = score_stage(state.positions)
    stage_points = (*state.stage_points, points)
    sums = [sum(column) for column in zip(*stage_points, strict=True)]
    total_pairs = tuple(zip(names, sums, strict=True))
    scorers = tuple(name for name, at in zip(names, state.positions, strict=True) if at == space)
    scored = StageScored(
        state.stage, space, tuple(zip(names, points, strict=True)), total_pairs, scorers
    )
    if state.stage == STAGES:
        winners = tuple(names[index] for index in winner_indexes(sums))
        finished = replace(state, phase=Phase.FINISHED, stage_points=stage_points)
        return finished, (*events, scored, GameOver(total_pairs, winners))
    between = replace(
        state, phase=Phase.DEALING, stage=state.stage + 1, round=1, stage_points=stage_points
    )
    return between, (*events, scored)


def final_result(state: GameState) -> GameOver | None:
    """A finished game's totals and winners, as its GameOver said (None while it runs)."""
    if state.phase != Phase.FINISHED:
        return None
    names = figure_names(state.players)
    sums = [sum(column) for column in zip(*state.stage_points, strict=True)]
    winners = tuple(names[index] for index in winner_indexes(sums))
    return GameOver(tuple(zip(names, sums, strict=True)), winners)
