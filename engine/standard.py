"""The standard game's round: secret picks (card + target), then sum-then-clamp."""

from .actions import Pick
from .cards import VALUES
from .constants import LEO, ROUNDS, Variant
from .events import Event, PickMade, Play, RoundRevealed
from .outcomes import Accepted, RejectCode, Rejected, Result
from .rules import standard_moves
from .state import GameState, Picks, RecordedPlay, figure_names
from .turns import (
    end_round,
    picking_seat,
    replace_at,
    target_problem,
    with_picks,
)


def apply_pick(state: GameState, action: Pick) -> Result:
    player = action.player
    seat = picking_seat(state, player, action.stage, action.round, Variant.STANDARD, action.card)
    if isinstance(seat, Rejected):
        return seat
    problem = target_problem(state, action.target)
    if problem:
        return problem
    if state.round == ROUNDS and action.target != player:
        return Rejected(
            RejectCode.MUST_TARGET_SELF,
            f"In round {ROUNDS} every player must play their last card on themselves.",
        )
    picks = replace_at(state.picks, seat, (action.card, action.target))
    made = PickMade(player, state.stage, state.round)
    if None in picks:
        return Accepted(with_picks(state, picks), (made,))
    next_state, events = resolve_standard(state, picks, (False,) * len(picks))
    return Accepted(next_state, (made, *events))


def resolve_standard(
    state: GameState, picks: Picks, automatic: tuple[bool, ...], rng: int | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """Reveal every pick, move each figure by the sum in front of it, clamp."""
    players = state.players
    plays: list[Play] = []
    recorded: list[RecordedPlay] = []
    hands = list(state.hands)
    for seat, pick in enumerate(picks):
        assert pick is not None
        card, target = pick
        assert target is not None
        plays.append(Play(players[seat], card, VALUES[card], target, automatic[seat]))
        recorded.append((players[seat], card, target))
        hands[seat] = tuple(c for c in hands[seat] if c != card)
    leo_stack = state.leo_stack
    if len(players) == 2 and state.round < ROUNDS:
        card = leo_stack[0]
        leo_stack = leo_stack[1:]
        plays.append(Play(LEO, card, VALUES[card], LEO, False))
    cards = [(play.card, play.target) for play in plays]
    moves = standard_moves(figure_names(players), state.positions, cards)
    revealed = RoundRevealed(state.stage, state.round, tuple(plays), tuple(moves))
    return end_round(
        state,
        rng if rng is not None else state.rng,
        tuple(move.end for move in moves),
        tuple(hands),
        leo_stack,
        tuple(recorded),
        (revealed,),
    )
