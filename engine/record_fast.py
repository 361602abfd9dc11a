"""The fast replay of a legal stage: the replay hot path."""

from typing import Any

from .cards import DECK_SIZE
from .constants import HAND_SIZE, LEO_STACK_SIZE, MAX_PLAYERS, ROUNDS
from .dealing import deal_size
from .record_types import StageReplay
from .rules import make_moves_at_once, make_moves_in_order, score_stage

CARD_NUMBERS = frozenset(range(1, DECK_SIZE + 1))
INT_ONLY = {int}
SEAT_FILLS = tuple((seat,) * HAND_SIZE for seat in range(MAX_PLAYERS))
LEO_FILL = (-1,) * LEO_STACK_SIZE


def replay_legal_stage(
    stage: Any,  # unchecked JSON: any lookup error sends it down the careful path
    players: tuple[str, ...],
    seats: dict[str, int],
    names: tuple[str, ...],
    slot: dict[str, int],
    tactical: bool,
) -> StageReplay | None:
    """The fast path for legal stages: None (or a lookup error) as soon as anything is
    irregular, so the careful path can say what. This is the replay hot path, written
    for speed: few operations per play; the moves are the rules' own (engine/rules.py)."""
    count = len(players)
    given = stage["hands"]
    if len(given) != count:
        return None
    # owner[card] is the seat that holds the card: one pop per play checks that the card
    # is in the player's hand and was not played before.
    owner: dict[object, int] = {}
    for seat in range(count):
        hand = given[players[seat]]
        if len(hand) != HAND_SIZE:
            return None
        owner.update(zip(hand, SEAT_FILLS[seat], strict=False))
    with_leo = count == 2
    leo = stage.get("leo")
    if with_leo:
        if type(leo) is not list or len(leo) != LEO_STACK_SIZE:
            return None
        owner.update(zip(leo, LEO_FILL, strict=False))
    elif leo:
        return None
    # 1.0 and True equal card 1 as keys: only true ints are card numbers.
    if (
        len(owner) != deal_size(count)
        or not owner.keys() <= CARD_NUMBERS
        or set(map(type, owner)) != INT_ONLY
    ):
        return None
    rounds = stage["rounds"]
    if len(rounds) != ROUNDS:
        return None
    positions = [0] * len(names)
    after_rounds = []
    last = ROUNDS - 1
    # Weights 2**seat: `count` plays add up to 2**count - 1 only if every seat plays once.
    everyone = (1 << count) - 1
    for round_index, plays in enumerate(rounds):
        if len(plays) != count:
            return None
        taken = 0
        self_only = not tactical and round_index == last
        moves = [(leo[round_index], 2)] if with_leo and round_index < last else []
        for play in plays:
            seat = seats[play["player"]]
            card = play["card"]
            target = slot[play["target"]]
            if (
                owner.pop(card, -1) != seat
                or (self_only and target != seat)
                or type(card) is not int
            ):
                return None
            taken += 1 << seat
            moves.append((card, target))
        if taken != everyone:
            return None
        if tactical:
            make_moves_in_order(positions, moves)
        else:
            make_moves_at_once(positions, moves)
        after_rounds.append(tuple(positions))
    return tuple(after_rounds), score_stage(positions)[1]
