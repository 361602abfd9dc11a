"""What replaying a record gives: its results, or where and why it is illegal."""

from typing import NamedTuple

from .json_types import JsonObject

RECORD = "record"
# What one stage's replay gives: the spaces after each round and the points, per figure.
StageReplay = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]


class RecordError(ValueError):
    """An illegal record; str() is `stage S round R: PLAYER: PROBLEM` (or the nearest
    location that applies)."""

    def __init__(self, location: str, problem: str) -> None:
        super().__init__(f"{location}: {problem}")
        self.location = location
        self.problem = problem


class StageResult(NamedTuple):
    """One stage: every figure's space after each round, and its points (figure order)."""

    positions: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]


class ReplayResult(NamedTuple):
    """A replayed game. Per-figure tuples follow `figures` (the record's player ids, then
    Leo); to_dict() keys them by figure.

    `names`: (figure, display name) for every figure when the record has a "names" object
    (a player it leaves out is shown by their id), else None. `ai`: (player, level) for
    the AI seats when the record has an "ai" object, else None.
    """

    figures: tuple[str, ...]
    stages: tuple[StageResult, ...]
    totals: tuple[int, ...]
    winners: tuple[str, ...]
    names: tuple[tuple[str, str], ...] | None = None
    ai: tuple[tuple[str, str], ...] | None = None

    def to_dict(self) -> JsonObject:
        """The shape `python -m engine replay` prints: keyed by player id, as the record is,
        since display names need not be unique; "names" and "ai" only when the record has
        them."""
        figures = self.figures  # every tuple below has one entry per figure
        shown: JsonObject = {
            "stages": [
                {
                    "positions": [dict(zip(figures, spaces, strict=False)) for spaces in rounds],
                    "points": dict(zip(figures, points, strict=False)),
                }
                for rounds, points in self.stages
            ],
            "totals": dict(zip(figures, self.totals, strict=False)),
            "winners": list(self.winners),
        }
        if self.names is not None:
            shown["names"] = dict(self.names)
        if self.ai is not None:
            shown["ai"] = dict(self.ai)
        return shown
