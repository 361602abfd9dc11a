"""The final result in the channel: the standings with each rated person's change and the game
record as an attachment. Its buttons (Rematch, and a link to the replay page) are those of the
game's newest post, messages/controls.py, added by messages/reveal.py."""

from __future__ import annotations

from collections.abc import Mapping

import engine
from bot.messages.narrate import final_result
from bot.messages.post import Post
from bot.messages.record import record_file
from bot.messages.sentence import words
from bot.messages.table import Table
from bot.storage.records import GameRecord
from bot.ui.replies import PINGS


def result_post(
    table: Table,
    record: GameRecord,
    state: engine.GameState,
    events: tuple[engine.Event, ...],
    rating_changes: Mapping[str, float],
    note: str | None = None,
) -> Post:
    """Without its buttons (messages/reveal.py adds them). `events`: the last change's, its
    GameOver among them; `rating_changes`: each rated person's change on the shown scale;
    `note`: what it teaches a practice game's learner."""
    over = next(event for event in events if isinstance(event, engine.GameOver))
    lines = words(final_result(table, state, over, rating_changes), table.locale)
    return Post(
        "\n".join((*lines, *(("", note) if note else ()))),
        file=lambda: record_file(record, state, over, table.locale),
        mentions=PINGS,
    )
