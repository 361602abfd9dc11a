"""How Discord reaches the standings: /whyfirst leaderboard and stats, and the board's pages."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.clock import Clock
from bot.languages import Languages
from bot.standings.desk import Figures, Standings
from bot.standings.periods import PERIODS
from bot.ui import custom_ids as ids
from bot.ui.command_text import choice, described, option_name
from bot.ui.feature import Feature

METRICS = [
    choice("metric_wins", "wins"),
    choice("metric_win_rate", "win_rate"),
    choice("metric_points", "points"),
    choice("metric_rating", "rating"),
]
PERIOD_CHOICES = [choice(f"period_{period}", period) for period in PERIODS]


def standings_feature(
    storage: Figures, languages: Languages, clock: Clock, min_rated_games: int
) -> Feature:
    desk = Standings(storage, languages, clock, min_rated_games)

    @app_commands.command(name="leaderboard", description=described("commands.leaderboard"))
    @app_commands.rename(metric=option_name("metric"), period=option_name("period"))
    @app_commands.describe(
        metric=described("commands.leaderboard_metric"),
        period=described("commands.leaderboard_period"),
    )
    @app_commands.choices(metric=METRICS, period=PERIOD_CHOICES)
    async def leaderboard(
        interaction: discord.Interaction, metric: str = "wins", period: str = "all"
    ) -> None:
        await desk.show_board(interaction, metric, period)

    @app_commands.command(name="stats", description=described("commands.stats"))
    @app_commands.rename(member=option_name("member"))
    @app_commands.describe(member=described("commands.stats_member"))
    async def stats(interaction: discord.Interaction, member: discord.User | None = None) -> None:
        await desk.show_stats(interaction, member or interaction.user)

    return Feature(
        commands=(leaderboard, stats),
        clicks={
            ids.BOARD_TEMPLATE: lambda interaction, m: desk.show_board(
                interaction, m["metric"], m["period"], int(m["page"])
            )
        },
    )
