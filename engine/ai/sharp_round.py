"""The standard game's rounds 1-3 as another player would play them if it plays as sharp: the
move best for it were the others to play casually this round and everyone at random after it.

Estimated once per decision and per other player, from that player's seat: for every card
value and target, the mean outlook over a few samples of what it cannot see (its own other
cards included, since the deciding player does not know them); then read for the hand each of
the deciding player's samples deals it.
"""

from ..cards import VALUES
from ..rng import next_u64
from ..rules import make_moves_at_once, score_stage
from .casual import Aim, casual_pick
from .endgame import CARD_OF_VALUE
from .knowledge import Knowledge
from .outlook import Outlook
from .randomness import shuffled
from .rollout import LEO_INDEX, finish_randomly

Moves = list[tuple[int, int]]  # (card number, target figure)


class SharpRound:
    """One other player's (`seat`) sharp choice this round, for any hand."""

    __slots__ = ("knowledge", "outlook", "rows", "seat", "worlds")

    def __init__(
        self, knowledge: Knowledge, seat: int, aims: list[Aim], worlds: int, position: int
    ) -> None:
        self.knowledge = knowledge
        self.seat = seat
        self.outlook = Outlook(knowledge.totals, seat, knowledge.player_count, knowledge.stage)
        self.rows: dict[int, list[float]] = {}
        pool = [*knowledge.unseen, *knowledge.hand]
        sizes = knowledge.hand_sizes
        needed = sum(sizes) - 1 + knowledge.leo_left
        samples: list[tuple[Moves, list[list[int]], list[int], int]] = []
        for _ in range(worlds):
            cards = pool[:]
            position = shuffled(position, cards, needed)
            played: Moves = []
            hands: list[list[int]] = []
            taken = 0
            for other, size in enumerate(sizes):
                if other == seat:  # its own cards after this round's
                    hand = cards[taken : taken + size - 1]
                    taken += size - 1
                else:
                    hand = cards[taken : taken + size]
                    taken += size
                    card, target, position = casual_pick(
                        list(knowledge.positions), hand, aims[other], knowledge.round, position
                    )
                    hand.remove(card)
                    played.append((card, target))
                hands.append(hand)
            leo_stack = cards[taken : taken + knowledge.leo_left]
            if leo_stack:
                played.append((leo_stack[0], LEO_INDEX))
            position, future = next_u64(position)
            samples.append((played, hands, leo_stack[1:], future))
        self.worlds = samples

    def row(self, value: int) -> list[float]:
        """Mean outlook per target of playing a card of `value` now."""
        known = self.rows.get(value)
        if known is not None:
            return known
        card = CARD_OF_VALUE[value]
        knowledge = self.knowledge
        next_round = knowledge.round + 1
        outlook = self.outlook.value
        result = []
        for target in range(len(knowledge.positions)):
            total = 0.0
            for played, hands, leo_stack, future in self.worlds:
                after = list(knowledge.positions)
                make_moves_at_once(after, [*played, (card, target)])
                rest = [hand[:] for hand in hands]
                final = finish_randomly(after, rest, leo_stack, next_round, future, tactical=False)
                total += outlook(score_stage(final)[1])
            result.append(total)
        self.rows[value] = result
        return result

    def move(self, hand: list[int]) -> tuple[int, int]:
        """(card, target) for this hand: its best move."""
        best = (-1.0, hand[0], self.seat)
        for card in hand:
            for target, score in enumerate(self.row(VALUES[card])):
                if score > best[0]:
                    best = (score, card, target)
        return best[1], best[2]
