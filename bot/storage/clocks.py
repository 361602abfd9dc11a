"""SQL for the processes sharing a database: their leases, and who holds each game's clock."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.storage.games import ACTIVE
from bot.storage.sql import Session
from bot.storage.timefmt import to_db


async def renew(db: Session, name: str, now: datetime, lease: timedelta) -> int:
    """Renew `name`'s lease; how many processes are alive now (this one included)."""
    await db.execute(
        "INSERT INTO processes (name, alive_until) VALUES (?, ?) "
        "ON CONFLICT (name) DO UPDATE SET alive_until = excluded.alive_until",
        (name, to_db(now + lease)),
    )
    row = await db.one("SELECT count(*) FROM processes WHERE alive_until > ?", (to_db(now),))
    assert row is not None
    return int(row[0])


async def release(db: Session, name: str) -> None:
    await db.execute("DELETE FROM processes WHERE name = ?", (name,))


async def claim(db: Session, name: str, now: datetime, *, own_too: bool) -> list[int]:
    """Take over the clocks of open games whose holder is not alive (or that have none), and
    of closed ones with something stored but not shown; `own_too` also returns the games `name`
    already holds (after a restart)."""
    alive = "SELECT name FROM processes WHERE alive_until > :now"
    mine = " OR clock_owner = :me" if own_too else ""
    rows = await db.all(
        f"SELECT id FROM games WHERE ({ACTIVE} OR shown_version < version) "
        f"AND (clock_owner IS NULL OR clock_owner NOT IN ({alive}){mine}) ORDER BY id",
        {"now": to_db(now), "me": name},
    )
    ids = [int(row[0]) for row in rows]
    if ids:
        await db.execute_many(
            "UPDATE games SET clock_owner = ? WHERE id = ?", [(name, game_id) for game_id in ids]
        )
    return ids
