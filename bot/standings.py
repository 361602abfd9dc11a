"""The server's leaderboard (paged with buttons) and one player's figures."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Protocol

import discord

from bot.clock import Clock
from bot.i18n import decimal, locale_name, t
from bot.languages import Languages
from bot.storage import LeaderboardPage, PlayerStats
from bot.ui.buttons import PageButton
from bot.ui.contexts import public_locale, standings_place
from bot.ui.replies import NO_PINGS, refuse

PAGE_SIZE = 10
MIN_GAMES_FOR_RATE = 3
PERIODS = ("all", "week", "month", "season", "year")


def since_for(period: str, now: datetime) -> datetime | None:
    """Where a period starts. Month, season (a calendar quarter) and year are calendar
    periods, which the storage answers from per-period sums; week is the last 7 days."""
    if period == "week":
        return now - timedelta(days=7)
    start_of_day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "month":
        return start_of_day.replace(day=1)
    if period == "season":
        return start_of_day.replace(month=(now.month - 1) // 3 * 3 + 1, day=1)
    if period == "year":
        return start_of_day.replace(month=1, day=1)
    return None


class Figures(Protocol):
    """The leaderboards and statistics of finished games (bot.storage)."""

    async def leaderboard(
        self,
        guild_id: int,
        *,
        metric: str,
        page: int,
        page_size: int,
        since: datetime | None,
        until: datetime | None,
        min_games: int,
    ) -> LeaderboardPage: ...

    async def player_stats(
        self, guild_id: int, user_id: int, *, since: datetime | None, until: datetime | None
    ) -> PlayerStats | None: ...

    async def games_against_ai(self, guild_id: int, user_id: int) -> tuple[int, int]: ...


class Standings:
    """The leaderboard is public (the server's language); a player's figures are private
    (their own language)."""

    def __init__(self, storage: Figures, languages: Languages, clock: Clock) -> None:
        self._storage = storage
        self._languages = languages
        self._clock = clock

    async def show_board(self, interaction: discord.Interaction, metric: str, period: str) -> None:
        await self._show_page(interaction, metric, period, 0, edit=False)

    async def board_page(
        self, interaction: discord.Interaction, metric: str, period: str, page: int
    ) -> None:
        await self._show_page(interaction, metric, period, page, edit=True)

    async def _show_page(
        self,
        interaction: discord.Interaction,
        metric: str,
        period: str,
        page: int,
        edit: bool,
    ) -> None:
        place = standings_place(interaction)
        if place is None or period not in PERIODS:
            await refuse(interaction, "refusal.guild_only")
            return
        board = await self._storage.leaderboard(
            place,
            metric=metric,
            page=page,
            page_size=PAGE_SIZE,
            since=since_for(period, self._clock.now()),
            until=None,
            min_games=MIN_GAMES_FOR_RATE if metric == "win_rate" else 1,
        )
        locale = await self._languages.of_server(place, public_locale(interaction))
        content = _page_text(board, metric, period, page, locale)
        view = _page_view(metric, period, page, board.page_count, locale)
        if edit:
            await interaction.response.edit_message(
                content=content, view=view, allowed_mentions=NO_PINGS
            )
        else:
            await interaction.response.send_message(content, view=view, allowed_mentions=NO_PINGS)

    async def show_stats(
        self, interaction: discord.Interaction, member: discord.Member | discord.User
    ) -> None:
        place = standings_place(interaction)
        if place is None:
            await refuse(interaction, "refusal.guild_only")
            return
        stats = await self._storage.player_stats(place, member.id, since=None, until=None)
        games, wins = await self._storage.games_against_ai(place, member.id)
        locale = locale_name(interaction.locale)
        against_ai = (
            "\n"
            + t(
                "stats.against_ai",
                locale,
                games=t("stats.games", locale, count=games),
                wins=t("stats.wins", locale, count=wins),
            )
            if games
            else ""
        )
        if stats is None:
            await interaction.response.send_message(
                t("stats.none", locale, player=member.mention) + against_ai,
                allowed_mentions=NO_PINGS,
            )
            return
        figures = stats.figures
        best = figures.best_stage if figures.best_stage is not None else "—"
        rank = stats.ranks.get("wins")
        await interaction.response.send_message(
            t(
                "stats.text",
                locale,
                player=member.mention,
                games=t("stats.games", locale, count=figures.games),
                wins=t("stats.wins", locale, count=figures.wins),
                rate=round(figures.win_rate * 100),
                points=t("stats.points", locale, count=figures.points),
                average=decimal(figures.average_points, locale),
                best=best,
                reached=t("stats.reached", locale, count=figures.seconds_reached),
                rank=rank if rank is not None else "—",
            )
            + against_ai,
            allowed_mentions=NO_PINGS,
        )


def _page_text(
    board: LeaderboardPage, metric: str, period: str, page: int, locale: str | None
) -> str:
    lines = [
        t(
            "board.title",
            locale,
            metric=t(f"board.metric_{metric}", locale),
            period=t(f"board.period_{period}", locale),
            page=page + 1,
            pages=board.page_count,
        )
    ]
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


def _page_view(
    metric: str, period: str, page: int, pages: int, locale: str | None
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    previous = max(page - 1, 0)
    following = page + 1
    view.add_item(
        PageButton(metric, period, previous, t("board.previous", locale), disabled=page == 0)
    )
    view.add_item(
        PageButton(metric, period, following, t("board.next", locale), disabled=following >= pages)
    )
    return view
