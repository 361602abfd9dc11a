"""The `/whyfirst` command group. Each command answers at once, in one or two sentences.

The commands parse their options and hand them on (bot/ui/handlers.py); only the permission
check before a lobby opens is answered here. Descriptions, option names and choices come from
the catalog in every language it has (bot/ui/command_text.py).
"""

from __future__ import annotations

import discord
from discord import app_commands

import engine
from bot.i18n import locale_name, t
from bot.options import (
    DEFAULT_AI_LEVEL,
    DEFAULT_PICK_SECONDS,
    MAX_PICK_SECONDS,
    MIN_PICK_SECONDS,
    HandsIn,
)
from bot.permissions import missing_permissions
from bot.render.describe import join_names
from bot.ui.command_text import choice, described, option_name
from bot.ui.contexts import clicks_only, in_bot_dm
from bot.ui.handlers import (
    ChannelCommands,
    DefaultsCommands,
    LanguageCommands,
    LobbyCommands,
    PrivacyDesk,
    StandingsCommands,
    WebCommands,
)
from bot.ui.in_flight import InFlight
from bot.ui.replies import refuse

VARIANTS = [choice("variant_standard", "standard"), choice("variant_tactical", "tactical")]
AI_LEVEL_CHOICES = [choice("ai_sharp", "sharp"), choice("ai_casual", "casual")]
HANDS_CHOICES = [choice(f"hands_{place}", place) for place in HandsIn]
METRICS = [
    choice("metric_wins", "wins"),
    choice("metric_win_rate", "win_rate"),
    choice("metric_points", "points"),
    choice("metric_rating", "rating"),
]
PERIODS = [
    choice(f"period_{period}", period)
    for period in ("all", "week", "month", "season", "last_season", "year")
]
LANGUAGES = [choice(f"language_{code}", code) for code in ("en", "de", "it", "auto")]


# Installable to a server and to a user; usable in servers, group DMs (and DMs between
# friends) and the bot's own DMs (where only /whyfirst privacy and rules have a use).
@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class WhyFirstCommands(app_commands.Group):
    def __init__(
        self,
        lobbies: LobbyCommands,
        channel_games: ChannelCommands,
        standings: StandingsCommands,
        languages: LanguageCommands,
        defaults: DefaultsCommands,
        privacy: PrivacyDesk,
        web_pages: WebCommands,
        in_flight: InFlight,
    ) -> None:
        super().__init__(name="whyfirst", description=described("commands.group"))
        self._in_flight = in_flight
        self._lobbies = lobbies
        self._channel_games = channel_games
        self._standings = standings
        self._languages = languages
        self._defaults = defaults
        self._privacy = privacy
        self._web_pages = web_pages

    @app_commands.command(name="start", description=described("commands.start"))
    @app_commands.rename(
        variant=option_name("variant"),
        pick_seconds=option_name("pick_seconds"),
        ai_level=option_name("ai_level"),
        hands=option_name("hands"),
    )
    @app_commands.describe(
        variant=described("commands.start_variant"),
        pick_seconds=described(
            "commands.start_pick_seconds", low=MIN_PICK_SECONDS, high=MAX_PICK_SECONDS
        ),
        ai_level=described("commands.start_ai_level"),
        hands=described("commands.start_hands"),
    )
    @app_commands.choices(variant=VARIANTS, ai_level=AI_LEVEL_CHOICES, hands=HANDS_CHOICES)
    async def start(
        self,
        interaction: discord.Interaction,
        variant: str = engine.Variant.STANDARD.value,
        pick_seconds: app_commands.Range[int, MIN_PICK_SECONDS, MAX_PICK_SECONDS] = (
            DEFAULT_PICK_SECONDS
        ),
        ai_level: str = DEFAULT_AI_LEVEL,
        hands: str | None = None,
    ) -> None:
        if in_bot_dm(interaction):
            await refuse(interaction, "refusal.guild_only")
            return
        missing = missing_permissions(interaction.app_permissions, clicks_only(interaction))
        if missing:
            locale = locale_name(interaction.locale)
            names = join_names([t(f"permission.{name}", locale) for name in missing], locale)
            await refuse(interaction, "start.missing_permissions", permissions=names)
            return
        with self._in_flight.handling():
            await self._lobbies.open_lobby(
                interaction,
                engine.Variant(variant),
                pick_seconds,
                ai_level,
                None if hands is None else HandsIn(hands),
            )

    @app_commands.command(name="hand", description=described("commands.hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await self._channel_games.show_hand_here(interaction)

    @app_commands.command(name="status", description=described("commands.status"))
    async def status(self, interaction: discord.Interaction) -> None:
        await self._channel_games.status_here(interaction)

    @app_commands.command(name="cancel", description=described("commands.cancel"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        with self._in_flight.handling():
            await self._channel_games.cancel_here(interaction)

    @app_commands.command(name="rules", description=described("commands.rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(t("rules.text", interaction.locale), ephemeral=True)

    @app_commands.command(name="leaderboard", description=described("commands.leaderboard"))
    @app_commands.rename(metric=option_name("metric"), period=option_name("period"))
    @app_commands.describe(
        metric=described("commands.leaderboard_metric"),
        period=described("commands.leaderboard_period"),
    )
    @app_commands.choices(metric=METRICS, period=PERIODS)
    async def leaderboard(
        self, interaction: discord.Interaction, metric: str = "wins", period: str = "all"
    ) -> None:
        await self._standings.show_board(interaction, metric, period)

    @app_commands.command(name="stats", description=described("commands.stats"))
    @app_commands.rename(member=option_name("member"))
    @app_commands.describe(member=described("commands.stats_member"))
    async def stats(
        self, interaction: discord.Interaction, member: discord.User | None = None
    ) -> None:
        await self._standings.show_stats(interaction, member or interaction.user)

    @app_commands.command(name="language", description=described("commands.language"))
    @app_commands.rename(language=option_name("language"))
    @app_commands.describe(language=described("commands.language_choice"))
    @app_commands.choices(language=LANGUAGES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await self._languages.choose_language(interaction, language)

    @app_commands.command(name="defaults", description=described("commands.defaults"))
    @app_commands.rename(hands=option_name("hands"))
    @app_commands.describe(hands=described("commands.defaults_hands"))
    @app_commands.choices(hands=HANDS_CHOICES)
    async def defaults(self, interaction: discord.Interaction, hands: str) -> None:
        await self._defaults.choose_defaults(interaction, HandsIn(hands))

    @app_commands.command(name="privacy", description=described("commands.privacy"))
    async def privacy(self, interaction: discord.Interaction) -> None:
        await self._privacy.show_kept(interaction)

    @app_commands.command(name="forget-server", description=described("commands.forget_server"))
    async def forget_server(self, interaction: discord.Interaction) -> None:
        await self._privacy.ask_to_forget_server(interaction)

    web = app_commands.Group(name="web", description=described("commands.web"))

    @web.command(name="on", description=described("commands.web_on"))
    async def web_on(self, interaction: discord.Interaction) -> None:
        await self._web_pages.turn_on(interaction)

    @web.command(name="off", description=described("commands.web_off"))
    async def web_off(self, interaction: discord.Interaction) -> None:
        await self._web_pages.turn_off(interaction)
