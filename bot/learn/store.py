"""The learn feature's own table (migrations/0013_learning.sql): who turned their first-game
tips off or on; and who in a game had finished none when it began.

`LEARNING_TABLES` says what it keeps about people: the privacy export shows it, and erasing a
person deletes it (bot/storage/personal_data.py). A practice game is an ordinary game, its
learner erased from it as from any other (bot/storage/erasure.py)."""

from __future__ import annotations

from datetime import datetime

from bot.storage.personal_data import OwnedTables, PersonalTable
from bot.storage.sql import Session
from bot.storage.timefmt import to_db
from bot.storage.units import Database

NEWCOMERS = (
    "SELECT s.user_id FROM seats AS s WHERE s.game_id = ? AND s.user_id > 0 "
    "AND NOT EXISTS (SELECT 1 FROM results AS r WHERE r.user_id = s.user_id "
    "AND r.finished_at < ?) "
    "AND NOT EXISTS (SELECT 1 FROM unranked_results AS u WHERE u.user_id = s.user_id "
    "AND u.finished_at < ?) "
    "AND NOT EXISTS (SELECT 1 FROM tip_preferences AS p WHERE p.user_id = s.user_id "
    "AND p.tips = 'off')"
)
"""The people seated in a game who had finished no game when it began, tips not turned off
(AI players' and former players' ids are negative)."""


class LearningStore:
    def __init__(self, units: Database) -> None:
        self._units = units

    async def newcomers(self, game_id: int, started_at: datetime) -> frozenset[int]:
        """Who in the game gets first-game tips."""
        began = to_db(started_at)

        async def work(db: Session) -> frozenset[int]:
            rows = await db.all(NEWCOMERS, (game_id, began, began))
            return frozenset(int(row[0]) for row in rows)

        return await self._units.read("read who is new to the game", work)

    async def set_tips(self, user_id: int, on: bool) -> None:
        await self._units.write(
            "store a tips preference",
            lambda db: db.execute(
                "INSERT INTO tip_preferences (user_id, tips) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET tips = excluded.tips",
                (user_id, "on" if on else "off"),
            ),
        )


async def erase_preference(db: Session, user_id: int) -> None:
    await db.execute("DELETE FROM tip_preferences WHERE user_id = ?", (user_id,))


LEARNING_TABLES = OwnedTables(
    personal=(PersonalTable("tip_preferences", "user_id", ("user_id", "tips"), ("user_id",)),),
    erase=erase_preference,
)
