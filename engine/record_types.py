"""What replaying a record gives: its results, or where and why it is illegal."""


from typing import Any, NamedTuple

RECORD = "record"
# What one stage's replay gives: the positions after each round, the points per figure.
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
