"""The standard game's round 4, the last choice of a stage: after it every player's last card
goes on themself, so a sample of the unseen cards settles the stage exactly.

Expert play models every other player as sharp plays: the move that is best for them were
the others to play casually (their own view of the table), estimated once per decision for
every move a hand could hold, then read for the hands each sample deals them. In the
samples of the rounds before (expert.finish_planning), where every hand is dealt and known,
round 4 is played as every player's answer (known_hands_answers).

Every move of a hand is tried on every sample, so the cards are added up here: a World keeps
a sample's sums, and each move changes only the two figures it touches (a round-4 decision
takes a fifth to a quarter less CPU than settling every move from scratch did).
tests/engine/test_expert.py holds every end a World gives to the rules' own moves
(engine/rules.py), on any table, near the track's ends too.

Not kept: each other player's move drawn from a spread fitted to sharp's real round-4 moves
(in proportion to exp(value / temperature), with a share of uniform draws: 0.015 and 12% at
four players, 0.010 and 2% at two) rather than its best move: over seed 2024's 2,000 games of
bench/ai.py, -0.2 +-2.1 points at four players and +0.1 +-1.4 at two.
"""

from collections.abc import Callable

from ..cards import VALUES
from ..constants import ROUNDS
from ..rules import clamp, score_stage
from .casual import Aim, best_picks, casual_pick, kept_card
from .knowledge import Knowledge
from .outlook import Outlook
from .randomness import shuffled
from .rollout import LEO_INDEX

Moves = list[tuple[int, int]]  # (card number, target figure index)


class World:
    """One sample of the others' last two rounds (round 4's cards, Leo's included, and their
    last cards), seen from one player's seat: where every figure would be after round 4
    before clamping (`reached`) and after it (`stopped`), what the others' last cards add in
    round 5 (`last`, nothing on the player itself), and where every figure ends were the
    player's own two cards to move nobody (`settled`)."""

    __slots__ = ("last", "reached", "settled", "stopped")

    def __init__(self, positions: tuple[int, ...], fourth: Moves, fifth: Moves) -> None:
        reached = list(positions)
        last = [0] * len(positions)
        for card, target in fourth:
            reached[target] += VALUES[card]
        for card, target in fifth:
            last[target] += VALUES[card]
        self.reached = reached
        self.last = last
        self.stopped = [clamp(at) for at in reached]
        self.settled = [clamp(at + add) for at, add in zip(self.stopped, last, strict=True)]

    def ends(self, seat: int, played: int, kept: int) -> list[list[int]]:
        """Where every figure ends, per target, when `seat` plays a card of value `played` on
        the target and keeps one of value `kept` for itself."""
        reached, last = self.reached, self.last
        base = self.settled[:]
        base[seat] = clamp(self.stopped[seat] + kept)
        result = []
        for target in range(len(base)):
            final = base[:]
            moved = clamp(reached[target] + played)
            final[target] = clamp(moved + (kept if target == seat else last[target]))
            result.append(final)
        return result


class EndValues:
    """An outlook's value of a stage's final spaces, remembered for one decision."""

    __slots__ = ("known", "outlook")

    def __init__(self, outlook: Outlook) -> None:
        self.outlook = outlook
        self.known: dict[tuple[int, ...], float] = {}

    def __call__(self, final: list[int]) -> float:
        key = tuple(final)
        known = self.known.get(key)
        if known is None:
            known = self.known[key] = self.outlook.value(score_stage(final)[1])
        return known


class SharpModel:
    """What one other player (`seat`) would play in round 4 as sharp plays: for each move
    (card value, target, value of the card kept), its mean outlook over `worlds` samples of
    the cards that player cannot see, the others playing casually in them."""

    __slots__ = ("figure_count", "known", "seat", "value", "worlds")

    def __init__(
        self, knowledge: Knowledge, seat: int, aims: list[Aim], worlds: int, position: int
    ) -> None:
        self.seat = seat
        self.figure_count = len(knowledge.positions)
        self.value = EndValues(
            Outlook(knowledge.totals, seat, knowledge.player_count, knowledge.stage)
        )
        self.known: dict[tuple[int, int], list[float]] = {}
        # From this player's seat, the cards it cannot see include the deciding player's hand.
        pool = [*knowledge.unseen, *knowledge.hand]
        sizes = knowledge.hand_sizes
        needed = sum(sizes) - sizes[seat] + knowledge.leo_left
        samples: list[World] = []
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
                fifth.append((kept_card(hand, card), other))
            if knowledge.leo_left:
                fourth.append((cards[taken], LEO_INDEX))
            samples.append(World(knowledge.positions, fourth, fifth))
        self.worlds = samples

    def values(self, played: int, kept: int) -> list[float]:
        """Mean outlook per target of playing a card of value `played`, keeping `kept`."""
        key = (played, kept)
        known = self.known.get(key)
        if known is not None:
            return known
        seat, value = self.seat, self.value
        sums = [0.0] * self.figure_count
        for world in self.worlds:
            for target, final in enumerate(world.ends(seat, played, kept)):
                sums[target] += value(final)
        result = [total / len(self.worlds) for total in sums]
        self.known[key] = result
        return result

    def move(self, hand: list[int]) -> tuple[int, int]:
        """(card, target) for this two-card hand: the best of its moves."""
        return best_move(hand, self.values)


def best_move(hand: list[int], values: Callable[[int, int], list[float]]) -> tuple[int, int]:
    """(card, target) for a two-card hand: the move valued highest (the first of equals) by
    `values`: (value of the card played, value of the one kept) -> a value per target."""
    first, second = hand
    best = (-1.0, first, 0)
    for card, kept in ((first, second), (second, first)):
        for target, score in enumerate(values(VALUES[card], VALUES[kept])):
            if score > best[0]:
                best = (score, card, target)
    return best[1], best[2]


def known_hands_answers(
    positions: list[int],
    hands: list[list[int]],
    leo_card: int | None,
    aims: list[Aim],
    values: list[EndValues],
    me: int,
) -> Moves:
    """Round 4 of a plan's sample, where every hand is known: every player's move (card,
    target). Each other player answers the greedy moves (casual's, without the noise) of
    everyone else, as sharp answers a table it takes to be casual; `me` answers their answers,
    as endgame_pick answers its model of sharp. An answer is the move with the best outlook
    (`values`, one per player) for the stage's end."""
    greedy = [
        best_picks(positions, hand, aims[seat], ROUNDS - 1)[0] for seat, hand in enumerate(hands)
    ]
    leo = [(leo_card, LEO_INDEX)] if leo_card is not None else []
    spaces = tuple(positions)

    def answer(seat: int, moves: Moves) -> tuple[int, int]:
        others = [other for other in range(len(hands)) if other != seat]
        fourth = [moves[other] for other in others] + leo
        fifth = [(kept_card(hands[other], moves[other][0]), other) for other in others]
        world = World(spaces, fourth, fifth)
        value = values[seat]
        return best_move(
            hands[seat], lambda played, kept: [value(end) for end in world.ends(seat, played, kept)]
        )

    answers = [greedy[me] if seat == me else answer(seat, greedy) for seat in range(len(hands))]
    answers[me] = answer(me, answers)
    return answers
