"""Who hears the notes, and what they hear: the `Notes` (bot/messages/hand.py) the hands and a
practice game's reveals carry.

A practice game's learner hears every note (its AI players none). In a real game, the people
who had finished no game when it began hear them in their hand, tips not turned off: read from
the database once per game, before its first hand is drawn, and kept a while in memory. A
finished game is no longer anyone's first, but its hands are drawn once more, at its end: an
entry is let go only when many newer games came after it."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from datetime import datetime
from typing import Protocol

import engine
from bot.learn.moments import hand_notes, reveal_notes
from bot.learn.words import said
from bot.messages.table import Table
from bot.options import GameOptions
from bot.storage import GameRecord, PlayerId, StorageError, player_id

log = logging.getLogger("whyfirst.learn")

KEPT_GAMES = 4096


class Newcomers(Protocol):
    async def newcomers(self, game_id: int, started_at: datetime) -> frozenset[int]: ...


class Tutor:
    def __init__(self, store: Newcomers) -> None:
        self._store = store
        self._tipped: OrderedDict[int, frozenset[PlayerId]] = OrderedDict()
        """Per real game, who gets its first-game tips."""
        self._loading: dict[int, asyncio.Future[frozenset[int]]] = {}

    async def ready(self, record: GameRecord) -> None:
        """Read once, however many parts ask at once; a database that fails costs the game's
        tips until the next time it is asked, never its hands."""
        if record.id in self._tipped or record.started_at is None:
            return
        if GameOptions.of(record).practice:
            return
        loading = self._loading.get(record.id)
        if loading is None:
            loading = asyncio.ensure_future(self._store.newcomers(record.id, record.started_at))
            self._loading[record.id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(record.id, None))
        try:
            people = await asyncio.shield(loading)
        except StorageError as problem:
            log.warning("game %s: nobody's first-game tips were read: %s", record.id, problem)
            return
        self._tipped[record.id] = frozenset(player_id(user) for user in people)
        while len(self._tipped) > KEPT_GAMES:
            self._tipped.popitem(last=False)

    def in_hand(
        self, table: Table, state: engine.GameState, player: PlayerId, locale: str | None
    ) -> str | None:
        if table.practice:
            if table.is_ai(player):
                return None
        elif player not in self._tipped.get(table.game_id, ()):
            return None
        return said(hand_notes(state, table.practice), table, state, locale)

    def in_reveal(
        self, table: Table, state: engine.GameState, events: tuple[engine.Event, ...]
    ) -> str | None:
        if not table.practice:
            return None
        return said(reveal_notes(state, events), table, state, table.locale)

    def tips(self, user_id: int, on: bool) -> None:
        """A person turned their tips off (or on again): off at once in their running games
        here; on from their next game."""
        if on:
            return
        player = player_id(user_id)
        for game_id, tipped in self._tipped.items():
            if player in tipped:
                self._tipped[game_id] = tipped - {player}
