"""Property: whatever games a server plays, in whatever seats, across seasons, `rerate`
gives back exactly the ratings and changes the games gave one by one as they finished."""

from __future__ import annotations

import asyncio
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.storage import ALL_TIME, Storage

from .helpers import play_finished_game

START = datetime(2026, 2, 20, tzinfo=UTC)

game = st.tuples(
    st.lists(st.integers(1, 8), min_size=2, max_size=6, unique=True),  # people, in seat order
    st.data(),
    st.integers(0, 40),  # days after the game before
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(game, min_size=1, max_size=8))
def test_rerate_reproduces_the_stored_ratings_exactly(
    games: list[tuple[list[int], st.DataObject, int]],
) -> None:
    plans = []
    when = START
    for people, data, days in games:
        when += timedelta(days=days, minutes=1)
        points = {
            user: data.draw(st.lists(st.integers(-3, 6), min_size=5, max_size=5)) for user in people
        }
        plans.append((points, when))
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(_play_and_rerate(Path(folder) / "whyfirst.sqlite3", plans))


async def _play_and_rerate(path: Path, plans: list[tuple[dict[int, list[int]], datetime]]) -> None:
    async with await Storage.open(path) as storage:
        ids = [(await play_finished_game(storage, points, now=when)).id for points, when in plans]
        periods = sorted({ALL_TIME} | {f"{w.year}-Q{(w.month + 2) // 3}" for _, w in plans})
        stored = [await storage.rating_board(100, p, page_size=10, min_games=0) for p in periods]
        changes = [await storage.rating_changes(game_id) for game_id in ids]
        await storage.rerate()
        again = [await storage.rating_board(100, p, page_size=10, min_games=0) for p in periods]
        assert again == stored
        assert [await storage.rating_changes(game_id) for game_id in ids] == changes
        assert all(
            len(change) == len(points) for change, (points, _) in zip(changes, plans, strict=True)
        )
