"""Sharp play: Monte Carlo over the rest of the stage. Each sample deals the unseen cards
anew (what the other hands and Leo's stack could be), lets the others play casually this
round and everyone randomly after it, and every candidate move is tried on the same
samples; the move with the best mean outlook wins."""

from collections.abc import Callable, Iterable
from functools import partial

from ..cards import VALUES
from ..constants import ROUNDS, STAGES
from ..rng import next_u64
from ..rules import clamp, make_moves_at_once, score_stage
from .casual import Aim, aim_of, casual_card, casual_move, casual_pick
from .knowledge import Knowledge
from .outlook import Outlook
from .randomness import shuffled
from .rollout import LEO_INDEX, finish_randomly

SAMPLES = 64
Finish = Callable[[list[int], list[list[int]], list[int], int, int], list[int]]
"""Plays a sample's stage out from the next round: (spaces, hands, Leo's stack, next round,
random position) -> the final spaces."""


def standard_samples(round_number: int) -> int:
    """A standard rollout shortens as the stage goes on, so later picks, which decide
    more, take more samples for about the same time: 64, 64, 128, 256 in rounds 1-4."""
    return SAMPLES << max(0, round_number - 2)


def deal_unseen(knowledge: Knowledge, position: int) -> tuple[int, list[list[int]], list[int]]:
    """(next position, every hand (mine as it is), Leo's stack): one way the unseen cards
    could lie."""
    cards = list(knowledge.unseen)
    needed = sum(knowledge.hand_sizes) - len(knowledge.hand) + knowledge.leo_left
    position = shuffled(position, cards, needed)
    hands: list[list[int]] = []
    taken = 0
    for seat, size in enumerate(knowledge.hand_sizes):
        if seat == knowledge.me:
            hands.append(list(knowledge.hand))
        else:
            hands.append(cards[taken : taken + size])
            taken += size
    return position, hands, cards[taken : taken + knowledge.leo_left]


def one_per_value(hand: Iterable[int]) -> dict[int, int]:
    """Value -> the lowest-numbered card of `hand` with it (in the standard game a card's
    number never matters), in the order of the lowest card numbers."""
    by_value: dict[int, int] = {}
    for card in sorted(hand):
        by_value.setdefault(VALUES[card], card)
    return by_value


def standard_candidates(knowledge: Knowledge) -> list[tuple[int, int]]:
    """(card, target) pairs worth comparing: one card per value, every figure."""
    figures = range(len(knowledge.figures))
    return [(card, target) for card in one_per_value(knowledge.hand).values() for target in figures]


def aims_of(knowledge: Knowledge) -> list[Aim]:
    """What every figure is taken to aim at when it plays casually."""
    last_stage = knowledge.stage == STAGES
    return [
        aim_of(knowledge.totals, figure, last_stage) for figure in range(len(knowledge.figures))
    ]


def outlook_of(knowledge: Knowledge) -> Outlook:
    return Outlook(knowledge.totals, knowledge.me, knowledge.player_count, knowledge.stage)


def best_of(scores: list[float]) -> int:
    return max(range(len(scores)), key=scores.__getitem__)


def sharp_pick(knowledge: Knowledge, position: int) -> tuple[int, int]:
    """Standard game, rounds 1-4: (card, target figure)."""
    samples = standard_samples(knowledge.round)
    finish = partial(finish_randomly, tactical=False)
    return sampled_pick(knowledge, position, samples, outlook_of(knowledge), finish)


def sampled_pick(
    knowledge: Knowledge, position: int, samples: int, outlook: Outlook, finish: Finish
) -> tuple[int, int]:
    """Standard game: every candidate tried on the same `samples`, the others playing casually
    this round and `finish` playing the stage out; the best mean outlook wins."""
    candidates = standard_candidates(knowledge)
    scores = [0.0] * len(candidates)
    me = knowledge.me
    next_round = knowledge.round + 1
    aims = aims_of(knowledge)
    for _ in range(samples):
        position, hands, leo_stack = deal_unseen(knowledge, position)
        played = []
        for seat, hand in enumerate(hands):
            if seat != me:
                card, target, position = casual_pick(
                    list(knowledge.positions), hand, aims[seat], knowledge.round, position
                )
                hand.remove(card)
                played.append((card, target))
        if leo_stack:
            played.append((leo_stack[0], LEO_INDEX))
        position, future = next_u64(position)
        for number, (card, target) in enumerate(candidates):
            after = list(knowledge.positions)
            make_moves_at_once(after, [*played, (card, target)])
            rest = [hand[:] for hand in hands]
            rest[me].remove(card)
            final = finish(after, rest, leo_stack[1:], next_round, future)
            scores[number] += outlook.value(score_stage(final)[1])
    return candidates[best_of(scores)]


Mover = Callable[[list[int], list[tuple[int, int]], int], None]
"""Tactical: makes a round's moves still to come, (mover, card) in their order, on the spaces
given: (spaces, moves, random position)."""


def casual_mover(aims: list[Aim], leo: int) -> Mover:
    """Every mover moving casually (Leo moves Leo)."""

    def move(positions: list[int], moves: list[tuple[int, int]], position: int) -> None:
        for mover, card in moves:
            if mover == leo:
                target = leo
            else:
                target, position = casual_move(positions, card, aims[mover], position)
            positions[target] = clamp(positions[target] + VALUES[card])

    return move


def sharp_card(knowledge: Knowledge, position: int) -> int:
    """Tactical game, PICKING: the card to lay down."""
    mover = casual_mover(aims_of(knowledge), knowledge.leo)
    finish = partial(finish_randomly, tactical=True)
    return sampled_card(knowledge, position, SAMPLES, outlook_of(knowledge), mover, finish)


def sharp_move(knowledge: Knowledge, position: int) -> int:
    """Tactical game, MOVING (this player moves now): the figure to move."""
    mover = casual_mover(aims_of(knowledge), knowledge.leo)
    finish = partial(finish_randomly, tactical=True)
    return sampled_move(knowledge, position, SAMPLES, outlook_of(knowledge), mover, finish)


def sampled_card(
    knowledge: Knowledge, position: int, samples: int, outlook: Outlook, move: Mover, finish: Finish
) -> int:
    """Tactical PICKING: every card tried on the same `samples`, the others choosing casually
    this round, `move` making the round's moves and `finish` playing the stage out."""
    candidates = sorted(knowledge.hand)
    scores = [0.0] * len(candidates)
    me = knowledge.me
    leo = knowledge.leo
    next_round = knowledge.round + 1
    aims = aims_of(knowledge)
    for _ in range(samples):
        position, hands, leo_stack = deal_unseen(knowledge, position)
        chosen: list[tuple[int, int]] = []
        for seat, hand in enumerate(hands):
            if seat != me:
                card, position = casual_card(list(knowledge.positions), hand, aims[seat], position)
                hand.remove(card)
                chosen.append((card, seat))
        if leo_stack and knowledge.round < ROUNDS:
            chosen.append((leo_stack[0], leo))
            leo_stack = leo_stack[1:]
        position, moving = next_u64(position)
        position, future = next_u64(position)
        for number, card in enumerate(candidates):
            order = sorted([*chosen, (card, me)], reverse=True)
            after = list(knowledge.positions)
            move(after, [(mover, played) for played, mover in order], moving)
            rest = [hand[:] for hand in hands]
            rest[me].remove(card)
            final = finish(after, rest, leo_stack, next_round, future)
            scores[number] += outlook.value(score_stage(final)[1])
    return candidates[best_of(scores)]


def sampled_move(
    knowledge: Knowledge, position: int, samples: int, outlook: Outlook, move: Mover, finish: Finish
) -> int:
    """Tactical MOVING: every figure tried on the same `samples`, `move` making the round's
    moves still to come and `finish` playing the stage out."""
    figure_count = len(knowledge.figures)
    scores = [0.0] * figure_count
    _, card = knowledge.moves_left[0]
    value = VALUES[card]
    later = list(knowledge.moves_left[1:])
    next_round = knowledge.round + 1
    for _ in range(samples):
        position, hands, leo_stack = deal_unseen(knowledge, position)
        position, moving = next_u64(position)
        position, future = next_u64(position)
        for target in range(figure_count):
            after = list(knowledge.positions)
            after[target] = clamp(after[target] + value)
            move(after, later, moving)
            rest = [hand[:] for hand in hands]
            final = finish(after, rest, leo_stack, next_round, future)
            scores[target] += outlook.value(score_stage(final)[1])
    return best_of(scores)
