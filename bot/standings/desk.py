"""The server's leaderboard (paged with buttons), its ratings, and one player's figures."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

import discord

from bot.clock import Clock
from bot.i18n import decimal, locale_name, signed_decimal, t
from bot.languages import Languages
from bot.rating import shown_change
from bot.standings.boards import Boards, read_board
from bot.standings.pages import board_text, page_view, rating_text, ratings_text
from bot.standings.periods import PERIODS
from bot.storage import ALL_TIME, PlayerRating, PlayerStats, RatingPage
from bot.ui.contexts import public_locale, standings_place
from bot.ui.replies import NO_PINGS, refuse

PAGE_SIZE = 10


class Figures(Boards, Protocol):
    """The leaderboards, ratings and statistics of finished games (bot.storage)."""

    async def player_stats(
        self, guild_id: int, user_id: int, *, since: datetime | None, until: datetime | None
    ) -> PlayerStats | None: ...

    async def player_rating(
        self, guild_id: int, user_id: int, period: str, *, min_games: int
    ) -> PlayerRating | None: ...

    async def games_against_ai(self, guild_id: int, user_id: int) -> tuple[int, int]: ...


class Standings:
    """The leaderboard is public (the server's language); a player's figures are private
    (their own language)."""

    def __init__(
        self, storage: Figures, languages: Languages, clock: Clock, min_rated_games: int
    ) -> None:
        self._storage = storage
        self._languages = languages
        self._clock = clock
        self._min_rated_games = min_rated_games

    async def show_board(
        self, interaction: discord.Interaction, metric: str, period: str, page: int | None = None
    ) -> None:
        """The board's first page for the command, or, for a page button (`page`), that page
        in the place of the one clicked."""
        edit = page is not None
        page = page or 0
        place = standings_place(interaction)
        if place is None or period not in PERIODS:
            await refuse(interaction, "refusal.guild_only")
            return
        locale = await self._languages.of_server(place, public_locale(interaction))
        board = await read_board(
            self._storage,
            place,
            metric,
            period,
            page=page,
            page_size=PAGE_SIZE,
            now=self._clock.now(),
            min_rated_games=self._min_rated_games,
        )
        if board is None:
            await refuse(interaction, "refusal.rating_period")
            return
        if isinstance(board, RatingPage):
            content = ratings_text(board, period, page, locale)
        else:
            content = board_text(board, metric, period, page, locale)
        view = page_view(metric, period, page, board.page_count, locale)
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
        rated = await self._storage.player_rating(
            place, member.id, ALL_TIME, min_games=self._min_rated_games
        )
        figures = stats.figures
        rank = stats.ranks.get("wins")
        text = t(
            "stats.text",
            locale,
            player=member.mention,
            games=t("stats.games", locale, count=figures.games),
            wins=t("stats.wins", locale, count=figures.wins),
            rate=round(figures.win_rate * 100),
            points=t("stats.points", locale, count=figures.points),
            average=decimal(figures.average_points, locale),
            best=figures.best_stage if figures.best_stage is not None else "—",
            reached=t("stats.reached", locale, count=figures.seconds_reached),
            rank=rank if rank is not None else "—",
        )
        await interaction.response.send_message(
            text + _rating_line(rated, locale) + against_ai, allowed_mentions=NO_PINGS
        )


def _rating_line(rated: PlayerRating | None, locale: str | None) -> str:
    if rated is None:
        return ""
    player = rated.player
    return "\n" + t(
        "stats.rating",
        locale,
        rating=rating_text(player.rating, player.games, locale),
        rank=rated.rank if rated.rank is not None else "—",
        games=t("stats.rated_games", locale, count=player.games),
        change=signed_decimal(shown_change(player.last_change), locale),
    )
