"""Small helpers for running SQL through aiosqlite."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import aiosqlite


def dump_json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


# One trip to the database thread per query (a cursor would take three): while a transaction
# holds the connection, each trip also waits for a turn of the busy event loop.


async def one(db: aiosqlite.Connection, sql: str, params: Sequence[Any]) -> Any:
    rows = await db.execute_fetchall(sql, params)
    return next(iter(rows), None)


async def all_rows(db: aiosqlite.Connection, sql: str, params: Sequence[Any]) -> list[Any]:
    return list(await db.execute_fetchall(sql, params))
