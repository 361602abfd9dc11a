"""How a season is split into stored buckets and raw stretches."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

import asyncpg
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.storage.periods import BUCKET_KEYS_SQL, cover, whole_months
from bot.storage.timefmt import to_db

FIRST = "2024-02-10T08:00:00.000000+00:00"
LAST = "2026-05-03T20:00:00.000000+00:00"


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)  # type: ignore[misc]


def test_whole_months_use_the_largest_buckets_that_fit() -> None:
    assert whole_months(utc(2024, 11, 1), utc(2026, 5, 1)) == (
        "2024-11",
        "2024-12",
        "2025",
        "2026-Q1",
        "2026-04",
    )
    assert whole_months(utc(2025, 4, 1), utc(2025, 7, 1)) == ("2025-Q2",)
    assert whole_months(utc(2025, 5, 1), utc(2025, 5, 1)) == ()


def test_partial_months_at_the_edges_are_read_raw() -> None:
    chosen = cover(utc(2025, 4, 15, 9), utc(2025, 7, 20), FIRST, LAST)
    assert chosen.buckets == ("2025-05", "2025-06")
    assert chosen.raw == (
        ("2025-04-15T09:00:00.000000+00:00", "2025-05-01T00:00:00.000000+00:00"),
        ("2025-07-01T00:00:00.000000+00:00", "2025-07-20T00:00:00.000000+00:00"),
    )


def test_open_ends_stop_at_the_guilds_history_without_raw_reading() -> None:
    chosen = cover(None, utc(2025, 1, 1), FIRST, LAST)
    assert chosen.buckets == ("2024-02", "2024-03", "2024-Q2", "2024-Q3", "2024-Q4")
    assert chosen.raw == ()
    assert cover(utc(2026, 1, 1), None, FIRST, LAST).buckets == ("2026-Q1", "2026-04", "2026-05")


def test_a_period_inside_one_month_and_empty_periods() -> None:
    inside = cover(utc(2025, 3, 2), utc(2025, 3, 9), FIRST, LAST)
    assert inside.buckets == ()
    assert inside.raw == (("2025-03-02T00:00:00.000000+00:00", "2025-03-09T00:00:00.000000+00:00"),)
    assert cover(utc(2025, 3, 9), utc(2025, 3, 2), FIRST, LAST).raw == ()
    assert cover(None, None, None, None).buckets == ()


def test_sql_names_buckets_as_the_python_side_does() -> None:
    starts = [utc(2025, month, 1) for month in range(1, 13)] + [utc(2026, 1, 1)]
    db = sqlite3.connect(":memory:")
    for index, start in enumerate(starts[:12]):
        stamp = start.replace(day=17, hour=10).isoformat(timespec="microseconds")
        sql = ", ".join(expression.format(":at") for expression in BUCKET_KEYS_SQL)
        year, quarter, month = db.execute(f"SELECT {sql}", {"at": stamp}).fetchone()
        quarter_first = index - index % 3
        assert (year,) == whole_months(starts[0], starts[12])
        assert (quarter,) == whole_months(starts[quarter_first], starts[quarter_first + 3])
        assert (month,) == whole_months(start, starts[index + 1])
    db.close()


def bucket_keys_of(moment: datetime) -> set[str]:
    return {
        f"{moment.year:04d}",
        f"{moment.year:04d}-Q{(moment.month + 2) // 3}",
        f"{moment.year:04d}-{moment.month:02d}",
    }


moments = st.datetimes(
    min_value=datetime(2023, 6, 1), max_value=datetime(2027, 6, 1), timezones=st.just(UTC)
)


@settings(max_examples=300, deadline=None)
@given(
    since=st.none() | moments,
    until=st.none() | moments,
    finished=moments,
    history=st.tuples(moments, moments).map(sorted),
)
def test_every_finish_time_is_counted_once_exactly_when_inside_the_period(
    since: datetime | None, until: datetime | None, finished: datetime, history: list[datetime]
) -> None:
    first, last = history
    finished = min(max(finished, first), last)  # a game the guild actually played
    chosen = cover(since, until, to_db(first), to_db(last))
    stamp = to_db(finished)
    counted = len(bucket_keys_of(finished) & set(chosen.buckets)) + sum(
        start <= stamp < end for start, end in chosen.raw
    )
    inside = (since is None or finished >= since) and (until is None or finished < until)
    assert counted == (1 if inside else 0)


async def test_postgresql_names_buckets_as_sqlite_does(postgres_url: str) -> None:
    stamps = [to_db(utc(2025, month, 17, 10)) for month in range(1, 13)] + [to_db(utc(2026, 1, 1))]
    keys = ", ".join(expression.format(":at") for expression in BUCKET_KEYS_SQL)
    sqlite = sqlite3.connect(":memory:")
    expected = [sqlite.execute(f"SELECT {keys}", {"at": at}).fetchone() for at in stamps]
    sqlite.close()
    keys = ", ".join(expression.format("$1::text") for expression in BUCKET_KEYS_SQL)
    postgresql = await asyncpg.connect(postgres_url)
    try:
        got = [tuple(await postgresql.fetchrow(f"SELECT {keys}", at)) for at in stamps]
    finally:
        await postgresql.close()
    assert got == expected
