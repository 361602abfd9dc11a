"""The final result in the channel, built whole: the standings with each rated person's change,
the game record as an attachment, Rematch, and a link to the replay page."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import discord

import engine
from bot.i18n import t
from bot.messages.narrate import final_result
from bot.messages.post import Post
from bot.messages.record import record_file
from bot.messages.sentence import words
from bot.messages.table import Table
from bot.storage.records import GameRecord
from bot.ui.buttons import RematchButton
from bot.ui.replies import PINGS


def result_post(
    table: Table,
    record: GameRecord,
    state: engine.GameState,
    events: tuple[engine.Event, ...],
    rating_changes: Mapping[str, float],
    replay_url: Callable[[str], str] | None = None,
) -> Post:
    """`events`: the last change's, its GameOver among them; `rating_changes`: each rated
    person's change on the shown scale; `replay_url`: a replay token's page, when the bot
    serves web pages."""
    over = next(event for event in events if isinstance(event, engine.GameOver))
    lines = words(final_result(table, state, over, rating_changes), table.locale)
    token = record.replay_token
    replay = replay_url(token) if replay_url and token else None
    return Post(
        "\n".join(lines),
        final_view(table, replay),
        file=lambda: record_file(record, state, over, table.locale),
        mentions=PINGS,
    )


def final_view(table: Table, replay_url: str | None = None) -> discord.ui.View:
    """Rematch, and a link to the game's replay page when the bot serves web pages."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(table.game_id, label=t("final.rematch", table.locale)))
    if replay_url is not None:
        view.add_item(
            discord.ui.Button(label=t("final.replay", table.locale), url=replay_url, row=0)
        )
    return view
