"""Game records: the public JSON format of issue 2, exported and replayed."""
from functools import lru_cache
from typing import Any, NamedTuple

from .cards import DECK_SIZE, VALUES
from .constants import (
    HAND_SIZE,
    LEO,
    LEO_STACK_SIZE,
    MAX_PLAYERS,
    MAX_SPACE,
    MIN_PLAYERS,
    MIN_SPACE,
    ROUNDS,
    STAGES,
    Variant,
)
from .dealing import deal_size
from .rules import add_moves, make_moves_in_order, score_stage, winner_indexes
from .state import GameState, figure_names

RECORD = "record"
PLAYERS_PROBLEM = "'players' must be a list of player names (strings)"
CARD_NUMBERS = frozenset(range(1, DECK_SIZE + 1))
INT_ONLY = {int}
SEAT_FILLS = tuple((seat,) * HAND_SIZE for seat in range(MAX_PLAYERS))
LEO_FILL = (-1,) * LEO_STACK_SIZE
StageReplay = tuple[tuple[dict[str, int], ...], tuple[int, ...]]


class RecordError(ValueError):
    """An illegal record; str() is `stage S round R: PLAYER: PROBLEM` (or the nearest
    location that applies)."""

    def __init__(self, location: str, problem: str) -> None:
        super().__init__(f"{location}: {problem}")
        self.location = location
        self.problem = problem


class StageResult(NamedTuple):
    positions: tuple[dict[str, int], ...]
    points: dict[str, int]


class ReplayResult(NamedTuple):
    stages: tuple[StageResult, ...]
    totals: dict[str, int]
    winners: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "stages": [
                {"positions": list(stage.positions), "points": stage.points}
                for stage in self.stages
            ],
            "totals": self.totals,
            "winners": list(self.winners),
        }


def export_record(state: GameState) -> dict[str, Any]:
    """The game so far as a record (finished rounds only)."""
    two_players = len(state.players) == 2
    stages = []
    for log in state.history:
        stage: dict[str, Any] = {
            "hands": {p: list(h) for p, h in zip(state.players, log.hands, strict=True)}
        }
        if two_players:
            stage["leo"] = list(log.leo)
        stage["rounds"] = [
            [{"player": p, "card": c, "target": t} for p, c, t in plays] for plays in log.rounds
        ]
        stages.append(stage)
    return {"variant": state.variant.value, "players": list(state.players), "stages": stages}


def replay_record(record: dict[str, Any]) -> ReplayResult:
    """Check a record against the rules and compute what happened; RecordError at the
    first illegal thing found."""
    if not isinstance(record, dict):
        raise RecordError(RECORD, "a record must be a JSON object")
    variant = record.get("variant")
    if variant not in (Variant.STANDARD.value, Variant.TACTICAL.value):
        raise RecordError(
            RECORD, f'unknown variant {variant!r}; it must be "standard" or "tactical"'
        )
    tactical = variant == Variant.TACTICAL.value
    listed = record.get("players")
    try:
        players, names, slot, seats = _table(tuple(listed) if type(listed) is list else listed)
    except TypeError as error:  # unhashable: not a list of strings
        raise RecordError(RECORD, PLAYERS_PROBLEM) from error
    stages = record.get("stages")
    if not isinstance(stages, list):
        raise RecordError(RECORD, "'stages' must be a list")
    if len(stages) != STAGES:
        raise RecordError(RECORD, f"a game has {STAGES} stages, this record has {len(stages)}")
    results = []
    sums = [0] * len(names)
    for stage_number, stage in enumerate(stages, 1):
        try:
            replayed = _replay_legal_stage(stage, players, seats, names, slot, tactical)
        except (TypeError, KeyError, IndexError, AttributeError):
            replayed = None
        if replayed is None:
            # Something is off: the careful path finds it and names it.
            replayed = _replay_stage(stage_number, stage, players, names, slot, tactical)
        round_positions, points = replayed
        sums = [total + won for total, won in zip(sums, points, strict=False)]
        results.append(StageResult(round_positions, dict(zip(names, points, strict=False))))
    return ReplayResult(
        tuple(results),
        dict(zip(names, sums, strict=True)),
        tuple(names[index] for index in winner_indexes(sums)),
    )


@lru_cache(maxsize=256)
def _table(listed: Any) -> tuple[tuple[str, ...], tuple[str, ...], dict[str, int], dict[str, int]]:
    """(players, figures, figure index by name, seat by player) for a record's players.
    Cached: a batch of records usually shares its tables. The dicts are never mutated."""
    players = _players(listed)
    names = figure_names(players)
    slot = {name: index for index, name in enumerate(names)}
    seats = {player: seat for seat, player in enumerate(players)}
    return players, names, slot, seats


def _players(players: Any) -> tuple[str, ...]:
    if not isinstance(players, tuple) or not all(isinstance(p, str) and p for p in players):
        raise RecordError(RECORD, PLAYERS_PROBLEM)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RecordError(
            RECORD, f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}"
        )
    if LEO in players:
        raise RecordError(f"{RECORD}: {LEO}", f"no player may be called {LEO}")
    if len(set(players)) != len(players):
        twice = next(p for p in players if players.count(p) > 1)
        raise RecordError(f"{RECORD}: {twice}", "listed twice among the players")
    return tuple(players)


def _check_card(card: Any, location: str, dealt: set[int]) -> None:
    if type(card) is not int or not 1 <= card <= DECK_SIZE:
        raise RecordError(location, f"{card!r} is not a card number (1 to {DECK_SIZE})")
    if card in dealt:
        raise RecordError(location, f"card {card} is dealt twice")
    dealt.add(card)


def _deal(
    stage_number: int, stage: dict[str, Any], players: tuple[str, ...]
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
            _check_card(card, where, dealt)
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
        _check_card(card, where, dealt)
    return sets, leo


def _replay_stage(
    stage_number: int,
    stage: Any,
    players: tuple[str, ...],
    names: tuple[str, ...],
    slot: dict[str, int],
    tactical: bool,
) -> StageReplay:
    """The careful path: checks everything and raises RecordError at the first problem."""
    if not isinstance(stage, dict):
        raise RecordError(f"stage {stage_number}", "a stage must be a JSON object")
    hands, leo = _deal(stage_number, stage, players)
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
            if seat is None:
                raise RecordError(f"{location}: {player}", "not a player of this game")
            if player in seen:
                raise RecordError(f"{location}: {player}", "plays more than once in this round")
            seen.add(player)
            card = play.get("card")
            hand = hands[seat]
            if type(card) is not int or card not in hand:
                dealt = stage["hands"][player]
                problem = (
                    f"card {card} was already played in an earlier round"
                    if card in dealt
                    else f"card {card!r} is not in their hand"
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
            deltas = [0] * len(names)
            for card, target_index in played:
                deltas[target_index] += VALUES[card]
            add_moves(positions, deltas)
        after_rounds.append(dict(zip(names, positions, strict=True)))
    return tuple(after_rounds), score_stage(positions)[1]


def _replay_legal_stage(
    stage: Any,
    players: tuple[str, ...],
    seats: dict[str, int],
    names: tuple[str, ...],
    slot: dict[str, int],
    tactical: bool,
) -> StageReplay | None:
    """The fast path for legal stages: None (or a lookup error) as soon as anything is
    irregular, so the careful path can say what. This is the replay hot path, written
    for speed: few operations per play, no helper calls."""
    count = len(players)
    given = stage["hands"]
    if len(given) != count:
        return None
    # owner[card] is the seat that holds the card: one pop per play checks that the card
    # is in the player's hand and was not played before.
    owner: dict[Any, int] = {}
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
    if len(owner) != deal_size(count) or not owner.keys() <= CARD_NUMBERS or set(
        map(type, owner)
    ) != INT_ONLY:
        return None
    rounds = stage["rounds"]
    if len(rounds) != ROUNDS:
        return None
    values = VALUES
    positions = [0] * len(names)
    after_rounds = []
    last = ROUNDS - 1
    # Weights 2**seat: `count` plays add up to 2**count - 1 only if every seat plays once.
    everyone = (1 << count) - 1
    for round_index, plays in enumerate(rounds):
        if len(plays) != count:
            return None
        taken = 0
        leo_card = leo[round_index] if with_leo and round_index < last else 0
        if tactical:
            moves = [(leo_card, 2)] if leo_card else []
            for play in plays:
                seat = seats[play["player"]]
                card = play["card"]
                if owner.pop(card, -1) != seat or type(card) is not int:
                    return None
                taken += 1 << seat
                moves.append((card, slot[play["target"]]))
            if taken != everyone:
                return None
            moves.sort(reverse=True)
            for card, target in moves:
                at = positions[target] + values[card]
                positions[target] = (
                    MIN_SPACE if at < MIN_SPACE else MAX_SPACE if at > MAX_SPACE else at
                )
        else:
            # Adding every card first and clamping once is exactly sum-then-clamp.
            if leo_card:
                positions[2] += values[leo_card]
            self_only = round_index == last
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
                positions[target] += values[card]
            if taken != everyone:
                return None
            if max(positions) > MAX_SPACE or min(positions) < MIN_SPACE:
                positions = [
                    MIN_SPACE if at < MIN_SPACE else MAX_SPACE if at > MAX_SPACE else at
                    for at in positions
                ]
        after_rounds.append(dict(zip(names, positions, strict=False)))
    return tuple(after_rounds), score_stage(positions)[1]
