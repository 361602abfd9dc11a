"""The posts of one reveal in the game's channel, built whole in one call from the change's
story: the new round message, with who the round waits for, its buttons and the picture of the
track; and, once the game is over, the result with the game record. The announcer only gives
each its address and delivers it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import engine
from bot.messages.post import Post
from bot.messages.result import result_post
from bot.messages.round import Story, round_post
from bot.messages.table import Table
from bot.storage.records import GameRecord


@dataclass(frozen=True)
class RevealPosts:
    round_message: Post
    result: Post | None = None
    """The final result, once the game is over."""


async def reveal_posts(
    table: Table,
    record: GameRecord,
    state: engine.GameState,
    events: tuple[engine.Event, ...],
    story: Story,
    rating_changes: Mapping[str, float],
    replay_url: Callable[[str], str] | None = None,
) -> RevealPosts:
    """`record`, `state`, `events`: the change's; `rating_changes`: each rated person's change
    on the shown scale, once the game is over; `replay_url`: a replay token's page, when the
    bot serves web pages."""
    round_message = await round_post(table, state, story, record.deadline)
    if state.phase != engine.Phase.FINISHED:
        return RevealPosts(round_message)
    result = result_post(table, record, state, events, rating_changes, replay_url)
    return RevealPosts(round_message, result)
