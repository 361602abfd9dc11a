"""Game records: the public JSON format of issue 2, exported and replayed."""
from dataclasses import dataclass
from typing import Any

from .state import GameState


class RecordError(ValueError):
    """An illegal record; str() is `stage S round R: PLAYER: PROBLEM` (or the nearest
    location that applies)."""

    def __init__(self, location: str, problem: str) -> None:
        super().__init__(f"{location}: {problem}")
        self.location = location
        self.problem = problem


@dataclass(frozen=True, slots=True)
class StageResult:
    positions: tuple[dict[str, int], ...]
    points: dict[str, int]


@dataclass(frozen=True, slots=True)
class ReplayResult:
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
    raise NotImplementedError

