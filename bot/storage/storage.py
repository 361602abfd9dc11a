"""`Storage`: the async API of the database. One instance per process.

Opening and closing live here; the methods come from seven stores, one module each: `GameStore`
(games, seats, the action log), `ProcessStore` (health, leases, clocks), `SettingsStore` (languages,
bot settings), `StandingsStore` (leaderboards, statistics, ratings), `PrivacyStore` (what is kept
about a person), `ServerStore` (servers the bot left) and `WebStore` (replay and standings pages).
Each part of the bot sees only the methods it names in its own protocol (bot/storage/__init__.py).
"""

from __future__ import annotations

import os
from pathlib import Path

from bot.storage.game_notices import GameNoticeListener, NoticeReceiver
from bot.storage.game_store import GameStore
from bot.storage.personal_data import OwnedTables
from bot.storage.postgres import PostgresDatabase, is_postgresql_url
from bot.storage.privacy_store import PrivacyStore
from bot.storage.process_store import ProcessStore
from bot.storage.seasons import Histories
from bot.storage.server_store import ServerStore
from bot.storage.settings_store import SettingsStore
from bot.storage.sqlite import DEFAULT_BUSY_TIMEOUT_SECONDS, SqliteDatabase
from bot.storage.standings_store import StandingsStore
from bot.storage.units import Database
from bot.storage.web_store import WebStore

DEFAULT_DATABASE = "whyfirst.sqlite3"


class Storage(
    GameStore, ProcessStore, SettingsStore, StandingsStore, PrivacyStore, ServerStore, WebStore
):
    def __init__(self, database: Database) -> None:
        self._database = database
        self._histories = Histories()
        self._owned: tuple[OwnedTables, ...] = ()

    def own(self, tables: tuple[OwnedTables, ...]) -> None:
        """The tables the features own (bot/ui/feature.py): exported, erased and forgotten
        with the rest from now on."""
        self._owned = tables

    @property
    def owned(self) -> tuple[OwnedTables, ...]:
        return self._owned

    @property
    def units(self) -> Database:
        """Units of work on this database, for a feature's own store (bot/league/store.py)."""
        return self._database

    @classmethod
    async def open(
        cls,
        database: str | os.PathLike[str] = DEFAULT_DATABASE,
        *,
        migrations_dir: Path | None = None,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT_SECONDS,
    ) -> Storage:
        """`database`, opened and migrated: a PostgreSQL URL (postgresql:// or postgres://),
        else an SQLite file."""
        opened: Database
        if isinstance(database, str) and is_postgresql_url(database):
            opened = await PostgresDatabase.open(
                database, migrations_dir=migrations_dir, busy_timeout=busy_timeout
            )
        else:
            opened = await SqliteDatabase.open(
                Path(database), migrations_dir=migrations_dir, busy_timeout=busy_timeout
            )
        return cls(opened)

    @property
    def dialect(self) -> str:
        """Which database: "sqlite" or "postgresql"."""
        return self._database.dialect

    @property
    def database(self) -> str:
        """The SQLite file, or the PostgreSQL URL without its password."""
        return self._database.name

    @property
    def path(self) -> Path | None:
        """The SQLite file; None on PostgreSQL."""
        return Path(self._database.name) if self.dialect == "sqlite" else None

    def game_notices(self, receiver: NoticeReceiver) -> GameNoticeListener | None:
        """A listener handing `receiver` every game change any process commits (not started
        yet); None on SQLite, where this process's own commits are all there are."""
        database = self._database
        if not isinstance(database, PostgresDatabase):
            return None
        return GameNoticeListener(database.connect, database.name, receiver)

    async def close(self) -> None:
        await self._database.close()

    async def __aenter__(self) -> Storage:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()
