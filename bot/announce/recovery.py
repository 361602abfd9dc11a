"""What a game stored but its players were not shown, because the process that stored it died
first (a crash, an OOM kill, a host that rebooted): shown when a process starts, and when it
takes over the games of one that died (bot/timers/takeover.py), before anything newer of the
game. A transactional outbox whose entries are the game's own action log: every version after
the one last shown (`GameRecord.shown_version`, stored with the ids of the messages that showed
it) is rebuilt by the engine, and shown as it would have been; then every player's controls are
drawn as the game stands, through the clicks logged with its changes while their tokens live.

A message the dead process may have sent before it could store it is looked for first
(bot/announce/channel.py), and REST posts carry a nonce that names them, so that Discord keeps
each to once."""

from __future__ import annotations

import logging
from typing import Protocol

import engine
from bot.announce.announcer import Announcer
from bot.announce.click_book import ClickBook, ClickLog, restore_logged
from bot.clock import Clock
from bot.play.transition import Ended, EndReason, Transition, changes_since
from bot.storage import GameRecord, GameStatus, LoggedAction, StorageError

log = logging.getLogger("whyfirst.announce")

_ENDED_AS = {GameStatus.CANCELLED: EndReason.CANCELLED, GameStatus.ABANDONED: EndReason.ABANDONED}


class RecoveryStorage(ClickLog, Protocol):
    async def action_log(self, game_id: int) -> list[LoggedAction]: ...


class Recovery:
    def __init__(
        self, storage: RecoveryStorage, announcer: Announcer, book: ClickBook, clock: Clock
    ) -> None:
        self._storage = storage
        self._announcer = announcer
        self._book = book
        self._clock = clock

    async def __call__(self, record: GameRecord) -> None:
        """Queue what `record` stored beyond what was shown, and everyone's controls."""
        ended = _ENDED_AS.get(record.status)
        if ended is not None and record.shown_version < record.version:
            self._announcer.show(Ended(record, ended, recovered=True))
        if record.state_json is None or ended is not None:
            return
        try:
            await restore_logged(self._book, self._storage, record.id, self._clock.now())
            changes = changes_since(record, await self._storage.action_log(record.id))
        except StorageError as problem:
            log.warning("game %s: what it stored could not be read back: %s", record.id, problem)
            return
        for change in changes[:-1]:
            self._announcer.show(change)
        state = engine.state_from_dict(record.state or {})
        last = changes[-1] if changes else Transition(record, state, state, (), None)
        if record.status is GameStatus.RUNNING or changes:
            self._announcer.show(last, everyone=record.status is GameStatus.RUNNING)
