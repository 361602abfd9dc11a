"""The one thing announce/ keeps in storage: the ids of the messages it sent, so that another
process (or this one after a restart) edits them instead of sending others."""

from __future__ import annotations

import logging
from typing import Protocol

from bot import storage as store

log = logging.getLogger("whyfirst.announce")


class MessageIds(Protocol):
    async def set_message_ids(
        self, game_id: int, *, shown: int | None = None, **ids: int | None
    ) -> None:
        """Store each name's message id with the game (None: forget the name), and `shown`:
        the version whose messages in the channel went out last."""


class StoredMessageIds(MessageIds, Protocol):
    async def game(self, game_id: int) -> store.GameRecord | None:
        """The game as stored now, with the message ids every process has kept."""


class ResultStorage(MessageIds, Protocol):
    async def rating_changes(self, game_id: int) -> dict[int, float]:
        """Each person's all-time rating change in a finished game (empty if not rated)."""


async def keep_message_ids(
    storage: MessageIds,
    game_id: int,
    ids: dict[str, int | None],
    what: str,
    shown: int | None = None,
) -> None:
    """Restart recovery and the refusals after the end read these ids: a failure is logged,
    and the game goes on."""
    try:
        await storage.set_message_ids(game_id, shown=shown, **ids)
    except store.StorageError as problem:
        log.warning("game %s: %s not stored: %s", game_id, what, problem)
