"""The tactical variant's round: cards face down, then moves in card-number order."""

from dataclasses import replace

from .actions import ChooseCard, MoveFigure
from .cards import VALUES
from .constants import LEO, ROUNDS, Phase, Variant
from .events import CardsRevealed, Event, FigureMoved, PickMade, Play
from .outcomes import Accepted, RejectCode, Rejected, Result
from .rules import figure_move
from .state import GameState, Picks, figure_names
from .turns import (
    end_round,
    picking_seat,
    replace_at,
    target_problem,
    turn_problem,
    with_picks,
)


def apply_choose_card(state: GameState, action: ChooseCard) -> Result:
    player = action.player
    seat = picking_seat(state, player, action.stage, action.round, Variant.TACTICAL, action.card)
    if isinstance(seat, Rejected):
        return seat
    picks = replace_at(state.picks, seat, (action.card, None))
    made = PickMade(player, state.stage, state.round)
    if None in picks:
        return Accepted(with_picks(state, picks), (made,))
    next_state, events = reveal_tactical(state, picks, (False,) * len(picks), state.rng)
    return Accepted(next_state, (made, *events))


def reveal_tactical(
    state: GameState, picks: Picks, automatic: tuple[bool, ...], rng: int
) -> tuple[GameState, tuple[Event, ...]]:
    """Turn the chosen cards over and start moving in descending card number."""
    players = state.players
    plays: list[Play] = []
    order: list[tuple[str, int]] = []
    hands = list(state.hands)
    for seat, pick in enumerate(picks):
        assert pick is not None
        card = pick[0]
        plays.append(Play(players[seat], card, VALUES[card], players[seat], automatic[seat]))
        order.append((players[seat], card))
        hands[seat] = tuple(c for c in hands[seat] if c != card)
    leo_stack = state.leo_stack
    if len(players) == 2 and state.round < ROUNDS:
        card = leo_stack[0]
        leo_stack = leo_stack[1:]
        plays.append(Play(LEO, card, VALUES[card], LEO, False))
        order.append((LEO, card))
    order.sort(key=lambda entry: entry[1], reverse=True)
    revealed = CardsRevealed(
        state.stage, state.round, tuple(plays), tuple(mover for mover, _ in order)
    )
    moving = replace(
        state,
        rng=rng,
        phase=Phase.MOVING,
        hands=tuple(hands),
        leo_stack=leo_stack,
        picks=picks,
        move_order=tuple(order),
    )
    return run_moves(moving, (revealed,))


def move_one(
    state: GameState,
    positions: tuple[int, ...],
    mover: str,
    card: int,
    target: str,
    automatic: bool,
) -> tuple[tuple[int, ...], FigureMoved]:
    """One move of the tactical order, made and clamped on its own."""
    index = figure_names(state.players).index(target)
    move = figure_move(target, positions[index], VALUES[card])
    moved = FigureMoved(state.stage, state.round, mover, card, move.delta, target, move, automatic)
    return replace_at(positions, index, move.end), moved


def run_moves(state: GameState, events: tuple[Event, ...]) -> tuple[GameState, tuple[Event, ...]]:
    """Make Leo's moves (Leo's card always moves Leo) until a player must move or the
    round is over."""
    collected = list(events)
    positions = state.positions
    order = state.move_order
    while order and order[0][0] == LEO:
        positions, moved = move_one(state, positions, LEO, order[0][1], LEO, automatic=False)
        collected.append(moved)
        order = order[1:]
    if order:
        waiting = replace(state, phase=Phase.MOVING, positions=positions, move_order=order)
        return waiting, tuple(collected)
    recorded = tuple(
        (player, pick[0], pick[1])
        for player, pick in zip(state.players, state.picks, strict=True)
        if pick is not None and pick[1] is not None
    )
    return end_round(
        state, state.rng, positions, state.hands, state.leo_stack, recorded, tuple(collected)
    )


def apply_move_figure(state: GameState, action: MoveFigure) -> Result:
    player = action.player
    problem = turn_problem(
        state, player, action.stage, action.round, Variant.TACTICAL, Phase.MOVING
    )
    if problem:
        return problem
    mover = state.move_order[0][0]
    if player != mover:
        return Rejected(RejectCode.NOT_YOUR_MOVE, f"It is {mover}'s move, not {player}'s.")
    problem = target_problem(state, action.target)
    if problem:
        return problem
    next_state, events = make_player_move(state, action.target, automatic=False)
    return Accepted(next_state, events)


def make_player_move(
    state: GameState, target: str, automatic: bool
) -> tuple[GameState, tuple[Event, ...]]:
    mover, card = state.move_order[0]
    positions, moved = move_one(state, state.positions, mover, card, target, automatic)
    seat = state.players.index(mover)
    picks = replace_at(state.picks, seat, (card, target))
    after = replace(state, positions=positions, picks=picks, move_order=state.move_order[1:])
    return run_moves(after, (moved,))
