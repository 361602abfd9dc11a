"""The standard game's round 4, the last choice of a stage: after it every player's last card
goes on themself, so a sample of the unseen cards settles the stage exactly.

Expert play models every other player as sharp plays: the move that is best for them were
the others to play casually (their own view of the table), estimated once per decision for
every move a hand could hold, then read for the hands each sample deals them.
"""

from ..cards import VALUES
from ..rules import make_moves_at_once, score_stage
from .casual import Aim, casual_pick
from .knowledge import Knowledge
from .outlook import Outlook
from .randomness import shuffled
from .rollout import LEO_INDEX

# A card number of every value: a move's value is all that counts in the standard game.
CARD_OF_VALUE = {VALUES[card]: card for card in range(len(VALUES) - 1, 0, -1)}

Moves = list[tuple[int, int]]  # (card number, target figure) for make_moves_at_once


def settle(positions: tuple[int, ...], fourth: Moves, fifth: Moves) -> tuple[int, ...]:
    """Every figure's points once round 4's cards (`fourth`) and the last cards (`fifth`,
    each on its player) are played: the rules' own moves and scoring."""
    spaces = list(positions)
    make_moves_at_once(spaces, fourth)
    make_moves_at_once(spaces, fifth)
    return score_stage(spaces)[1]


class SharpModel:
    """What one other player (`seat`) would play in round 4 as sharp plays: for each move
    (card value, target, value of the card kept), its mean outlook over `worlds` samples of
    the cards that player cannot see, the others playing casually in them."""

    __slots__ = ("knowledge", "known", "outlook", "seat", "worlds")

    def __init__(
        self, knowledge: Knowledge, seat: int, aims: list[Aim], worlds: int, position: int
    ) -> None:
        self.knowledge = knowledge
        self.seat = seat
        self.outlook = Outlook(knowledge.totals, seat, knowledge.player_count, knowledge.stage)
        self.known: dict[tuple[int, int], list[float]] = {}
        # From this player's seat, the cards it cannot see include the deciding player's hand.
        pool = [*knowledge.unseen, *knowledge.hand]
        sizes = knowledge.hand_sizes
        needed = sum(sizes) - sizes[seat] + knowledge.leo_left
        samples: list[tuple[Moves, Moves]] = []
        for _ in range(worlds):
            cards = pool[:]
            position = shuffled(position, cards, needed)
            fourth: Moves = []
            fifth: Moves = []
            taken = 0
            for other, size in enumerate(sizes):
                if other == seat:
                    continue
                hand = cards[taken : taken + size]
                taken += size
                card, target, position = casual_pick(
                    list(knowledge.positions), hand, aims[other], 4, position
                )
                fourth.append((card, target))
                fifth.append((hand[0] if hand[1] == card else hand[1], other))
            if knowledge.leo_left:
                fourth.append((cards[taken], LEO_INDEX))
            samples.append((fourth, fifth))
        self.worlds = samples

    def values(self, played: int, kept: int) -> list[float]:
        """Mean outlook per target of playing a card of value `played`, keeping `kept`."""
        key = (played, kept)
        known = self.known.get(key)
        if known is not None:
            return known
        card, last, seat = CARD_OF_VALUE[played], CARD_OF_VALUE[kept], self.seat
        positions = self.knowledge.positions
        value = self.outlook.value
        result = []
        for target in range(len(positions)):
            total = 0.0
            for fourth, fifth in self.worlds:
                total += value(settle(positions, [*fourth, (card, target)], [*fifth, (last, seat)]))
            result.append(total / len(self.worlds))
        self.known[key] = result
        return result

    def move(self, hand: list[int]) -> tuple[int, int]:
        """(card, target) for this two-card hand: the best of its moves."""
        first, second = hand
        best = (-1.0, first, 0)
        for card, kept in ((first, second), (second, first)):
            for target, score in enumerate(self.values(VALUES[card], VALUES[kept])):
                if score > best[0]:
                    best = (score, card, target)
        return best[1], best[2]
