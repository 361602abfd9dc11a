"""Reading the bot's database from outside (read-only), to prove a refusal changed nothing."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any


def _rows(database: Path, query: str) -> list[tuple[Any, ...]]:
    """The rows of `query`, read from the database opened read-only."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return connection.execute(query).fetchall()
    finally:
        connection.close()


def stored_games(database: Path) -> list[tuple[Any, ...]]:
    """(id, status, version, state) of every game, as the bot last committed them."""
    return _rows(database, "SELECT id, status, version, state FROM games ORDER BY id")


def stored_turn(database: Path) -> tuple[int, int]:
    """The (stage, round) the latest game's stored state is at; (0, 0) before it started."""
    games = stored_games(database)
    if not games or games[-1][3] is None:
        return (0, 0)
    state = json.loads(games[-1][3])
    return (int(state["stage"]), int(state["round"]))


def stored_actions(database: Path) -> int:
    """How many actions the games' logs hold."""
    return int(_rows(database, "SELECT count(*) FROM actions")[0][0])


def departed_servers(database: Path) -> list[int]:
    """The servers the bot noted it was removed from (and was not added back to since)."""
    rows = _rows(database, "SELECT guild_id FROM departed_servers ORDER BY guild_id")
    return [int(guild_id) for (guild_id,) in rows]
