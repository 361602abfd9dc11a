"""Which games a leaderboard period counts: calendar month, season (quarter) and year."""

from datetime import UTC, datetime

import pytest

from bot.standings import since_for

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
