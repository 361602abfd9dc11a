"""A server's standings on the web (/s/<token>): the leaderboard by wins, win rate, points or
rating over the periods /whyfirst leaderboard offers, 25 a page, in the server's language."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.i18n import t, whole
from bot.standings.boards import MIN_GAMES_FOR_RATE, Boards, read_board
from bot.standings.pages import rating_footer, rating_text
from bot.standings.periods import RATING, periods_for
from bot.storage import METRICS as SUMMED_METRICS
from bot.storage import RatingPage
from bot.web.templates import render

METRICS = (*SUMMED_METRICS, RATING)
PAGE_SIZE = 25


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
        period = period if period in periods_for(metric) else "all"
        page_text = query.get("page", "1")
        page = int(page_text) - 1 if page_text.isdigit() and 0 < int(page_text) < 10_000 else 0
        return cls(metric, period, page)

    def link(
        self, *, metric: str | None = None, period: str | None = None, page: int | None = None
    ) -> str:
        """This page's query, with the changes given."""
        metric = self.metric if metric is None else metric
        period = self.period if period is None else period
        if period not in periods_for(metric):
            period = "all"
        page = self.page if page is None else page
        return f"?metric={metric}&period={period}" + (f"&page={page + 1}" if page else "")


@dataclass(frozen=True)
class Line:
    rank: int
    name: str
    figures: tuple[str, ...]
    """The row's cells after the name, as the header names them."""


async def standings_page(
    boards: Boards,
    guild_id: int,
    choice: Choice,
    *,
    locale: str | None,
    now: datetime,
    min_rated_games: int,
    page_url: str,
) -> str:
    board = await read_board(
        boards,
        guild_id,
        choice.metric,
        choice.period,
        page=choice.page,
        page_size=PAGE_SIZE,
        now=now,
        min_rated_games=min_rated_games,
    )
    assert board is not None, "Choice.read keeps rating to its periods"
    if isinstance(board, RatingPage):
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
            for row in board.rows
        ]
        note = rating_footer(board.min_games, locale)
        empty = t("board.no_ratings", locale)
    else:
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
            (period, t(f"board.period_{period}", locale)) for period in periods_for(choice.metric)
        ],
        header=header,
        lines=lines,
        empty=empty,
        note=note,
        page_number=choice.page + 1,
        pages=board.page_count,
    )
