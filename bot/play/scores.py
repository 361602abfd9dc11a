"""What a committed change gives the leaderboards: stage points and the final results."""

from __future__ import annotations

import engine
from bot import storage as store


def stage_points(events: tuple[engine.Event, ...]) -> list[store.StagePoints]:
    """Per-stage points of the players, with whether they stood on the scoring space."""
    return [
        store.StagePoints(int(figure), event.stage, points, figure in event.scorers)
        for event in events
        if isinstance(event, engine.StageScored)
        for figure, points in event.points
        if figure != engine.LEO
    ]


def results(events: tuple[engine.Event, ...]) -> list[store.PlayerResult]:
    for event in events:
        if isinstance(event, engine.GameOver):
            return [
                store.PlayerResult(int(figure), total, figure in event.winners)
                for figure, total in event.totals
                if figure != engine.LEO
            ]
    return []
