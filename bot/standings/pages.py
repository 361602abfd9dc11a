"""What a leaderboard page says and offers: the standings by wins, win rate or points, or
the people by rating, with buttons to the previous and next page."""

from __future__ import annotations

import discord

from bot.i18n import t, whole
from bot.rating import PROVISIONAL_BELOW, shown_rating
from bot.standings.periods import RATING
from bot.storage import LeaderboardPage, RatingPage
from bot.ui.buttons import Rows, button
from bot.ui.custom_ids import board_id


def rating_text(rating: float, games: int, locale: str | None) -> str:
    """A rating as players see it, marked provisional below the games that settle it."""
    shown = whole(shown_rating(rating), locale)
    if games < PROVISIONAL_BELOW:
        return t("board.provisional", locale, rating=shown)
    return shown


def _title(metric: str, period: str, page: int, pages: int, locale: str | None) -> str:
    return t(
        "board.title",
        locale,
        metric=t(f"board.metric_{metric}", locale),
        period=t(f"board.period_{period}", locale),
        page=page + 1,
        pages=pages,
    )


def board_text(
    board: LeaderboardPage, metric: str, period: str, page: int, locale: str | None
) -> str:
    lines = [_title(metric, period, page, board.page_count, locale)]
    if not board.rows:
        lines.append(t("board.empty", locale))
    for row in board.rows:
        figures = row.figures
        lines.append(
            t(
                "board.row",
                locale,
                rank=row.rank,
                player=f"<@{figures.user_id}>",
                wins=t("board.wins", locale, count=figures.wins),
                games=t("board.games", locale, count=figures.games),
                rate=round(figures.win_rate * 100),
                points=t("board.points", locale, count=figures.points),
            )
        )
    return "\n".join(lines)


def ratings_text(board: RatingPage, period: str, page: int, locale: str | None) -> str:
    lines = [_title(RATING, period, page, board.page_count, locale)]
    if not board.rows:
        lines.append(t("board.no_ratings", locale))
    for row in board.rows:
        lines.append(
            t(
                "board.rating_row",
                locale,
                rank=row.rank,
                player=f"<@{row.player.user_id}>",
                rating=rating_text(row.player.rating, row.player.games, locale),
                games=t("board.rated_games", locale, count=row.player.games),
            )
        )
    lines.append(rating_footer(board.min_games, locale))
    return "\n".join(lines)


def rating_footer(min_games: int, locale: str | None) -> str:
    """Who a rating board lists, and when a rating stops being provisional."""
    return t(
        "board.rating_footer",
        locale,
        minimum=t("board.rated_games", locale, count=min_games),
        provisional=PROVISIONAL_BELOW,
    )


def page_view(
    metric: str, period: str, page: int, pages: int, locale: str | None
) -> discord.ui.View:
    previous, following = max(page - 1, 0), page + 1
    back = button(
        board_id(metric, period, previous), t("board.previous", locale), disabled=page == 0
    )
    onward = button(
        board_id(metric, period, following), t("board.next", locale), disabled=following >= pages
    )
    return Rows([back, onward])
