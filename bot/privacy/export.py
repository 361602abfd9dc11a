"""A player's export: every stored row about them (bot/storage/personal_data.py), and the
records of the finished games they played, as `python -m engine replay` reads them."""

from __future__ import annotations

import gzip
import json
from datetime import datetime
from typing import Protocol

import engine
from bot.messages.record import JsonObject, game_record
from bot.storage import GameRecord


class KeptData(Protocol):
    async def personal_rows(self, user_id: int) -> dict[str, list[JsonObject]]: ...

    async def game(self, game_id: int) -> GameRecord | None: ...


async def export_of(storage: KeptData, user_id: int, now: datetime) -> JsonObject:
    rows = await storage.personal_rows(user_id)
    records: list[JsonObject] = []
    for game_id in sorted({str(seat["game_id"]) for seat in rows.get("seats", [])}, key=int):
        record = await storage.game(int(game_id))
        state = engine.state_from_dict(record.state) if record and record.state else None
        over = engine.final_result(state) if state is not None else None
        if record is not None and state is not None and over is not None:
            records.append(game_record(record, state, over))
    return {
        "user_id": str(user_id),
        "exported_at": now.isoformat(),
        "stored": rows,
        "game_records": records,
    }


def export_bytes(export: JsonObject, limit: int) -> tuple[bytes, str]:
    """The export as a file's bytes and name: JSON, gzipped should it pass `limit` bytes."""
    text = json.dumps(export, ensure_ascii=False, indent=1).encode()
    if len(text) <= limit:
        return text, "whyfirst-my-data.json"
    return gzip.compress(text), "whyfirst-my-data.json.gz"
