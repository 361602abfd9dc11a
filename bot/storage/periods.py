"""Seasons as sums of stored buckets: a period [since, until) is covered by whole years,
quarters and months from `player_periods`, plus at most two partial months read from
`results`. The bucket keys are made in SQL (when a game finishes) and here (when a period
is asked for); both spell them "2025", "2025-Q2", "2025-04"."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from bot.storage.timefmt import moment_from_db, to_db

# SQL expressions turning a stored time column into its year, quarter and month key.
BUCKET_KEYS_SQL = (
    "substr({0}, 1, 4)",
    "substr({0}, 1, 5) || 'Q' || ((CAST(substr({0}, 6, 2) AS INTEGER) + 2) / 3)",
    "substr({0}, 1, 7)",
)


@dataclass(frozen=True)
class Cover:
    buckets: tuple[str, ...]
    raw: tuple[tuple[str, str], ...]  # [from, to) stretches of stored time text


def _month_start(moment: datetime) -> datetime:
    return moment.astimezone(UTC).replace(day=1, hour=0, minute=0, second=0, microsecond=0)


def _add_months(start: datetime, months: int) -> datetime:
    index = start.year * 12 + start.month - 1 + months
    return start.replace(year=index // 12, month=index % 12 + 1)


def whole_months(first: datetime, end: datetime) -> tuple[str, ...]:
    """Bucket keys covering the months [first, end), largest buckets first."""
    keys = []
    current = first
    while current < end:
        if current.month == 1 and _add_months(current, 12) <= end:
            keys.append(f"{current.year:04d}")
            current = _add_months(current, 12)
        elif current.month % 3 == 1 and _add_months(current, 3) <= end:
            keys.append(f"{current.year:04d}-Q{(current.month + 2) // 3}")
            current = _add_months(current, 3)
        else:
            keys.append(f"{current.year:04d}-{current.month:02d}")
            current = _add_months(current, 1)
    return tuple(keys)


def cover(
    since: datetime | None,
    until: datetime | None,
    first_result: str | None,
    last_result: str | None,
) -> Cover:
    """What to read for [since, until) given the guild's first and last finish times, which
    only an open end needs (None there: the guild has no finished game)."""
    # An open end stops at the guild's own history, on a month boundary: no raw reading.
    low, high = since, until
    if low is None and first_result is not None:
        low = _month_start(moment_from_db(first_result))
    if high is None and last_result is not None:
        high = _add_months(_month_start(moment_from_db(last_result)), 1)
    if low is None or high is None or low >= high:
        return Cover((), ())
    first_whole = _month_start(low)
    if first_whole != low:
        first_whole = _add_months(first_whole, 1)
    end_whole = _month_start(high)
    if first_whole >= end_whole:
        return Cover((), ((to_db(low), to_db(high)),))
    raw = []
    if low < first_whole:
        raw.append((to_db(low), to_db(first_whole)))
    if end_whole < high:
        raw.append((to_db(end_whole), to_db(high)))
    return Cover(whole_months(first_whole, end_whole), tuple(raw))
