"""The rest of a stage as a tree of simultaneous rounds, regret matching at every node.

After the current round (regret.py), every player in every later round 1-4 draws its move
by regret matching (mixed with a little uniform exploration) at its information set: the
round, the figures' spaces (the public state) and its seat; round 5 is forced. Each play-out
updates the sets it passed through by outcome sampling (Lanctot et al. 2013): the move taken
gains its payoff over its probability, every move loses the payoff. A new set starts from
casual's best moves (PRIOR_PERMILLE of regret).

A set's regrets are a table indexed by move_key: one entry per (card value, target figure).
"""

from ..cards import VALUES
from ..constants import ROUNDS
from ..rng import next_u64
from ..rules import make_moves_at_once
from .casual import Aim, best_picks
from .rollout import LEO_INDEX
from .sharp import one_per_value

# Measured over 2,000 2-player games against sharp (seed 2024, paired with 20): 10 lost 2.9 +-2.8
# points, 30 lost 1.3 +-2.8.
GAMMA_PERCENT = 20
# 400 gained 0.9 +-2.8 points over the same games and lost 0.9 +-2.8 over 2,000 others (seed
# 2025): 52.9% over the 4,000 either way.
PRIOR_PERMILLE = 200
# Not kept: round 4's sets keyed by the two cards' values too (round 4 decides which card is
# kept for round 5), 0.8 +-2.9 points lost over the same games.

Visit = tuple[list[float], list[int], list[float], int, int]
"""(the set's regrets, the keys of its moves here, their probabilities, the one taken, seat)"""


def table_size(figure_count: int) -> int:
    """Entries of a regret table: card values -4..5, every figure."""
    return 10 * figure_count


def move_key(value: int, target: int, figure_count: int) -> int:
    """A move's entry in a regret table."""
    return (value + 4) * figure_count + target


Move = tuple[int, int]  # (card number, target figure)
Options = list[tuple[int, Move]]  # (table key, move)


def hand_moves(hand: list[int] | tuple[int, ...], figure_count: int) -> Options:
    """One card of each value in `hand`, every target, with their table keys."""
    return [
        (move_key(value, target, figure_count), (card, target))
        for value, card in one_per_value(hand).items()
        for target in range(figure_count)
    ]


def regret_strategy(regrets: list[float], keys: list[int], gamma: float) -> list[float]:
    """Regret matching over `keys`: each move in proportion to its positive regret (all
    alike when none is positive), mixed with `gamma` of uniform."""
    positive = [regret if regret > 0.0 else 0.0 for regret in map(regrets.__getitem__, keys)]
    total = sum(positive)
    share = 1.0 / len(keys)
    if total <= 0.0:
        return [share] * len(keys)
    return [(1 - gamma) * weight / total + gamma * share for weight in positive]


def draw(probabilities: list[float], bits: int) -> int:
    """The index `bits` (64 random bits) falls on."""
    point = (bits >> 11) / (1 << 53)
    for index, probability in enumerate(probabilities):
        point -= probability
        if point < 0.0:
            return index
    return len(probabilities) - 1


class Tree:
    """Regret tables of the later rounds, kept over one decision's iterations."""

    __slots__ = ("aims", "figure_count", "moves", "path", "tables")

    def __init__(self, aims: list[Aim], figure_count: int) -> None:
        self.aims = aims
        self.figure_count = figure_count
        self.tables: dict[tuple[int, tuple[int, ...], int], list[float]] = {}
        self.path: list[Visit] = []
        # A hand's moves and their keys: the same few hands come back in every play-out.
        self.moves: dict[tuple[int, ...], tuple[Options, list[int]]] = {}

    def _moves(self, hand: list[int]) -> tuple[Options, list[int]]:
        cards = tuple(hand)
        known = self.moves.get(cards)
        if known is None:
            options = hand_moves(cards, self.figure_count)
            known = options, [key for key, _ in options]
            self.moves[cards] = known
        return known

    def _table(
        self, round_number: int, positions: list[int], seat: int, hand: list[int]
    ) -> list[float]:
        """The regrets of one information set, made from the prior the first time."""
        key = (round_number, tuple(positions), seat)
        table = self.tables.get(key)
        if table is None:
            table = [0.0] * table_size(self.figure_count)
            for card, target in best_picks(positions, hand, self.aims[seat], round_number):
                table[move_key(VALUES[card], target, self.figure_count)] = PRIOR_PERMILLE / 1000
            self.tables[key] = table
        return table

    def finish(
        self,
        positions: list[int],
        hands: list[list[int]],
        leo_stack: list[int],
        next_round: int,
        position: int,
    ) -> list[int]:
        """Play the stage out from `next_round`, remembering the path; the final spaces."""
        self.path = []
        gamma = GAMMA_PERCENT / 100
        for round_number in range(next_round, ROUNDS):
            moves = []
            for seat, hand in enumerate(hands):
                options, keys = self._moves(hand)
                table = self._table(round_number, positions, seat, hand)
                strategy = regret_strategy(table, keys, gamma)
                position, bits = next_u64(position)
                taken = draw(strategy, bits)
                self.path.append((table, keys, strategy, taken, seat))
                card, target = options[taken][1]
                hand.remove(card)
                moves.append((card, target))
            if leo_stack:
                moves.append((leo_stack[round_number - next_round], LEO_INDEX))
            make_moves_at_once(positions, moves)
        make_moves_at_once(positions, [(hand[0], seat) for seat, hand in enumerate(hands)])
        return positions

    def update(self, payoffs: list[float]) -> None:
        """Outcome-sampling regrets for the last play-out's path, each seat its payoff."""
        for table, keys, strategy, taken, seat in self.path:
            payoff = payoffs[seat]
            for key in keys:
                table[key] -= payoff
            table[keys[taken]] += payoff / strategy[taken]
