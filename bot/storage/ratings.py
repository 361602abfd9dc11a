"""Rating finished games: each rated game (one with at least two people, the games that go to
`results`) moves its people's all-time and season ratings (table `ratings`) and notes each
person's all-time change beside their result. Games are rated in the order they finished;
`rerate` recomputes everything from `results` in that order, with the same arithmetic, so it
gives back exactly what the games gave one by one."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.rating import NEWCOMER, Skill, rate_game
from bot.storage.sql import Row, Session
from bot.storage.timefmt import to_db

ALL_TIME = "all"


def season_of(stamp: str) -> str:
    """The season (calendar quarter) of a stored time, spelt as `periods.BUCKET_KEYS_SQL`."""
    return f"{stamp[:4]}-Q{(int(stamp[5:7]) + 2) // 3}"


def season_containing(moment: datetime) -> str:
    """The season (calendar quarter, in UTC) a moment falls in, spelt as `season_of`."""
    return season_of(to_db(moment))


@dataclass(frozen=True)
class _Standing:
    skill: Skill
    games: int
    last_change: float

    @property
    def stored(self) -> tuple[float, float, float, int, float]:
        """Its columns of `ratings`: mu, sigma, rating, games, last_change."""
        skill = self.skill
        return (skill.mu, skill.sigma, skill.conservative, self.games, self.last_change)


@dataclass(frozen=True)
class _Game:
    game_id: int
    guild_id: int
    finished_at: str
    people: tuple[int, ...]
    winners: frozenset[int]


def _after(standings: Mapping[int, _Standing], winners: Iterable[int]) -> dict[int, _Standing]:
    skills = rate_game({user: standing.skill for user, standing in standings.items()}, set(winners))
    return {
        user: _Standing(
            skill,
            standings[user].games + 1,
            skill.conservative - standings[user].skill.conservative,
        )
        for user, skill in skills.items()
    }


async def rate_finished_game(
    db: Session, guild_id: int, game_id: int, finished_at: str, outcome: Mapping[int, bool]
) -> None:
    """Rate one game whose results were just stored, inside the same transaction: `outcome`
    says of each person whether they shared the win."""
    if len(outcome) < 2:
        return
    periods = sorted((ALL_TIME, season_of(finished_at)))
    people = sorted(outcome)
    winners = [user for user in people if outcome[user]]
    tables = await _lock_standings(db, guild_id, periods, people)
    after = {period: _after(tables[period], winners) for period in periods}
    await _store(db, guild_id, after)
    await _note_changes(db, game_id, after[ALL_TIME])


async def _lock_standings(
    db: Session, guild_id: int, periods: Sequence[str], people: Sequence[int]
) -> dict[str, dict[int, _Standing]]:
    """The people's standings in each period, newcomers' made first, locked for this
    transaction (in period and user order, so two games sharing people wait for each other
    instead of deadlocking)."""
    await db.execute_many(
        "INSERT INTO ratings (guild_id, period, user_id, mu, sigma, rating, games, last_change) "
        "VALUES (?, ?, ?, ?, ?, ?, 0, 0) ON CONFLICT DO NOTHING",
        [
            (guild_id, period, user, NEWCOMER.mu, NEWCOMER.sigma, NEWCOMER.conservative)
            for period in periods
            for user in people
        ],
    )
    users = ", ".join("?" for _ in people)
    found = await db.all(
        "SELECT period, user_id, mu, sigma, games, last_change FROM ratings "
        f"WHERE guild_id = ? AND period IN (?, ?) AND user_id IN ({users}) "
        f"ORDER BY period, user_id{db.dialect.lock_row}",
        (guild_id, *periods, *people),
    )
    tables: dict[str, dict[int, _Standing]] = {period: {} for period in periods}
    for period, user, mu, sigma, games, change in found:
        tables[str(period)][int(user)] = _Standing(
            Skill(float(mu), float(sigma)), int(games), float(change)
        )
    return tables


async def _store(db: Session, guild_id: int, tables: Mapping[str, Mapping[int, _Standing]]) -> None:
    await db.execute_many(
        "UPDATE ratings SET mu = ?, sigma = ?, rating = ?, games = ?, last_change = ? "
        "WHERE guild_id = ? AND period = ? AND user_id = ?",
        [
            (*standing.stored, guild_id, period, user)
            for period, table in sorted(tables.items())
            for user, standing in sorted(table.items())
        ],
    )


async def _note_changes(db: Session, game_id: int, after: Mapping[int, _Standing]) -> None:
    await db.execute_many(
        "UPDATE results SET rating_change = ? WHERE game_id = ? AND user_id = ?",
        [(standing.last_change, game_id, user) for user, standing in sorted(after.items())],
    )


async def rerate(db: Session, guild_id: int | None = None) -> int:
    """Recompute the ratings of one server (or all) from `results`; how many games were
    rated. Idempotent: the same games give the same ratings."""
    await db.lock_statistics()
    where, params = ("WHERE guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
    await db.execute(f"DELETE FROM ratings {where}", params)
    games = _games(
        await db.all(
            "SELECT game_id, guild_id, finished_at, user_id, won FROM results "
            f"{where} ORDER BY finished_at, game_id, user_id",
            params,
        )
    )
    tables: dict[tuple[int, str], dict[int, _Standing]] = {}
    changes: list[tuple[float, int, int]] = []
    for game in games:
        for period in (ALL_TIME, season_of(game.finished_at)):
            table = tables.setdefault((game.guild_id, period), {})
            before = {user: table.get(user, _Standing(NEWCOMER, 0, 0.0)) for user in game.people}
            after = _after(before, game.winners)
            table.update(after)
            if period == ALL_TIME:
                changes.extend((after[user].last_change, game.game_id, user) for user in after)
    await db.execute(f"UPDATE results SET rating_change = NULL {where}", params)
    await db.execute_many(
        "UPDATE results SET rating_change = ? WHERE game_id = ? AND user_id = ?", changes
    )
    await db.execute_many(
        "INSERT INTO ratings (guild_id, period, user_id, mu, sigma, rating, games, last_change) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (guild, period, user, *standing.stored)
            for (guild, period), table in tables.items()
            for user, standing in table.items()
        ],
    )
    return len(games)


def _games(rows: Sequence[Row]) -> list[_Game]:
    """The rated games (two people or more) among result rows sorted by finish and game."""
    by_game: dict[int, list[tuple[int, int, str, int, bool]]] = {}
    for game_id, guild_id, finished_at, user_id, won in rows:
        by_game.setdefault(int(game_id), []).append(
            (int(game_id), int(guild_id), str(finished_at), int(user_id), bool(won))
        )
    return [
        _Game(
            game_id=game_id,
            guild_id=people[0][1],
            finished_at=people[0][2],
            people=tuple(person[3] for person in people),
            winners=frozenset(person[3] for person in people if person[4]),
        )
        for game_id, people in by_game.items()
        if len(people) >= 2
    ]
