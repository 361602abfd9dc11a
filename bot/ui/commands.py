"""The `/whyfirst` command group. Each command answers at once, in one or two sentences."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

import engine
from bot.i18n import t
from bot.messages.table import Table
from bot.play.router import refuse
from bot.settings import DEFAULT_PICK_SECONDS, MAX_PICK_SECONDS, MIN_PICK_SECONDS
from bot.ui.command_text import described

if TYPE_CHECKING:
    from bot.client import WhyFirstClient

NEEDED_PERMISSIONS = ("view_channel", "send_messages", "embed_links", "attach_files")
Metric = Literal["wins", "win_rate", "points"]
Period = Literal["all", "week", "month", "season", "year"]


def missing_permissions(permissions: discord.Permissions) -> list[str]:
    return [name for name in NEEDED_PERMISSIONS if not getattr(permissions, name)]


@app_commands.guild_only()
class WhyFirstCommands(app_commands.Group):
    def __init__(self, client: WhyFirstClient) -> None:
        super().__init__(name="whyfirst", description=described("commands.group"))
        self.client = client

    @app_commands.command(name="start", description=described("commands.start"))
    @app_commands.describe(
        variant=described("commands.start_variant"),
        pick_seconds=described(
            "commands.start_pick_seconds", low=MIN_PICK_SECONDS, high=MAX_PICK_SECONDS
        ),
    )
    async def start(
        self,
        interaction: discord.Interaction,
        variant: Literal["standard", "tactical"] = "standard",
        pick_seconds: app_commands.Range[int, MIN_PICK_SECONDS, MAX_PICK_SECONDS] = (
            DEFAULT_PICK_SECONDS
        ),
    ) -> None:
        missing = missing_permissions(interaction.app_permissions)
        if missing:
            names = ", ".join(t(f"permission.{name}", interaction.locale) for name in missing)
            await refuse(interaction, "start.missing_permissions", permissions=names)
            return
        await self.client.open_lobby(interaction, engine.Variant(variant), pick_seconds)

    @app_commands.command(name="hand", description=described("commands.hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        record = await self._game_here(interaction)
        if record is None:
            return
        await self.client.router.show_hand(interaction, record.id)

    @app_commands.command(name="status", description=described("commands.status"))
    async def status(self, interaction: discord.Interaction) -> None:
        record = await self._game_here(interaction)
        if record is None:
            return
        table = Table.of(record)
        if record.state is None:
            text = t(
                "status.lobby",
                interaction.locale,
                count=len(table.players),
                players=table.mentions(table.players),
            )
        else:
            view = engine.public_view(engine.state_from_dict(record.state))
            totals = ", ".join(
                f"{table.mention(figure)} {view.total_of(figure)}" for figure in view.figures
            )
            text = t(
                "status.running",
                interaction.locale,
                variant=t(f"variant.{record.variant}", interaction.locale),
                stage=view.stage,
                round=view.round,
                waiting=table.mentions(view.waiting_for) or "—",
                totals=totals,
            )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="cancel", description=described("commands.cancel"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        record = await self._game_here(interaction)
        if record is None:
            return
        await self.client.router.cancel(interaction, record)

    @app_commands.command(name="rules", description=described("commands.rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(t("rules.text", interaction.locale), ephemeral=True)

    @app_commands.command(name="leaderboard", description=described("commands.leaderboard"))
    @app_commands.describe(
        metric=described("commands.leaderboard_metric"),
        period=described("commands.leaderboard_period"),
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        metric: Metric = "wins",
        period: Period = "all",
    ) -> None:
        await self.client.standings.show_page(interaction, metric, period, 0, edit=False)

    @app_commands.command(name="stats", description=described("commands.stats"))
    @app_commands.describe(member=described("commands.stats_member"))
    async def stats(
        self, interaction: discord.Interaction, member: discord.Member | None = None
    ) -> None:
        target = member or interaction.user
        await self.client.standings.show_stats(interaction, target)

    async def _game_here(self, interaction: discord.Interaction) -> Any:
        record = None
        if interaction.channel_id is not None:
            record = await self.client.storage.active_game_in_channel(interaction.channel_id)
        if record is None:
            await refuse(interaction, "refusal.no_game_here")
        return record
