"""What a committed change gives the leaderboards: the people's stage points and final
results (Leo and the AI players have none)."""

from __future__ import annotations

import engine
from bot import storage as store
from bot.options import GameOptions
from bot.storage import GameRecord, PlayerId, user_id_of


def people(record: GameRecord) -> frozenset[PlayerId]:
    """The seated players who are not AI players, as the engine names them (none in a
    practice game, which is nobody's record)."""
    practice = GameOptions.of(record).practice
    return frozenset(seat.player for seat in record.seats if not seat.is_ai and not practice)


def stage_points(record: GameRecord, events: tuple[engine.Event, ...]) -> list[store.StagePoints]:
    """Per-stage points of the people, with whether they stood on the scoring space."""
    counted = people(record)
    return [
        store.StagePoints(
            user_id_of(PlayerId(figure)), event.stage, points, figure in event.scorers
        )
        for event in events
        if isinstance(event, engine.StageScored)
        for figure, points in event.points
        if figure in counted
    ]


def results(record: GameRecord, events: tuple[engine.Event, ...]) -> list[store.PlayerResult]:
    counted = people(record)
    for event in events:
        if isinstance(event, engine.GameOver):
            return [
                store.PlayerResult(user_id_of(PlayerId(figure)), total, figure in event.winners)
                for figure, total in event.totals
                if figure in counted
            ]
    return []
