"""Expert play (experimental)."""

from ..cards import VALUES
from ..constants import ROUNDS
from ..rng import next_u64
from ..rules import make_moves_at_once, score_stage
from ..simulate import random_plays
from .casual import Aim, best_picks, casual_pick
from .endgame import SharpModel, settle
from .knowledge import Knowledge
from .last_moves import LastMoves
from .outlook import my_outlook
from .rollout import LEO_INDEX
from .sharp import aims_of, best_of, deal_unseen, standard_candidates
from .sharp_round import SharpRound
from .tactical_plan import plan_card, plan_move
from .third import third_pick

PLAN_SAMPLES = 64
WORLDS = 24
ENDGAME_SAMPLES = 300
ALL_SMART = 0
THIRD = 0
SHARP_OPPONENTS = 0
OPPONENT_WORLDS = 16


def expert_move(knowledge: Knowledge, position: int) -> int:
    if knowledge.round == ROUNDS:
        moves = LastMoves(knowledge, aims_of(knowledge))
        _, card = knowledge.moves_left[0]
        later = list(knowledge.moves_left[1:])
        return moves.best_target(list(knowledge.positions), knowledge.me, card, later)
    return plan_move(knowledge, position)


def expert_pick(knowledge: Knowledge, position: int) -> tuple[int, int]:
    if knowledge.round == ROUNDS - 1:
        return endgame_pick(knowledge, position)
    if THIRD and knowledge.round == ROUNDS - 2:
        return third_pick(knowledge, position)
    return plan_pick(knowledge, position)


def endgame_pick(knowledge: Knowledge, position: int) -> tuple[int, int]:
    me = knowledge.me
    aims = aims_of(knowledge)
    models: dict[int, SharpModel] = {}
    for seat in range(knowledge.player_count):
        if seat != me:
            position, seed = next_u64(position)
            models[seat] = SharpModel(knowledge, seat, aims, WORLDS, seed)
    candidates = standard_candidates(knowledge)
    hand = knowledge.hand
    mine = [(card, target, hand[0] if hand[1] == card else hand[1]) for card, target in candidates]
    outlook = my_outlook(knowledge)
    scores = [0.0] * len(candidates)
    for _ in range(ENDGAME_SAMPLES):
        position, hands, leo_stack = deal_unseen(knowledge, position)
        fourth = []
        fifth = []
        for seat, dealt in enumerate(hands):
            if seat != me:
                card, target = models[seat].move(dealt)
                fourth.append((card, target))
                fifth.append((dealt[0] if dealt[1] == card else dealt[1], seat))
        if leo_stack:
            fourth.append((leo_stack[0], LEO_INDEX))
        for number, (card, target, kept) in enumerate(mine):
            points = settle(knowledge.positions, [*fourth, (card, target)], [*fifth, (kept, me)])
            scores[number] += outlook.value(points)
    return candidates[best_of(scores)]


def finish_planning(
    positions: list[int],
    hands: list[list[int]],
    leo_stack: list[int],
    next_round: int,
    position: int,
    aims: list[Aim],
    smart: tuple[int, ...],
) -> list[int]:
    """The rest of the stage: the `smart` seats playing the move that looks best each round,
    the others at random."""
    figure_count = len(positions)
    others = [hand for seat, hand in enumerate(hands) if seat not in smart]
    for round_number in range(next_round, ROUNDS + 1):
        left = ROUNDS + 1 - round_number
        if left == 1:
            moves = [(hand[0], seat) for seat, hand in enumerate(hands)]
        else:
            position, bits = next_u64(position)
            moves = []
            for seat in smart:
                bits, pick = divmod(bits, 64)
                best = best_picks(positions, hands[seat], aims[seat], round_number)
                card, target = best[pick % len(best)]
                hands[seat].remove(card)
                moves.append((card, target))
            moves += random_plays(others, left, figure_count, bits)
            if leo_stack:
                moves.append((leo_stack[round_number - next_round], LEO_INDEX))
        make_moves_at_once(positions, moves)
    return positions


def plan_pick(knowledge: Knowledge, position: int) -> tuple[int, int]:
    candidates = standard_candidates(knowledge)
    outlook = my_outlook(knowledge)
    scores = [0.0] * len(candidates)
    me = knowledge.me
    next_round = knowledge.round + 1
    aims = aims_of(knowledge)
    smart = tuple(range(knowledge.player_count)) if ALL_SMART else (me,)
    models: dict[int, SharpRound] = {}
    if SHARP_OPPONENTS:
        for seat in range(knowledge.player_count):
            if seat != me:
                position, seed = next_u64(position)
                models[seat] = SharpRound(knowledge, seat, aims, OPPONENT_WORLDS, seed)
    for _ in range(PLAN_SAMPLES):
        position, hands, leo_stack = deal_unseen(knowledge, position)
        played = []
        for seat, hand in enumerate(hands):
            if seat in models:
                card, target = models[seat].move(hand)
                hand.remove(card)
                played.append((card, target))
            elif seat != me:
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
            final = finish_planning(after, rest, leo_stack[1:], next_round, future, aims, smart)
            scores[number] += outlook.value(score_stage(final)[1])
    return candidates[best_of(scores)]


__all__ = ["VALUES", "expert_pick", "plan_card"]
