"""The answer to `/whyfirst status`: the channel's game in one or two sentences."""

from __future__ import annotations

import engine
from bot.i18n import t
from bot.messages.table import Table
from bot.storage.records import GameRecord


def status_text(record: GameRecord, locale: str | None) -> str:
    table = Table.of(record)
    if record.state_json is None:
        players = table.mentions(table.players)
        return t("status.lobby", locale, count=len(table.players), players=players)
    view = engine.public_view(engine.state_from_dict(record.state))
    totals = ", ".join(
        f"{table.mention(figure)} {view.total_of(figure)}" for figure in view.figures
    )
    return t(
        "status.running",
        locale,
        variant=t(f"variant.{record.variant}", locale),
        stage=view.stage,
        round=view.round,
        waiting=table.mentions(view.waiting_for) or "—",
        totals=totals,
    )
