"""Casual play: the move that looks best if the stage ended right after it, with noise.

Also the model of the other players in sharp play's search, so it works on plain lists
and takes its randomness as a generator position.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import VALUES
from ..constants import ROUNDS
from ..rng import next_u64
from ..rules import clamp
from .outlook import win_share

# One decision in NOISE_PERCENT is a uniformly random legal one.
NOISE_PERCENT = 25
# Standing off the scoring space costs this much per space of distance.
DISTANCE_COST = 0.5
# In the last stage, ending on the second-highest total is worth this many points.
FINAL_WIN_WORTH = 10.0


@dataclass(frozen=True, slots=True)
class Aim:
    """What points scored this stage are worth to one figure, the others' totals taken as
    they are. In the last stage: a win, less how far its total would miss the totals that
    win. Before it: their number, but points that would lift its total above every other
    total count against it (the highest total does not win)."""

    totals: tuple[int, ...]
    me: int
    final: bool
    room: int  # the points it may score without taking the lead
    winning: tuple[int | None, int]  # the lowest (None: any) and highest total that wins

    def worth(self, points: int) -> float:
        if self.final:
            after = list(self.totals)
            after[self.me] += points
            total = after[self.me]
            low, high = self.winning
            miss = total - high if total > high else 0
            if low is not None and total < low:
                miss = low - total
            return FINAL_WIN_WORTH * win_share(after, self.me) - miss
        if points <= self.room:
            return points
        return 2 * self.room - points

    def standing(self, positions: list[int]) -> float:
        """How well `me` stands were the stage scored now: what its points would be
        worth, less a cost for its distance from the scoring space when off it."""
        farthest = max(positions)
        second = None
        for at in positions:
            if at != farthest and (second is None or at > second):
                second = at
        if second is None:
            return self.worth(0)
        at = positions[self.me]
        if at == second:
            return self.worth(second)
        return self.worth(0) - DISTANCE_COST * abs(at - second)


def aim_of(totals: tuple[int, ...], me: int, last_stage: bool) -> Aim:
    others = sorted({total for figure, total in enumerate(totals) if figure != me}, reverse=True)
    # A total wins from the second-highest other total (shared there) up to just below the
    # highest; with all other totals equal, any total below theirs wins.
    winning = (others[1] if len(others) > 1 else None, others[0] - 1)
    return Aim(totals, me, last_stage, others[0] - totals[me], winning)


def kept_card(hand: Sequence[int], played: int) -> int:
    """The card a two-card hand keeps for round 5 when it plays `played`."""
    return hand[0] if hand[1] == played else hand[1]


def moved(positions: list[int], target: int, value: int) -> list[int]:
    after = positions[:]
    after[target] = clamp(after[target] + value)
    return after


def casual_pick(
    positions: list[int], hand: list[int], aim: Aim, round_number: int, position: int
) -> tuple[int, int, int]:
    """Standard game: (card, target, next generator position). In round 4 the card left
    for round 5 is counted on the player's own figure, where it will go."""
    me = aim.me
    if round_number == ROUNDS:
        return hand[0], me, position
    position, bits = next_u64(position)
    bits, roll = divmod(bits, 100)
    figure_count = len(positions)
    if roll < NOISE_PERCENT:
        bits, choice = divmod(bits, len(hand) * figure_count)
        target, index = divmod(choice, len(hand))
        return hand[index], target, position
    best = best_picks(positions, hand, aim, round_number)
    card, target = best[bits % len(best)]
    return card, target, position


def best_picks(
    positions: list[int], hand: list[int], aim: Aim, round_number: int
) -> list[tuple[int, int]]:
    """Standard game, rounds 1-4: the (card, target) pairs that look best were the stage
    scored right after them (in round 4 with the card left for round 5 on the player)."""
    me = aim.me
    last_round = round_number == ROUNDS - 1
    best_score = None
    best: list[tuple[int, int]] = []
    # A value's standings, scored once however many cards of the hand have it.
    standings: dict[tuple[int, int], list[float]] = {}
    for card in hand:
        value = VALUES[card]
        kept = VALUES[kept_card(hand, card)] if last_round else 0
        scores = standings.get((value, kept))
        if scores is None:
            scores = []
            for target in range(len(positions)):
                after = moved(positions, target, value)
                if last_round:
                    after[me] = clamp(after[me] + kept)
                scores.append(aim.standing(after))
            standings[value, kept] = scores
        for target, score in enumerate(scores):
            if best_score is None or score > best_score:
                best_score = score
                best = [(card, target)]
            elif score == best_score:
                best.append((card, target))
    return best


def casual_card(positions: list[int], hand: list[int], aim: Aim, position: int) -> tuple[int, int]:
    """Tactical game: (card, next generator position): the card with the best move."""
    position, bits = next_u64(position)
    bits, roll = divmod(bits, 100)
    if roll < NOISE_PERCENT:
        return hand[bits % len(hand)], position
    best_score = None
    best: list[int] = []
    figures = range(len(positions))
    for card in hand:
        value = VALUES[card]
        score = max(aim.standing(moved(positions, target, value)) for target in figures)
        if best_score is None or score > best_score:
            best_score = score
            best = [card]
        elif score == best_score:
            best.append(card)
    return best[bits % len(best)], position


def casual_move(positions: list[int], card: int, aim: Aim, position: int) -> tuple[int, int]:
    """Tactical game: (figure to move by `card`, next generator position)."""
    position, bits = next_u64(position)
    bits, roll = divmod(bits, 100)
    figure_count = len(positions)
    if roll < NOISE_PERCENT:
        return bits % figure_count, position
    value = VALUES[card]
    scores = [aim.standing(moved(positions, target, value)) for target in range(figure_count)]
    top = max(scores)
    best = [target for target, score in enumerate(scores) if score == top]
    return best[bits % len(best)], position
