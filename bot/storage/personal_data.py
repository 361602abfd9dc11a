"""What the database keeps about a person, table by table: the one list that the export reads,
docs/PRIVACY.md names (a test keeps the two in step with the schema), and erasing will use; a
feature that owns tables of its own (bot/league) declares theirs as `OwnedTables`.

A person is stored by their Discord user id. Columns holding personal data are those that name them
(their id, their display name, their language), those that say what they did (a game's state and its
action log, which name players by id), and the names under which their DM channel and DM hand are
kept with a game."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime

from bot.storage.sql import Params, Row, Session

JsonObject = dict[str, object]


@dataclass(frozen=True)
class PersonalTable:
    table: str
    key: str
    """The column that says whose a row is: a user id (for game_messages, its name)."""
    columns: tuple[str, ...]
    """What an export shows of the person's rows."""
    personal: tuple[str, ...]
    """The columns that hold personal data."""


@dataclass(frozen=True)
class OwnedTables:
    """What a feature's own tables keep about people and servers: read by the export, and
    erased or forgotten in the same transaction as everything else."""

    personal: tuple[PersonalTable, ...] = ()
    erase: Callable[[Session, int], Awaitable[None]] | None = None
    """Erases a person (a user id) from the feature's rows."""
    of_servers: tuple[str, ...] = ()
    """Tables whose rows (by `guild_id`) go with a forgotten server (children cascade)."""


PERSONAL_TABLES = (
    PersonalTable(
        "games",
        "host_id",
        ("id", "guild_id", "channel_id", "host_id", "variant", "status", "created_at"),
        ("host_id", "state"),
    ),
    PersonalTable(
        "seats",
        "user_id",
        ("game_id", "seat", "user_id", "display_name", "joined_at", "click"),
        ("user_id", "display_name", "click"),
    ),
    PersonalTable(
        "actions",
        "actor_id",
        ("game_id", "seq", "actor_id", "action", "created_at", "click"),
        ("actor_id", "action", "click"),
    ),
    PersonalTable(
        "game_messages", "name", ("game_id", "name", "message_id"), ("name", "message_id")
    ),
    PersonalTable(
        "stage_points",
        "user_id",
        ("game_id", "user_id", "stage", "points", "reached_second"),
        ("user_id",),
    ),
    PersonalTable(
        "results",
        "user_id",
        (
            "game_id",
            "user_id",
            "guild_id",
            "finished_at",
            "total",
            "won",
            "best_stage",
            "rating_change",
        ),
        ("user_id",),
    ),
    PersonalTable(
        "unranked_results",
        "user_id",
        ("game_id", "user_id", "guild_id", "finished_at", "total", "won"),
        ("user_id",),
    ),
    PersonalTable(
        "player_totals",
        "user_id",
        ("guild_id", "user_id", "display_name", "games", "wins", "points", "best_stage"),
        ("user_id", "display_name"),
    ),
    PersonalTable(
        "player_periods",
        "user_id",
        ("guild_id", "period", "user_id", "games", "wins", "points", "best_stage"),
        ("user_id",),
    ),
    PersonalTable(
        "ratings",
        "user_id",
        ("guild_id", "period", "user_id", "mu", "sigma", "rating", "games", "last_change"),
        ("user_id",),
    ),
    PersonalTable(
        "user_locales", "user_id", ("user_id", "locale", "updated_at"), ("user_id", "locale")
    ),
)

JSON_COLUMNS = frozenset({"state", "action"})


def message_names(user_id: int) -> tuple[str, str, str, str]:
    """The names under which a player's DM channel, DM hand, closed DMs and the stage of the
    DM hand (or of the DM refused) are kept with a game."""
    return f"dm_{user_id}", f"hand_{user_id}", f"dms_closed_{user_id}", f"hand_stage_{user_id}"


def message_owner(name: str) -> int | None:
    """Whose a name of `message_names` is (None: a name of the game's own messages)."""
    tail = name.rpartition("_")[2]
    owner = int(tail) if tail.removeprefix("-").isdecimal() else None
    return owner if owner is not None and name in message_names(owner) else None


async def rows_about(
    db: Session, user_id: int, owned: tuple[OwnedTables, ...] = ()
) -> dict[str, list[JsonObject]]:
    """Every stored row about the person, table by table, as JSON."""
    found: dict[str, list[JsonObject]] = {}
    for table in (*PERSONAL_TABLES, *(table for tables in owned for table in tables.personal)):
        select = ", ".join(table.columns)
        params: Params
        if table.key == "name":
            where, params = "name IN (?, ?, ?, ?) ORDER BY game_id", message_names(user_id)
        else:
            where, params = f"{table.key} = ?", (user_id,)
        rows = await db.all(f"SELECT {select} FROM {table.table} WHERE {where}", params)
        found[table.table] = [_as_json(table.columns, row) for row in rows]
    return found


def _as_json(columns: tuple[str, ...], row: Row) -> JsonObject:
    shown: JsonObject = {}
    for index, column in enumerate(columns):
        value: object = row[index]
        if isinstance(value, datetime):
            value = value.isoformat()
        elif column in JSON_COLUMNS and isinstance(value, str):
            value = json.loads(value)
        elif (column == "id" or column.endswith("_id")) and isinstance(value, int):
            value = str(value)  # snowflakes: exact in any JSON reader
        shown[column] = value
    return shown
