"""What the SQL modules (games, scores, leaderboard) run on: a `Session`, one transaction of
either database, and the few ways the two dialects spell the same thing.

SQL is written once, with SQLite's placeholders (`?`, or `:name` with a mapping); the
PostgreSQL session numbers them ($1, $2…) before sending (bot/storage/placeholders.py)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import orjson


class Row(Protocol):
    """A fetched row (sqlite3.Row or asyncpg.Record), read by column position: a column's
    value is whatever its SQL type gives, so reading one is typed by its reader."""

    def __getitem__(self, index: int, /) -> Any: ...

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[Any]: ...


Params = Sequence[object] | Mapping[str, object]


@dataclass(frozen=True)
class Dialect:
    name: str
    double: str
    """The SQL type of an IEEE double (SQLite's REAL; PostgreSQL's REAL is single precision).
    Win-rate expressions and their indexes cast to it."""
    greatest: str
    """The function returning the larger of two values."""
    lock_row: str
    """Appended to a SELECT that reads a row in order to write it."""
    json_rows: str
    """The aggregate that gathers `{}` (columns) of each row into one JSON array of arrays
    (NULL or [] over no rows): a record's child rows come with its own row, in one query."""
    json_pairs: str
    """The aggregate that gathers `{}`, `{}` (key, value) into one JSON object."""
    notifies: bool
    """Whether other processes may share the database and hear of a game's change at COMMIT
    (PostgreSQL's NOTIFY, bot/storage/game_notices.py); an SQLite file has one process."""
    logs_pending_actions: bool
    """Whether a game's UPDATE may carry the actions it logs in `pending_actions`, logged by
    a trigger within the same statement (SQLite: migrations/sqlite/0010_pending_actions.sql)."""


SQLITE = Dialect(
    name="sqlite",
    double="REAL",
    greatest="max",
    lock_row="",
    json_rows="json_group_array(json_array({}))",
    json_pairs="json_group_object({}, {})",
    notifies=False,
    logs_pending_actions=True,
)
POSTGRESQL = Dialect(
    name="postgresql",
    double="DOUBLE PRECISION",
    greatest="greatest",
    lock_row=" FOR UPDATE",
    json_rows="json_agg(json_build_array({}))",
    json_pairs="json_object_agg({}, {})",
    notifies=True,
    logs_pending_actions=False,
)


class Session(Protocol):
    """One open transaction. Writes are serialised per game: SQLite's BEGIN IMMEDIATE holds
    the whole file; PostgreSQL locks the game's row (`Dialect.lock_row`) and, for what no row
    protects yet, takes the locks below."""

    dialect: Dialect

    async def one(self, sql: str, params: Params = ()) -> Row | None: ...

    async def all(self, sql: str, params: Params = ()) -> Sequence[Row]: ...

    async def execute(self, sql: str, params: Params = ()) -> None: ...

    async def execute_many(self, sql: str, rows: Sequence[Params]) -> None: ...

    async def last(self, sql: str, params: Params = ()) -> Row | None:
        """The unit's last statement, a write returning at most one row: once it returned one, a
        statement sent after it raises RuntimeError on either database. Should it return none, it
        wrote nothing and the unit may go on (to read why). On SQLite, a unit alone in its
        transaction whose only write this is commits in the same trip to the connection's thread."""

    async def lock_channel(self, channel_id: int) -> None:
        """Until the transaction ends, no other one may open a game in this channel."""

    async def lock_statistics(self) -> None:
        """Until the transaction ends, no game may finish (the leaderboard sums stay put)."""


def dump_json(value: object) -> str:
    """Compact, as `json.dumps(separators=(",", ":"))` writes it, in a seventh of its time."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
