"""Experimental: the standard game's round 3, planned into round 4."""

from collections.abc import Callable

from ..rng import next_u64
from ..rules import make_moves_at_once, score_stage
from ..simulate import random_plays
from .casual import best_picks, casual_pick
from .knowledge import Knowledge
from .outlook import my_outlook
from .randomness import shuffled
from .rollout import LEO_INDEX
from .sharp import aims_of, best_of, deal_unseen, standard_candidates

SAMPLES = 48
RESPONSE_WORLDS = 6
OPPONENTS = 0  # 0 random in round 4, 1 greedy

Moves = list[tuple[int, int]]


def settle(spaces: list[int], fourth: Moves, fifth: Moves) -> tuple[int, ...]:
    make_moves_at_once(spaces, fourth)
    make_moves_at_once(spaces, fifth)
    return score_stage(spaces)[1]


def my_fourth(
    positions: list[int],
    hand: list[int],
    pool: list[int],
    others: list[int],
    leo: bool,
    me: int,
    value: Callable[[tuple[int, ...]], float],
    position: int,
) -> tuple[int, int, int]:
    """My round-4 move from positions after round 3, knowing my hand and the pool of cards I
    have not seen: the best on average over a few ways the others could play at random."""
    figure_count = len(positions)
    options = [
        (card, target, hand[0] if hand[1] == card else hand[1])
        for card in hand
        for target in range(figure_count)
    ]
    totals = [0.0] * len(options)
    needed = 2 * len(others) + (1 if leo else 0)
    for _ in range(RESPONSE_WORLDS):
        cards = pool[:]
        position = shuffled(position, cards, needed)
        hands = [cards[2 * index : 2 * index + 2] for index in range(len(others))]
        position, bits = next_u64(position)
        fourth = random_plays(hands, 2, figure_count, bits)
        if leo:
            fourth.append((cards[needed - 1], LEO_INDEX))
        fifth = [(left[0], seat) for left, seat in zip(hands, others, strict=True)]
        for number, (card, target, kept) in enumerate(options):
            points = settle(positions[:], [*fourth, (card, target)], [*fifth, (kept, me)])
            totals[number] += value(points)
    card, target, _ = options[best_of(totals)]
    return card, target, position


def third_pick(knowledge: Knowledge, position: int) -> tuple[int, int]:
    me = knowledge.me
    start = list(knowledge.positions)
    figure_count = len(start)
    candidates = standard_candidates(knowledge)
    value = my_outlook(knowledge).value
    aims = aims_of(knowledge)
    others = [seat for seat in range(knowledge.player_count) if seat != me]
    scores = [0.0] * len(candidates)
    for _ in range(SAMPLES):
        position, hands, leo_stack = deal_unseen(knowledge, position)
        third: Moves = []
        for seat in others:
            card, target, position = casual_pick(start, hands[seat], aims[seat], 3, position)
            hands[seat].remove(card)
            third.append((card, target))
        if leo_stack:
            third.append((leo_stack[0], LEO_INDEX))
        revealed = {card for card, _ in third}
        pool = [card for card in knowledge.unseen if card not in revealed]
        position, bits = next_u64(position)
        for number, (card, target) in enumerate(candidates):
            after = start[:]
            make_moves_at_once(after, [*third, (card, target)])
            mine = [held for held in knowledge.hand if held != card]
            mine_card, mine_target, position = my_fourth(
                after, mine, pool, others, bool(leo_stack), me, value, position
            )
            left = [hands[seat][:] for seat in others]
            if OPPONENTS:
                fourth = []
                for seat, held in zip(others, left, strict=True):
                    played, aimed = best_picks(after, held, aims[seat], 4)[0]
                    held.remove(played)
                    fourth.append((played, aimed))
            else:
                fourth = random_plays(left, 2, figure_count, bits)
            if leo_stack:
                fourth.append((leo_stack[1], LEO_INDEX))
            fifth = [(held[0], seat) for held, seat in zip(left, others, strict=True)]
            kept = mine[0] if mine[1] == mine_card else mine[1]
            points = settle(after, [*fourth, (mine_card, mine_target)], [*fifth, (kept, me)])
            scores[number] += value(points)
    return candidates[best_of(scores)]
