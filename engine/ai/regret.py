"""Regret matching at the current round: the round as a one-shot simultaneous game.

Every player at the table (the deciding one and the others) keeps a table of regrets over
moves (card value, target figure). Each iteration deals the unseen cards anew (what the
other hands and Leo's stack could be); every player draws a move from its regret-matching
strategy, mixed with a little uniform exploration, among the moves its dealt hand holds;
then, for every player, each of its moves is tried against the others' drawn moves, the
stage played out by the expert's rollout (the deciding player greedy, the others at random,
on one future per iteration), and its regrets grow by how much better each move would have
done than its strategy's mean. Every player values a stage's end by its own outlook.
The others' tables start from a prior: the moves casual play likes best.

The move played: the deciding player's best mean value over the iterations, or its average
strategy's most played move (FINAL). With TREE the later rounds are a regret-matching tree
too (regret_tree.py), every play-out updating it. Budgets are counts of iterations.

Expert play uses it, with the tree, at two players (expert.REGRET_ROUNDS): against sharp, whole
games of bench/ai.py, seed 2024, 53.5% +-2.1 of 2,000 against 49.3% for the expert's Monte
Carlo on the same games (paired +4.3 +-2.7 points), decision p99 150-159 ms. Without the tree,
-2.3 +-6.5 of 400; at four players, one-shot -3.3 +-5.6 and with the tree -1.6 +-6.9 (300
games, p99 273 ms): Monte Carlo stays there.
"""

from collections.abc import Callable

from ..cards import VALUES
from ..rng import next_u64
from ..rules import make_moves_at_once, score_stage
from .casual import best_picks
from .knowledge import Knowledge
from .outlook import Outlook, expert_outlook
from .regret_tree import Tree
from .rollout import LEO_INDEX
from .sharp import aims_of, best_of, deal_unseen, standard_candidates

ITERATIONS = 48  # round 1; doubled each later round
GAMMA_PERCENT = 10  # exploration: one draw in ten uniform among the hand's moves
PRIOR_PERMILLE = 50  # the others' starting regret on casual's best moves (in win share)
FINAL = 0  # 0: best mean value; 1: the average strategy's most played move
OTHERS_FULL = 1  # 1: the others' regrets from every move of their hand; 0: no others' tables
TREE = 1  # 1: the later rounds by regret matching too (regret_tree.py), not by `finish`

Finish = Callable[[list[int], list[list[int]], list[int], int, int], list[int]]
Move = tuple[int, int]  # (card number, target figure)


def _key(value: int, target: int, figure_count: int) -> int:
    return (value + 4) * figure_count + target


def _moves(hand: list[int], figure_count: int) -> list[tuple[int, Move]]:
    """(table key, move) for one card of each value in `hand`, every target."""
    by_value: dict[int, int] = {}
    for card in sorted(hand):
        by_value.setdefault(VALUES[card], card)
    return [
        (_key(value, target, figure_count), (card, target))
        for value, card in by_value.items()
        for target in range(figure_count)
    ]


def _strategy(regrets: list[float], keys: list[int]) -> list[float]:
    """Regret matching over `keys`, mixed with GAMMA_PERCENT uniform."""
    positive = [max(regrets[key], 0.0) for key in keys]
    total = sum(positive)
    share = 1.0 / len(keys)
    if total <= 0.0:
        return [share] * len(keys)
    gamma = GAMMA_PERCENT / 100
    return [(1 - gamma) * weight / total + gamma * share for weight in positive]


def _draw(probabilities: list[float], bits: int) -> int:
    point = (bits >> 11) / (1 << 53)
    for index, probability in enumerate(probabilities):
        point -= probability
        if point < 0.0:
            return index
    return len(probabilities) - 1


class Sample:
    """One iteration's deal and future: the stage's points for any moves of this round."""

    __slots__ = ("finish", "future", "hands", "leo_stack", "next_round", "positions")

    def __init__(
        self,
        positions: list[int],
        hands: list[list[int]],
        leo_stack: list[int],
        next_round: int,
        future: int,
        finish: Finish,
    ) -> None:
        self.positions = positions
        self.hands = hands
        self.leo_stack = leo_stack
        self.next_round = next_round
        self.future = future
        self.finish = finish

    def points(self, drawn: list[Move], seat: int, move: Move) -> tuple[int, ...]:
        """The stage's points when `seat` plays `move` and every other player its drawn one."""
        moves = drawn[:]
        moves[seat] = move
        after = self.positions[:]
        leo_stack = self.leo_stack
        make_moves_at_once(after, [*moves, (leo_stack[0], LEO_INDEX)] if leo_stack else moves)
        rest = [hand[:] for hand in self.hands]
        for player, (card, _) in enumerate(moves):
            rest[player].remove(card)
        final = self.finish(after, rest, leo_stack[1:], self.next_round, self.future)
        return score_stage(final)[1]


def regret_pick(
    knowledge: Knowledge,
    position: int,
    finish: Finish,
    iterations: int = ITERATIONS,
    with_tree: bool = bool(TREE),
) -> Move:
    """Standard game, rounds 1-3: (card, target figure). `iterations` in round 1, doubled
    each later round; `with_tree`: the later rounds searched too (else played by `finish`)."""
    me = knowledge.me
    players = knowledge.player_count
    figure_count = len(knowledge.figures)
    table_size = 10 * figure_count
    outlooks: list[Outlook] = [
        expert_outlook(knowledge.totals, seat, players, knowledge.stage) for seat in range(players)
    ]
    regrets = [[0.0] * table_size for _ in range(players)]
    aims = aims_of(knowledge)
    positions = list(knowledge.positions)
    prior = PRIOR_PERMILLE / 1000
    # Casual's liking of a move before round 4 does not depend on the rest of the hand.
    every_value = list({VALUES[card]: card for card in range(1, len(VALUES))}.values())
    for seat in range(players):
        if seat != me:
            for card, target in best_picks(positions, every_value, aims[seat], knowledge.round):
                regrets[seat][_key(VALUES[card], target, figure_count)] = prior
    candidates = standard_candidates(knowledge)
    mine = [
        (_key(VALUES[card], target, figure_count), (card, target)) for card, target in candidates
    ]
    values = [0.0] * len(mine)
    played = [0.0] * len(mine)
    next_round = knowledge.round + 1
    iterations <<= knowledge.round - 1
    tree = Tree(aims, figure_count) if with_tree else None
    if tree is not None:
        finish = tree.finish
    for _ in range(iterations):
        position, hands, leo_stack = deal_unseen(knowledge, position)
        options = [
            mine if seat == me else _moves(hand, figure_count) for seat, hand in enumerate(hands)
        ]
        strategies = []
        chosen: list[int] = []
        for seat in range(players):
            keys = [key for key, _ in options[seat]]
            strategy = _strategy(regrets[seat], keys)
            position, bits = next_u64(position)
            strategies.append(strategy)
            chosen.append(_draw(strategy, bits))
        position, future = next_u64(position)
        sample = Sample(positions, hands, leo_stack, next_round, future, finish)
        drawn = [moves[index][1] for moves, index in zip(options, chosen, strict=True)]

        for seat in range(players):
            if seat != me and not OTHERS_FULL:
                continue
            if tree is None:
                outlook = outlooks[seat]
                gains = [
                    outlook.value(sample.points(drawn, seat, move)) for _, move in options[seat]
                ]
            else:
                gains = []
                for _, move in options[seat]:
                    points = sample.points(drawn, seat, move)
                    payoffs = [outlook.value(points) for outlook in outlooks]
                    tree.update(payoffs)
                    gains.append(payoffs[seat])
            strategy = strategies[seat]
            mean = sum(p * g for p, g in zip(strategy, gains, strict=True))
            table = regrets[seat]
            for (key, _), gain in zip(options[seat], gains, strict=True):
                table[key] += gain - mean
            if seat == me:
                for index, gain in enumerate(gains):
                    values[index] += gain
                for index, probability in enumerate(strategy):
                    played[index] += probability
    scores = played if FINAL else values
    return candidates[best_of(scores)]
