"""The deal at the start of a stage: the chance step, computed from the seeded generator."""

from dataclasses import replace

from .actions import Deal
from .cards import DECK_SIZE
from .constants import HAND_SIZE, LEO_STACK_SIZE, START, Phase
from .events import StageDealt
from .outcomes import Accepted, RejectCode, Rejected, Result
from .rng import DEAL_DRAWS, GAMMA, MASK64, draw_cards
from .state import GameState, StageLog, figure_names


def deal_size(player_count: int) -> int:
    return HAND_SIZE * player_count + (LEO_STACK_SIZE if player_count == 2 else 0)


def chance_outcome(state: GameState) -> Deal:
    """The deal the seeded generator gives at its current position (phase DEALING only)."""
    if state.phase is not Phase.DEALING:
        raise ValueError("No deal is due: the game is not between stages.")
    count = len(state.players)
    _, cards = draw_cards(state.rng, deal_size(count))
    hands = tuple(
        (player, tuple(cards[HAND_SIZE * seat : HAND_SIZE * (seat + 1)]))
        for seat, player in enumerate(state.players)
    )
    return Deal(state.stage, hands, tuple(cards[HAND_SIZE * count :]))


def deal_problem(state: GameState, deal: Deal) -> str | None:
    """Why `deal` cannot start the current stage, or None."""
    players = state.players
    dealt_to = [player for player, _ in deal.hands]
    if sorted(dealt_to) != sorted(players):
        return "A deal must give exactly one hand to every player."
    seen: set[int] = set()
    for player, hand in deal.hands:
        if len(hand) != HAND_SIZE:
            return f"{player}'s hand must hold {HAND_SIZE} cards, not {len(hand)}."
        if any(type(number) is not int or not 1 <= number <= DECK_SIZE for number in hand):
            return f"Cards are numbered 1 to {DECK_SIZE}."
        seen.update(hand)
    expected_leo = LEO_STACK_SIZE if len(players) == 2 else 0
    if len(deal.leo) != expected_leo:
        return f"Leo's stack must hold {expected_leo} cards, not {len(deal.leo)}."
    if any(type(number) is not int or not 1 <= number <= DECK_SIZE for number in deal.leo):
        return f"Cards are numbered 1 to {DECK_SIZE}."
    seen.update(deal.leo)
    if len(seen) != deal_size(len(players)):
        return "No card may be dealt twice."
    return None


def apply_deal(state: GameState, deal: Deal) -> Result:
    if state.phase is not Phase.DEALING:
        return Rejected(RejectCode.WRONG_PHASE, "No deal is due: a stage is being played.")
    if deal.stage != state.stage:
        return Rejected(
            RejectCode.STALE_TURN,
            f"That deal was for stage {deal.stage}, but stage {state.stage} is due.",
        )
    problem = deal_problem(state, deal)
    if problem:
        return Rejected(RejectCode.INVALID_DEAL, problem)
    by_player = dict(deal.hands)
    hands = tuple(tuple(by_player[player]) for player in state.players)
    leo = tuple(deal.leo)
    names = figure_names(state.players)
    dealt = replace(
        state,
        rng=(state.rng + DEAL_DRAWS * GAMMA) & MASK64,
        phase=Phase.PICKING,
        round=1,
        positions=(START,) * len(names),
        hands=hands,
        leo_stack=leo,
        picks=(None,) * len(state.players),
        move_order=(),
        history=(*state.history, StageLog(hands, leo, ())),
    )
    return Accepted(dealt, (StageDealt(state.stage),))
