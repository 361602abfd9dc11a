"""The rest of a stage as a tree of simultaneous rounds, regret matching at every node.

After the current round (regret.py), every player in every later round 1-4 draws its move
by regret matching (mixed with a little uniform exploration) at its information set: the
round, the figures' spaces (the public state) and, when HAND_KEYED, its own hand's values;
round 5 is forced. Each play-out updates the sets it passed through by outcome sampling
(Lanctot et al. 2013): the move taken gains its payoff over its probability, every move
loses the payoff. A new set starts from casual's best moves (PRIOR_PERMILLE of regret).
"""

from ..cards import VALUES
from ..constants import ROUNDS
from ..rng import next_u64
from ..rules import make_moves_at_once
from .casual import Aim, best_picks
from .rollout import LEO_INDEX

GAMMA_PERCENT = 20
PRIOR_PERMILLE = 200
HAND_KEYED = 0

Visit = tuple[list[float], list[int], list[float], int, int]
"""(the set's regrets, the keys of its moves here, their probabilities, the one taken, seat)"""


class Tree:
    """Regret tables of the later rounds, kept over one decision's iterations."""

    __slots__ = ("aims", "figure_count", "path", "tables")

    def __init__(self, aims: list[Aim], figure_count: int) -> None:
        self.aims = aims
        self.figure_count = figure_count
        self.tables: dict[tuple[object, ...], list[float]] = {}
        self.path: list[Visit] = []

    def _table(
        self, key: tuple[object, ...], positions: list[int], round_number: int, hand: list[int]
    ) -> list[float]:
        """The regrets of one information set, made from the prior the first time."""
        table = self.tables.get(key)
        if table is None:
            table = [0.0] * (10 * self.figure_count)
            seat = key[2]
            assert isinstance(seat, int)
            for card, target in best_picks(positions, hand, self.aims[seat], round_number):
                table[(VALUES[card] + 4) * self.figure_count + target] = PRIOR_PERMILLE / 1000
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
        figure_count = self.figure_count
        gamma = GAMMA_PERCENT / 100
        for round_number in range(next_round, ROUNDS + 1):
            if round_number == ROUNDS:
                make_moves_at_once(positions, [(hand[0], seat) for seat, hand in enumerate(hands)])
                break
            state = tuple(positions)
            moves = []
            for seat, hand in enumerate(hands):
                by_value: dict[int, int] = {}
                for card in sorted(hand):
                    by_value.setdefault(VALUES[card], card)
                values = tuple(by_value)
                key = (round_number, state, seat, values if HAND_KEYED else ())
                table = self._table(key, positions, round_number, hand)
                keys = [
                    (value + 4) * figure_count + target
                    for value in values
                    for target in range(figure_count)
                ]
                positive = [max(table[k], 0.0) for k in keys]
                total = sum(positive)
                share = 1.0 / len(keys)
                if total > 0.0:
                    strategy = [(1 - gamma) * w / total + gamma * share for w in positive]
                else:
                    strategy = [share] * len(keys)
                position, bits = next_u64(position)
                point = (bits >> 11) / (1 << 53)
                taken = len(keys) - 1
                for index, probability in enumerate(strategy):
                    point -= probability
                    if point < 0.0:
                        taken = index
                        break
                self.path.append((table, keys, strategy, taken, seat))
                value, target = divmod(keys[taken], figure_count)
                card = by_value[value - 4]
                hand.remove(card)
                moves.append((card, target))
            if leo_stack:
                moves.append((leo_stack[round_number - next_round], LEO_INDEX))
            make_moves_at_once(positions, moves)
        return positions

    def update(self, payoffs: list[float]) -> None:
        """Outcome-sampling regrets for the last play-out's path, each seat its payoff."""
        for table, keys, strategy, taken, seat in self.path:
            payoff = payoffs[seat]
            for key in keys:
                table[key] -= payoff
            table[keys[taken]] += payoff / strategy[taken]
