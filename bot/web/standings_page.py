"""A server's standings on the web (/s/<token>): the leaderboard by wins, win rate, points or
rating over the periods /whyfirst leaderboard offers, 25 a page, in the server's language."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from bot.i18n import t, whole
from bot.rating import PROVISIONAL_BELOW
from bot.standings import PERIODS, rating_period, since_for, until_for
from bot.standings.desk import MIN_GAMES_FOR_RATE, RATING
from bot.standings.pages import rating_text
from bot.storage import LeaderboardPage, RatingPage
from bot.web.templates import render

METRICS = ("wins", "win_rate", "points", RATING)
RATED_PERIODS = ("all", "season", "last_season")
PAGE_SIZE = 25


class StandingsSource(Protocol):
    async def leaderboard(
        self,
        guild_id: int,
        *,
        metric: str = "wins",
        page: int = 0,
        page_size: int = 10,
        since: datetime | None = None,
        until: datetime | None = None,
        min_games: int = 3,
    ) -> LeaderboardPage: ...

    async def rating_board(
        self, guild_id: int, period: str, *, page: int = 0, page_size: int = 10, min_games: int = 3
    ) -> RatingPage: ...


@dataclass(frozen=True)
class Choice:
    """What the page shows, read from its query; anything unknown falls back to the default."""

    metric: str = "wins"
    period: str = "all"
    page: int = 0

    @classmethod
    def read(cls, query: dict[str, str]) -> Choice:
        metric = query.get("metric", "wins")
        metric = metric if metric in METRICS else "wins"
        period = query.get("period", "all")
        periods = RATED_PERIODS if metric == RATING else PERIODS
        period = period if period in periods else "all"
        page_text = query.get("page", "1")
        page = int(page_text) - 1 if page_text.isdigit() and 0 < int(page_text) < 10_000 else 0
        return cls(metric, period, page)

    def link(self, **changes: object) -> str:
        metric = str(changes.get("metric", self.metric))
        period = str(changes.get("period", self.period))
        if metric == RATING and period not in RATED_PERIODS:
            period = "all"
        page = int(str(changes.get("page", self.page)))
        query = f"?metric={metric}&period={period}"
        return query + (f"&page={page + 1}" if page else "")


@dataclass(frozen=True)
class Line:
    rank: int
    name: str
    figures: tuple[str, ...]
    """The row's cells after the name, as the header names them."""


async def standings_page(
    source: StandingsSource,
    guild_id: int,
    choice: Choice,
    *,
    locale: str | None,
    now: datetime,
    min_rated_games: int,
    page_url: str,
) -> str:
    if choice.metric == RATING:
        table = rating_period(choice.period, now)
        assert table is not None, "Choice.read keeps rating to its periods"
        ratings = await source.rating_board(
            guild_id, table, page=choice.page, page_size=PAGE_SIZE, min_games=min_rated_games
        )
        header: tuple[str, ...] = (t("web.rating", locale), t("web.rated_games", locale))
        lines = [
            Line(
                row.rank,
                row.player.display_name,
                (
                    rating_text(row.player.rating, row.player.games, locale),
                    whole(row.player.games, locale),
                ),
            )
            for row in ratings.rows
        ]
        pages = ratings.page_count
        note = t(
            "board.rating_footer",
            locale,
            minimum=t("board.rated_games", locale, count=ratings.min_games),
            provisional=PROVISIONAL_BELOW,
        )
        empty = t("board.no_ratings", locale)
    else:
        board = await source.leaderboard(
            guild_id,
            metric=choice.metric,
            page=choice.page,
            page_size=PAGE_SIZE,
            since=since_for(choice.period, now),
            until=until_for(choice.period, now),
            min_games=MIN_GAMES_FOR_RATE if choice.metric == "win_rate" else 1,
        )
        header = tuple(t(f"web.{name}", locale) for name in ("wins", "games", "win_rate", "points"))
        lines = [
            Line(
                row.rank,
                row.figures.display_name,
                (
                    whole(row.figures.wins, locale),
                    whole(row.figures.games, locale),
                    f"{round(row.figures.win_rate * 100)} %",
                    whole(row.figures.points, locale),
                ),
            )
            for row in board.rows
        ]
        pages = board.page_count
        note = t("web.win_rate_note", locale, games=MIN_GAMES_FOR_RATE)
        empty = t("board.empty", locale)
    metric_name = t(f"board.metric_{choice.metric}", locale)
    period_name = t(f"board.period_{choice.period}", locale)
    title = t("web.standings_title", locale, metric=metric_name, period=period_name)
    return render(
        "standings.html",
        locale,
        lang=locale or "en",
        title=title,
        footer=t("web.footer_standings", locale),
        description=t("web.standings_description", locale),
        page_url=page_url + choice.link(),
        choice=choice,
        metrics=[(metric, t(f"board.metric_{metric}", locale)) for metric in METRICS],
        periods=[
            (period, t(f"board.period_{period}", locale))
            for period in (RATED_PERIODS if choice.metric == RATING else PERIODS)
        ],
        header=header,
        lines=lines,
        empty=empty,
        note=note,
        page_number=choice.page + 1,
        pages=pages,
    )
