"""Regret matching at the current round: the round as a one-shot simultaneous game, the
rounds after it a regret-matching tree (regret_tree.py).

Every player at the table (the deciding one and the others) keeps a table of regrets over
moves (card value, target figure). Each iteration deals the unseen cards anew (what the
other hands and Leo's stack could be); every player draws a move from its regret-matching
strategy, mixed with a little uniform exploration, among the moves its dealt hand holds;
then, for every player, each of its moves is tried against the others' drawn moves, the
stage played out through the tree, and its regrets grow by how much better each move would
have done than its strategy's mean; every play-out updates the tree too. Every player values
a stage's end by its own outlook. The others' tables start from a prior: the moves casual
play likes best. The move played: the deciding player's best mean value over the
iterations. Budgets are counts of iterations.

Expert play uses it at two players (expert.REGRET_ROUNDS): against sharp, whole games of
bench/ai.py, seed 2024, 53.5% +-2.1 of 2,000 against 49.3% for the expert's Monte Carlo on
the same games (paired +4.3 +-2.7 points), decision p99 150-159 ms, with 48 iterations in
round 1; with 72, on 2,000 other games (seed 2025), 53.9% +-2.1 against 52.4% with 48 (paired
+1.6 +-2.7), p99 213-215 ms (191 ms once the tree kept each hand's moves). Without the tree
(the later rounds by the plan's rollout), -2.3 +-6.5 of 400; at four players, without the
tree -3.3 +-5.6 and with it -1.6 +-6.9 (300 games, p99 273 ms): Monte Carlo stays there. Not
kept either: the other player's move this round forecast as sharp would play it, instead of
its regret matching (-0.2 +-2.8 of 2,000), the stages to come drawn whole in the outlook
(-1.1 +-2.8 of 2,000), 96 iterations (seed 2024's 2,000 games: 53.4% against 54.1% with 72,
paired -0.7 +-2.7, p99 245 ms), and regret matching+ (Tammelin 2014: a move's regret kept at
zero or above) with later iterations weighing more in the move played, as in linear CFR (seed
2024's 2,000: 53.2%, paired -0.9 +-2.8).
"""

from ..cards import VALUES
from ..rng import next_u64
from ..rules import make_moves_at_once, score_stage
from .casual import best_picks
from .knowledge import Knowledge
from .outlook import Outlook, expert_outlook
from .regret_tree import (
    Move,
    Options,
    Tree,
    draw,
    hand_moves,
    move_key,
    regret_strategy,
    table_size,
)
from .rollout import LEO_INDEX
from .sharp import aims_of, best_of, deal_unseen, one_per_value

ITERATIONS = 72  # round 1; doubled each later round
GAMMA_PERCENT = 10  # exploration: one draw in ten uniform among the hand's moves
# The others' starting regret on casual's best moves (in win share). Over 2,000 2-player games
# against sharp (seed 2024, paired with 50, 48 iterations): 0 lost 1.1 +-2.8 points, 150 lost 1.0
# +-2.9.
PRIOR_PERMILLE = 50


class Sample:
    """One iteration's deal and future: the stage's points for any moves of this round."""

    __slots__ = ("future", "hands", "leo_stack", "next_round", "positions", "tree")

    def __init__(
        self,
        positions: list[int],
        hands: list[list[int]],
        leo_stack: list[int],
        next_round: int,
        future: int,
        tree: Tree,
    ) -> None:
        self.positions = positions
        self.hands = hands
        self.leo_stack = leo_stack
        self.next_round = next_round
        self.future = future
        self.tree = tree

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
        final = self.tree.finish(after, rest, leo_stack[1:], self.next_round, self.future)
        return score_stage(final)[1]

    def gains(
        self, drawn: list[Move], seat: int, options: Options, outlooks: list[Outlook]
    ) -> list[float]:
        """`seat`'s value of each of its moves against the others' drawn ones; every play-out
        updates the tree with every player's value."""
        gains = []
        for _, move in options:
            points = self.points(drawn, seat, move)
            payoffs = [outlook.value(points) for outlook in outlooks]
            self.tree.update(payoffs)
            gains.append(payoffs[seat])
        return gains


def regret_pick(knowledge: Knowledge, position: int, iterations: int = ITERATIONS) -> Move:
    """Standard game, rounds 1-3: (card, target figure). `iterations` in round 1, doubled
    each later round."""
    me = knowledge.me
    players = knowledge.player_count
    figure_count = len(knowledge.figures)
    outlooks: list[Outlook] = [
        expert_outlook(knowledge.totals, seat, players, knowledge.stage) for seat in range(players)
    ]
    regrets = [[0.0] * table_size(figure_count) for _ in range(players)]
    aims = aims_of(knowledge)
    positions = list(knowledge.positions)
    prior = PRIOR_PERMILLE / 1000
    gamma = GAMMA_PERCENT / 100
    # Casual's liking of a move before round 4 does not depend on the rest of the hand.
    every_value = list(one_per_value(range(1, len(VALUES))).values())
    for seat in range(players):
        if seat != me:
            for card, target in best_picks(positions, every_value, aims[seat], knowledge.round):
                regrets[seat][move_key(VALUES[card], target, figure_count)] = prior
    mine = hand_moves(knowledge.hand, figure_count)
    values = [0.0] * len(mine)
    tree = Tree(aims, figure_count)
    for _ in range(iterations << (knowledge.round - 1)):
        position, hands, leo_stack = deal_unseen(knowledge, position)
        options = [
            mine if seat == me else hand_moves(hand, figure_count)
            for seat, hand in enumerate(hands)
        ]
        strategies = []
        drawn: list[Move] = []
        for seat in range(players):
            strategy = regret_strategy(regrets[seat], [key for key, _ in options[seat]], gamma)
            position, bits = next_u64(position)
            strategies.append(strategy)
            drawn.append(options[seat][draw(strategy, bits)][1])
        position, future = next_u64(position)
        sample = Sample(positions, hands, leo_stack, knowledge.round + 1, future, tree)
        for seat in range(players):
            gains = sample.gains(drawn, seat, options[seat], outlooks)
            mean = sum(p * g for p, g in zip(strategies[seat], gains, strict=True))
            table = regrets[seat]
            for (key, _), gain in zip(options[seat], gains, strict=True):
                table[key] += gain - mean
            if seat == me:
                values = [value + gain for value, gain in zip(values, gains, strict=True)]
    return mine[best_of(values)][1]
