"""Game records: the public JSON format of issue 2, exported and replayed."""

from functools import lru_cache

from .ai import Level
from .constants import LEO, MAX_PLAYERS, MIN_PLAYERS, STAGES, Variant
from .json_types import JsonObject
from .record_checks import replay_stage_carefully
from .record_fast import replay_legal_stage
from .record_types import RECORD, RecordError, ReplayResult, StageResult
from .rules import winner_indexes
from .state import GameState, figure_names

PLAYERS_PROBLEM = "'players' must be a list of player names (strings)"
NAMES_PROBLEM = "'names' must be an object of player id to display name (a string)"
AI_LEVELS = tuple(level.value for level in Level)
AI_PROBLEM = "'ai' must be an object of player id to AI level"
# (players, figures, figure index by name, seat by player)
PlayerTable = tuple[tuple[str, ...], tuple[str, ...], dict[str, int], dict[str, int]]


def export_record(state: GameState) -> JsonObject:
    """The game so far as a record (finished rounds only)."""
    two_players = len(state.players) == 2
    stages: list[JsonObject] = []
    for log in state.history:
        stage: JsonObject = {
            "hands": {p: list(h) for p, h in zip(state.players, log.hands, strict=True)}
        }
        if two_players:
            stage["leo"] = list(log.leo)
        stage["rounds"] = [
            [{"player": p, "card": c, "target": t} for p, c, t in plays] for plays in log.rounds
        ]
        stages.append(stage)
    return {"variant": state.variant.value, "players": list(state.players), "stages": stages}


def replay_record(record: object) -> ReplayResult:
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
        key = tuple(listed) if type(listed) is list else listed
        players, figures, slot, seats = player_table(key)
    except TypeError as error:  # unhashable: not a list of strings
        raise RecordError(RECORD, PLAYERS_PROBLEM) from error
    names = display_names(record.get("names"), players, figures)
    ai = ai_seats(record.get("ai"), players)
    stages = record.get("stages")
    if not isinstance(stages, list):
        raise RecordError(RECORD, "'stages' must be a list")
    if len(stages) != STAGES:
        raise RecordError(RECORD, f"a game has {STAGES} stages, this record has {len(stages)}")
    results = []
    sums = [0] * len(figures)
    for stage_number, stage in enumerate(stages, 1):
        try:
            replayed = replay_legal_stage(stage, players, seats, figures, slot, tactical)
        except (TypeError, KeyError, IndexError, AttributeError):
            replayed = None
        if replayed is None:
            # Something is off: the careful path finds it and names it.
            replayed = replay_stage_carefully(stage_number, stage, players, figures, slot, tactical)
        round_positions, points = replayed
        sums = [total + won for total, won in zip(sums, points, strict=False)]
        results.append(StageResult(round_positions, points))
    return ReplayResult(
        figures,
        tuple(results),
        tuple(sums),
        tuple(figures[index] for index in winner_indexes(sums)),
        names,
        ai,
    )


def display_names(
    given: object, players: tuple[str, ...], figures: tuple[str, ...]
) -> tuple[tuple[str, str], ...] | None:
    """(figure, display name) for every figure, from a record's optional "names"."""
    if given is None:
        return None
    if not isinstance(given, dict) or not all(
        isinstance(name, str) and name for name in given.values()
    ):
        raise RecordError(RECORD, NAMES_PROBLEM)
    _only_players(given, players, "names")
    return tuple((figure, given.get(figure, figure)) for figure in figures)


def ai_seats(given: object, players: tuple[str, ...]) -> tuple[tuple[str, str], ...] | None:
    """(player, AI level) in seat order, from a record's optional "ai"."""
    if given is None:
        return None
    if not isinstance(given, dict):
        raise RecordError(RECORD, AI_PROBLEM)
    _only_players(given, players, "ai")
    for player, level in given.items():
        if level not in AI_LEVELS:
            choices = " or ".join(f'"{choice}"' for choice in AI_LEVELS)
            raise RecordError(
                f"{RECORD}: ai: {player}", f"unknown AI level {level!r}; it must be {choices}"
            )
    return tuple((player, given[player]) for player in players if player in given)


def _only_players(given: dict[object, object], players: tuple[str, ...], key: str) -> None:
    stranger = next((player for player in given if player not in players), None)
    if stranger is not None:
        raise RecordError(f"{RECORD}: {key}: {stranger}", "not a player of this game")


@lru_cache(maxsize=256)
def player_table(listed: object) -> PlayerTable:
    """(players, figures, figure index by name, seat by player) for a record's players.
    Cached: a batch of records usually shares its tables. The dicts are never mutated."""
    players = _players(listed)
    names = figure_names(players)
    slot = {name: index for index, name in enumerate(names)}
    seats = {player: seat for seat, player in enumerate(players)}
    return players, names, slot, seats


def _players(players: object) -> tuple[str, ...]:
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
