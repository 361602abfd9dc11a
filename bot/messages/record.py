"""The finished game's record as an attachment: the engine's record format plus who, where,
when, and the results shaped as `python -m engine replay` prints them."""

from __future__ import annotations

import io
import json

import discord

import engine
from bot.i18n import t
from bot.storage.records import GameRecord
from bot.storage.timefmt import iso_text

JsonObject = dict[str, object]


def game_record(record: GameRecord, state: engine.GameState, over: engine.GameOver) -> JsonObject:
    data: JsonObject = dict(engine.export_record(state))
    data.update(
        {
            "game": record.id,
            "guild": str(record.guild_id),
            "channel": str(record.channel_id),
            "names": {seat.player: seat.display_name for seat in record.seats},
            "created_at": record.created_at.isoformat(),
            "started_at": iso_text(record.started_at),
            "finished_at": (record.finished_at or record.updated_at).isoformat(),
            "results": {"totals": dict(over.totals), "winners": list(over.winners)},
        }
    )
    ai = {seat.player: seat.ai_level for seat in record.seats if seat.ai_level}
    if ai:
        data["ai"] = ai
    return data


def record_file(
    record: GameRecord, state: engine.GameState, over: engine.GameOver, locale: str | None
) -> discord.File:
    text = json.dumps(game_record(record, state, over), ensure_ascii=False, indent=1)
    return discord.File(
        io.BytesIO(text.encode()),
        filename=f"whyfirst-{record.id}.json",
        description=t("final.record_description", locale, game=record.id),
    )
