"""`PrivacyStore`: the part of `Storage` that reads everything kept about one person (for
their export) and erases it; what that is, table by table, is bot/storage/personal_data.py,
how it is erased bot/storage/erasure.py."""

from __future__ import annotations

from datetime import datetime

from bot.storage.erasure import erase_person
from bot.storage.personal_data import JsonObject, OwnedTables, rows_about
from bot.storage.sql import Session
from bot.storage.timefmt import to_db
from bot.storage.units import Database


class PrivacyStore:
    _database: Database  # set by Storage.__init__
    _owned: tuple[OwnedTables, ...]  # the features' own tables (Storage.own)

    async def personal_rows(self, user_id: int) -> dict[str, list[JsonObject]]:
        """Every stored row about the person, table by table, on one snapshot."""
        return await self._database.read(
            "read what is kept about a player", lambda db: rows_about(db, user_id, self._owned)
        )

    async def erase_person(self, user_id: int) -> int:
        """Erase a person (bot/storage/erasure.py); raises `StillPlaying` while they are
        seated in an open game. How many games' records now name a former player."""

        async def work(db: Session) -> int:
            games = await erase_person(db, user_id)
            for tables in self._owned:
                if tables.erase is not None:
                    await tables.erase(db, user_id)
            return games

        return await self._database.write("erase a player", work)

    async def delete_action_logs(self, closed_before: datetime) -> int:
        """Delete the action logs of games closed (finished, cancelled, abandoned) before
        `closed_before`; how many games lost theirs."""

        async def work(db: Session) -> int:
            games = await db.all(
                "SELECT DISTINCT games.id FROM games JOIN actions ON actions.game_id = games.id "
                "WHERE games.status IN ('finished', 'cancelled', 'abandoned') "
                "AND games.updated_at < ?",
                (to_db(closed_before),),
            )
            await db.execute_many(
                "DELETE FROM actions WHERE game_id = ?", [(int(row[0]),) for row in games]
            )
            return len(games)

        return await self._database.write("delete old action logs", work)
