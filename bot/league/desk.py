"""/whyfirst league open and the league post's buttons: who may open a night where, join or
leave it, and start, cancel or end it. Every change goes through the night's update path
(bot/league/service.py) and is durable before the post shows it."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import asdict, replace
from typing import Protocol

import discord

import engine
from bot.clock import Clock
from bot.i18n import join_names, locale_name, t
from bot.league.night import Action, Cancel, EndEarly, Join, Leave, Night, Refused, Start, apply
from bot.league.post import league_post
from bot.league.service import LeagueNights
from bot.league.store import LeagueBusy, LeagueRecord, NewLeague
from bot.options import GameOptions
from bot.permissions import missing_permissions
from bot.play.seeds import Seeds
from bot.storage import PlayerId, PlayerRating, player_id
from bot.ui.contexts import clicks_only, in_bot_dm, public_locale
from bot.ui.replies import NO_PINGS, refuse

log = logging.getLogger("whyfirst.league")

THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")
UNRATED = 0.0
"""The tie-break rating of a player with no rating yet in the server."""


class Ratings(Protocol):
    async def player_rating(self, guild_id: int, user_id: int) -> PlayerRating | None: ...


class PublicLanguage(Protocol):
    async def of_server(self, guild_id: int, guild_locale: str | None) -> str | None: ...


SeatTables = Callable[[LeagueRecord], None]
"""Starts seating the current game's tables that have no game yet (bot/league/tables.py)."""
PageOf = Callable[[LeagueRecord], str | None]
"""A league's standings page, where the bot serves web pages (bot/league/page.py)."""


class LeagueDesk:
    def __init__(
        self,
        nights: LeagueNights,
        ratings: Ratings,
        languages: PublicLanguage,
        seeds: Seeds,
        seat_tables: SeatTables,
        clock: Clock,
        page: PageOf,
    ) -> None:
        self._nights = nights
        self._ratings = ratings
        self._languages = languages
        self._seeds = seeds
        self._seat_tables = seat_tables
        self._clock = clock
        self._page = page

    async def open(
        self,
        interaction: discord.Interaction,
        games: int,
        table_size: int,
        variant: engine.Variant,
        options: GameOptions,
    ) -> None:
        """A night in the interaction's channel, its opener in it; its tables will play
        `variant` with `options`."""
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        if guild_id is None or channel_id is None or in_bot_dm(interaction):
            await refuse(interaction, "refusal.guild_only")
            return
        if clicks_only(interaction):
            await refuse(interaction, "league.needs_the_bot")
            return
        if isinstance(interaction.channel, discord.Thread):
            await refuse(interaction, "league.not_in_a_thread")
            return
        missing = missing_permissions(interaction.app_permissions) + [
            name for name in THREAD_PERMISSIONS if not getattr(interaction.app_permissions, name)
        ]
        if missing:
            locale = locale_name(interaction.locale)
            names = join_names([t(f"permission.{name}", locale) for name in missing], locale)
            await refuse(interaction, "league.missing_permissions", permissions=names)
            return
        await interaction.response.defer(thinking=True)
        locale = await self._languages.of_server(guild_id, public_locale(interaction))
        night = Night(games=games, table_size=table_size, seed=self._seeds.new() % 2**31)
        joined = apply(night, await self._join_action(guild_id, interaction.user.id))
        assert isinstance(joined, Night)
        stored = {**asdict(replace(options, locale=locale)), "variant": variant.value}
        try:
            record = await self._nights.open(
                NewLeague(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host_id=interaction.user.id,
                    night=joined,
                    names={player_id(interaction.user.id): interaction.user.display_name},
                    options=stored,
                    now=self._clock.now(),
                )
            )
        except LeagueBusy:
            await interaction.edit_original_response(content=t("league.busy", interaction.locale))
            return
        post = league_post(record, self._page(record))
        message = await interaction.edit_original_response(
            content=post.content, view=post.view, allowed_mentions=NO_PINGS
        )
        await self._nights.note_post(record.id, message.id)

    async def button(self, interaction: discord.Interaction, action: str, league_id: int) -> None:
        record = await self._nights.league(league_id)
        if record is None:
            await refuse(interaction, "league.unknown")
            return
        user = interaction.user.id
        if action in ("start", "cancel", "end") and not _may_run(interaction, record):
            await refuse(interaction, "league.host_only")
            return
        change: Action
        names: dict[PlayerId, str] = {}
        if action == "join":
            change = await self._join_action(record.guild_id, user)
            names[player_id(user)] = interaction.user.display_name
        elif action == "leave":
            change = Leave(player_id(user))
        elif action == "start":
            change = Start()
        elif action == "cancel":
            change = Cancel()
        else:
            change = EndEarly()
        outcome = await self._nights.act(league_id, change, names)
        if outcome is None:
            await refuse(interaction, "league.unknown")
            return
        if isinstance(outcome, Refused):
            await refuse(interaction, f"league.refused_{outcome.value}")
            return
        post = league_post(outcome, self._page(outcome))
        await interaction.response.edit_message(
            content=post.content,
            view=post.view,
            allowed_mentions=NO_PINGS,
            attachments=[post.file()] if post.file else discord.utils.MISSING,
        )
        if action == "start":
            self._seat_tables(outcome)

    async def _join_action(self, guild_id: int, user_id: int) -> Join:
        rated = await self._ratings.player_rating(guild_id, user_id)
        return Join(player_id(user_id), UNRATED if rated is None else rated.player.rating)


def _may_run(interaction: discord.Interaction, record: LeagueRecord) -> bool:
    """The host, or a member who may manage the server."""
    return interaction.user.id == record.host_id or interaction.permissions.manage_guild
