"""The public lobby message, from games stored in a real (SQLite) database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.messages.lobby import started_lobby
from bot.storage import GameRecord, NewGame, Storage
from tests.storage.helpers import seat

NOW = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    opened = await Storage.open(str(tmp_path / "whyfirst.sqlite3"))
    yield opened
    await opened.close()


async def lobby(storage: Storage, names: tuple[str, ...], locale: str | None) -> GameRecord:
    """A lobby of players 1, 2, ... named `names`, the first being the host."""
    game = await storage.create_game(
        NewGame(
            guild_id=100,
            channel_id=200,
            host_id=1,
            host_name=names[0],
            variant="standard",
            options={"locale": locale},
            seed=42,
            now=NOW,
            lobby_deadline=None,
        )
    )
    return await seat(storage, game, list(enumerate(names[1:], start=2)), NOW)


@pytest.mark.parametrize(
    ("locale", "players"),
    [
        (None, "<@1> and <@2>"),
        ("de", "<@1> und <@2>"),
        ("it", "<@1> e <@2>"),
    ],
)
async def test_a_started_lobby_names_two_players_as_a_pair(
    storage: Storage, locale: str | None, players: str
) -> None:
    record = await lobby(storage, ("Anne", "Ben"), locale)
    assert players in started_lobby(record)


async def test_a_started_lobby_lists_three_players_with_and_before_the_last(
    storage: Storage,
) -> None:
    record = await lobby(storage, ("Anne", "Ben", "Cleo"), None)
    assert started_lobby(record) == (
        "**Why First?** — the game is under way with <@1>, <@2> and <@3>."
    )
