"""Sentences that teach the rules the moment they first matter (bot/learn decides which, and
to whom): the hands and a practice game's reveals carry them without knowing who learns."""

from __future__ import annotations

from typing import Protocol

import engine
from bot.messages.table import Table
from bot.storage.records import GameRecord, PlayerId


class Notes(Protocol):
    async def ready(self, record: GameRecord) -> None:
        """Knows who in the running game hears the notes, before its hands are drawn."""

    def in_hand(
        self, table: Table, state: engine.GameState, player: PlayerId, locale: str | None
    ) -> str | None:
        """What the player's hand says under its controls now, if anything."""

    def in_reveal(
        self, table: Table, state: engine.GameState, events: tuple[engine.Event, ...]
    ) -> str | None:
        """What a practice game's reveal says after its story (at the end, its result)."""
