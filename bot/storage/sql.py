"""Small helpers for running SQL through aiosqlite."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import aiosqlite


def dump_json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


async def one(db: aiosqlite.Connection, sql: str, params: Sequence[Any]) -> Any:
    async with db.execute(sql, params) as cursor:
        return await cursor.fetchone()


async def all_rows(db: aiosqlite.Connection, sql: str, params: Sequence[Any]) -> list[Any]:
    async with db.execute(sql, params) as cursor:
        return list(await cursor.fetchall())
