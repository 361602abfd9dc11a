"""Which games a leaderboard period counts, and which stored rating table a period reads.
Month, season (a calendar quarter) and year are calendar periods, which the storage answers
from per-period sums; week is the last 7 days; last season is the quarter before this one."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.storage import ALL_TIME, season_containing

PERIODS = ("all", "week", "month", "season", "last_season", "year")
RATING = "rating"
"""The metric of the rating leaderboard."""
RATED_PERIODS = ("all", "season", "last_season")
"""Ratings are kept for all time and per season only."""


def _season_start(now: datetime) -> datetime:
    start_of_day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    return start_of_day.replace(month=(now.month - 1) // 3 * 3 + 1, day=1)


def _season_before(season_start: datetime) -> datetime:
    if season_start.month == 1:
        return season_start.replace(year=season_start.year - 1, month=10)
    return season_start.replace(month=season_start.month - 3)


def periods_for(metric: str) -> tuple[str, ...]:
    """The periods a leaderboard by `metric` offers: ratings only those they are kept for."""
    return RATED_PERIODS if metric == RATING else PERIODS


def since_for(period: str, now: datetime) -> datetime | None:
    if period == "week":
        return now - timedelta(days=7)
    start_of_day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "month":
        return start_of_day.replace(day=1)
    if period == "season":
        return _season_start(now)
    if period == "last_season":
        return _season_before(_season_start(now))
    if period == "year":
        return start_of_day.replace(month=1, day=1)
    return None


def until_for(period: str, now: datetime) -> datetime | None:
    """Where a period ends (None: now); only last season has ended."""
    return _season_start(now) if period == "last_season" else None


def rating_period(period: str, now: datetime) -> str | None:
    """The stored rating table of a period: all time or a season's key ("2026-Q4"); None
    for periods that have no ratings."""
    if period == "all":
        return ALL_TIME
    if period not in RATED_PERIODS:
        return None
    start = since_for(period, now)
    assert start is not None
    return season_containing(start)
