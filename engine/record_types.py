"""What replaying a record gives: its results, or where and why it is illegal."""

from typing import Any, NamedTuple

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
    """A replayed game. Per-figure tuples follow `figures`; to_dict() keys them by name."""

    figures: tuple[str, ...]
    stages: tuple[StageResult, ...]
    totals: tuple[int, ...]
    winners: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The shape `python -m engine replay` prints."""
        names = self.figures  # every tuple below has one entry per figure
        return {
            "stages": [
                {
                    "positions": [dict(zip(names, spaces, strict=False)) for spaces in rounds],
                    "points": dict(zip(names, points, strict=False)),
                }
                for rounds, points in self.stages
            ],
            "totals": dict(zip(names, self.totals, strict=False)),
            "winners": list(self.winners),
        }
