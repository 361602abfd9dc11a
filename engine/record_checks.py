"""The careful replay of a stage: every rule checked, the first problem named precisely."""

from typing import TypeGuard

from .cards import DECK_SIZE
from .constants import HAND_SIZE, LEO, LEO_STACK_SIZE, ROUNDS
from .record_types import RecordError, StageReplay
from .rules import make_moves_at_once, make_moves_in_order, score_stage


def is_card_number(card: object) -> TypeGuard[int]:
    # 12.0 == 12 and True == 1 in Python: only true ints are card numbers.
    return type(card) is int and 1 <= card <= DECK_SIZE


def not_a_card_number(card: object) -> str:
    return f"{card!r} is not a card number: card numbers are whole numbers 1 to {DECK_SIZE}"


def check_card(card: object, location: str, dealt: set[int]) -> None:
    if not is_card_number(card):
        raise RecordError(location, not_a_card_number(card))
    if card in dealt:
        raise RecordError(location, f"card {card} is dealt twice")
    dealt.add(card)


def checked_deal(
    stage_number: int, stage: dict[str, object], players: tuple[str, ...]
) -> tuple[list[set[int]], list[int]]:
    """Each player's hand as a set, and Leo's stack; RecordError if the deal is illegal."""
    location = f"stage {stage_number}"
    hands = stage.get("hands")
    if not isinstance(hands, dict):
        raise RecordError(location, "'hands' must be an object of player to cards")
    for player in hands:
        if player not in players:
            raise RecordError(f"{location}: {player}", "not a player of this game")
    dealt: set[int] = set()
    sets = []
    for player in players:
        where = f"{location}: {player}"
        hand = hands.get(player)
        if hand is None:
            raise RecordError(where, "no hand dealt")
        if not isinstance(hand, list):
            raise RecordError(where, "a hand must be a list of card numbers")
        if len(hand) != HAND_SIZE:
            raise RecordError(where, f"the hand has {len(hand)} cards, not {HAND_SIZE}")
        for card in hand:
            check_card(card, where, dealt)
        sets.append(set(hand))
    leo = stage.get("leo")
    where = f"{location}: {LEO}"
    if len(players) != 2:
        if leo:
            raise RecordError(where, "Leo only plays in 2-player games")
        return sets, []
    if not isinstance(leo, list):
        raise RecordError(where, "a 2-player stage needs Leo's stack ('leo': card numbers)")
    if len(leo) != LEO_STACK_SIZE:
        raise RecordError(where, f"Leo's stack has {len(leo)} cards, not {LEO_STACK_SIZE}")
    for card in leo:
        check_card(card, where, dealt)
    return sets, leo


def replay_stage_carefully(
    stage_number: int,
    stage: object,
    players: tuple[str, ...],
    names: tuple[str, ...],
    slot: dict[str, int],
    tactical: bool,
) -> StageReplay:
    """The careful path: checks everything and raises RecordError at the first problem.

    One function on purpose: its checks read top to bottom in the order a record is judged,
    and split up they would hand the same half-dozen running values back and forth.
    """
    if not isinstance(stage, dict):
        raise RecordError(f"stage {stage_number}", "a stage must be a JSON object")
    hands, leo = checked_deal(stage_number, stage, players)
    rounds = stage.get("rounds")
    if not isinstance(rounds, list):
        raise RecordError(f"stage {stage_number}", "'rounds' must be a list")
    if len(rounds) != ROUNDS:
        raise RecordError(
            f"stage {stage_number}", f"a stage has {ROUNDS} rounds, this one has {len(rounds)}"
        )
    seats = slot if len(players) > 2 else {p: i for i, p in enumerate(players)}
    leo_plays = len(players) == 2
    positions = [0] * len(names)
    after_rounds = []
    for round_number, plays in enumerate(rounds, 1):
        location = f"stage {stage_number} round {round_number}"
        if not isinstance(plays, list):
            raise RecordError(location, "a round must be a list of plays")
        played: list[tuple[int, int]] = []  # (card, target figure index)
        seen: set[str] = set()
        for play in plays:
            if not isinstance(play, dict):
                raise RecordError(location, "a play must be a JSON object")
            player = play.get("player")
            seat = seats.get(player) if isinstance(player, str) else None
            if seat is None or not isinstance(player, str):
                raise RecordError(f"{location}: {player}", "not a player of this game")
            if player in seen:
                raise RecordError(f"{location}: {player}", "plays more than once in this round")
            seen.add(player)
            card = play.get("card")
            if not is_card_number(card):
                raise RecordError(f"{location}: {player}", not_a_card_number(card))
            hand = hands[seat]
            if card not in hand:
                dealt = stage["hands"][player]
                problem = (
                    f"card {card} was already played in an earlier round"
                    if card in dealt
                    else f"card {card} is not in their hand"
                )
                raise RecordError(f"{location}: {player}", problem)
            target = play.get("target")
            target_index = slot.get(target) if isinstance(target, str) else None
            if target_index is None:
                raise RecordError(f"{location}: {player}", f"unknown target {target!r}")
            if round_number == ROUNDS and not tactical and target != player:
                raise RecordError(
                    f"{location}: {player}", f"round {ROUNDS} must be played on oneself"
                )
            hand.discard(card)
            played.append((card, target_index))
        if len(seen) != len(players):
            missing = next(p for p in players if p not in seen)
            raise RecordError(f"{location}: {missing}", "no play in this round")
        if leo_plays and round_number < ROUNDS:
            played.append((leo[round_number - 1], 2))
        if tactical:
            make_moves_in_order(positions, played)
        else:
            make_moves_at_once(positions, played)
        after_rounds.append(tuple(positions))
    return tuple(after_rounds), score_stage(positions)[1]
