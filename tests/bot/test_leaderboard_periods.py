"""Which games a leaderboard period counts: calendar month, season (quarter) and year."""

from datetime import UTC, datetime

import pytest

from bot.standings import rating_period, since_for, until_for

NOW = datetime(2026, 11, 22, 15, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("period", "since"),
    [
        ("all", None),
        ("week", datetime(2026, 11, 15, 15, 30, tzinfo=UTC)),
        ("month", datetime(2026, 11, 1, tzinfo=UTC)),
        ("season", datetime(2026, 10, 1, tzinfo=UTC)),
        ("year", datetime(2026, 1, 1, tzinfo=UTC)),
    ],
)
def test_a_period_starts_where_players_expect(period: str, since: datetime | None) -> None:
    assert since_for(period, NOW) == since


def test_the_first_season_of_the_year_starts_in_january() -> None:
    assert since_for("season", datetime(2027, 3, 31, 23, 59, tzinfo=UTC)) == datetime(
        2027, 1, 1, tzinfo=UTC
    )


def test_last_season_is_the_whole_quarter_before_this_one() -> None:
    assert since_for("last_season", NOW) == datetime(2026, 7, 1, tzinfo=UTC)
    assert until_for("last_season", NOW) == datetime(2026, 10, 1, tzinfo=UTC)
    january = datetime(2027, 2, 3, tzinfo=UTC)
    assert since_for("last_season", january) == datetime(2026, 10, 1, tzinfo=UTC)
    assert until_for("last_season", january) == datetime(2027, 1, 1, tzinfo=UTC)
    assert until_for("season", NOW) is None


@pytest.mark.parametrize(
    ("period", "table"),
    [("all", "all"), ("season", "2026-Q4"), ("last_season", "2026-Q3"), ("week", None)],
)
def test_a_period_reads_its_rating_table(period: str, table: str | None) -> None:
    assert rating_period(period, NOW) == table
    assert rating_period(period, datetime(2027, 1, 1, tzinfo=UTC)) == (
        {"season": "2027-Q1", "last_season": "2026-Q4"}.get(period, table)
    )
