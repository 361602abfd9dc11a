"""The finished game's record as an attachment: the engine's record format plus who, where,
when, and the results shaped as `python -m engine replay` prints them."""

from __future__ import annotations

import io
import json
from datetime import datetime
from typing import Any

import discord

import engine


def game_record(record: Any, state: engine.GameState, over: engine.GameOver) -> dict[str, Any]:
    data = dict(engine.export_record(state))
    data.update(
        {
            "game": int(record.id),
            "guild": str(record.guild_id),
            "channel": str(record.channel_id),
            "names": {str(seat.user_id): seat.display_name for seat in record.seats},
            "created_at": _iso(getattr(record, "created_at", None)),
            "started_at": _iso(getattr(record, "started_at", None)),
            "finished_at": _iso(
                getattr(record, "finished_at", None) or getattr(record, "updated_at", None)
            ),
            "results": {
                "totals": dict(over.totals),
                "winners": list(over.winners),
            },
        }
    )
    return data


def record_file(record: Any, state: engine.GameState, over: engine.GameOver) -> discord.File:
    text = json.dumps(game_record(record, state, over), ensure_ascii=False, indent=1)
    return discord.File(io.BytesIO(text.encode()), filename=f"whyfirst-{record.id}.json")


def _iso(moment: Any) -> str | None:
    if isinstance(moment, datetime):
        return moment.isoformat()
    return str(moment) if moment is not None else None
