"""The posts of one reveal in the game's channel, built whole in one call from the change: its
story, the new round message (with who the round waits for, its buttons and the picture of the
track) and, once the game is over, the result with the game record. The announcer only gives
each its address and delivers it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

import engine
from bot.messages.controls import channel_controls
from bot.messages.post import Post
from bot.messages.result import result_post
from bot.messages.round import Story, round_post, story_of
from bot.messages.table import Table
from bot.storage.records import GameRecord
from bot.ui.buttons import Rows


@dataclass(frozen=True)
class RevealPosts:
    story: Story
    round_message: Post
    result: Post | None = None
    """The final result, once the game is over."""


async def reveal_posts(
    table: Table,
    record: GameRecord,
    before: engine.GameState | None,
    state: engine.GameState,
    events: tuple[engine.Event, ...],
    rating_changes: Mapping[str, float],
    replay_url: Callable[[str], str] | None = None,
    note: str | None = None,
) -> RevealPosts:
    """`record`, `before`, `state`, `events`: the change's (no `before`: the game's start);
    `rating_changes`: each rated person's change on the shown scale, once the game is over;
    `replay_url`: a replay token's page, when the bot serves web pages; `note`: what a
    practice game's last post of the reveal teaches (`Notes`, bot/messages/hand.py)."""
    over = state.phase == engine.Phase.FINISHED
    story = story_of(table, before, state, events)
    story = replace(story, lines=(*story.lines, note)) if note and not over else story
    round_message = await round_post(table, state, story, record.deadline)
    result = result_post(table, record, state, events, rating_changes, note) if over else None
    # The words and pictures first, then the buttons: the newest post carries them.
    token = record.replay_token
    controls = channel_controls(table, state, replay_url(token) if replay_url and token else None)
    if result is None:
        return RevealPosts(story, replace(round_message, view=controls))
    return RevealPosts(story, replace(round_message, view=Rows()), replace(result, view=controls))
