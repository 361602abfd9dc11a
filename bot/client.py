"""The discord.py client: builds the bot's rooms and connects discord.py's events to them.

setup_hook builds the rooms on the open database (bot/rooms.py), syncs the command tree only when
its definition changed, picks up every open game and starts what the features run on their own
(stopped in reverse on close); the ready line is logged once the gateway is ready."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands

from bot import storage as store
from bot.clock import Clock
from bot.i18n import locale_name
from bot.observe.checks import database_check, game_counts, gateway_check
from bot.observe.listeners import Listeners
from bot.observe.metrics import Metrics
from bot.observe.server import HealthServer
from bot.observe.trace import http_trace
from bot.rooms import Rooms, build_rooms
from bot.settings import Settings
from bot.ui.command_sync import is_app_launch, sync_commands
from bot.ui.replies import refuse, report_failure

log = logging.getLogger("whyfirst")

SHUTDOWN_GRACE_SECONDS = 5


class WhyFirstClient(discord.AutoShardedClient):
    """Takes over the open database and the bound ports (bot/app.py opens them before
    Discord is reached) and closes them when it closes."""

    def __init__(self, settings: Settings, storage: store.Storage, listeners: Listeners) -> None:
        self.metrics = Metrics()
        super().__init__(
            # Every request to Discord counted by route and status, and each interaction's
            # acknowledgement timed (bot/observe/trace.py); aiohttp's tracing costs CPU on
            # every request, so only when /metrics is served.
            # discord.py reads None as "not given"; its options' types leave None out.
            http_trace=http_trace(self.metrics) if settings.metrics_port is not None else None,  # type: ignore[arg-type]
            intents=discord.Intents(guilds=True),
            guild_ready_timeout=Clock(settings.time_scale).seconds(2.0),
            allowed_mentions=discord.AllowedMentions.none(),
            # The bot never reads old messages back from the cache: keep none.
            max_messages=None,
            # Unset: Discord's recommended number of shards, all of them in this process.
            shard_count=settings.shard_count,
            shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None,  # type: ignore[arg-type]
        )
        self.settings = settings
        self._storage: store.Storage | None = storage
        self._ports = listeners
        self.tree = app_commands.CommandTree(self)
        # discord.py's documented alternative to subclassing the tree.
        self.tree.on_error = self._on_command_error  # type: ignore[method-assign]
        # A launch from the App Launcher is no command of the tree (on_interaction answers it).
        self.tree.interaction_check = _not_an_app_launch  # type: ignore[method-assign]
        self._rooms: Rooms | None = None
        self._health: HealthServer | None = None
        self._ready_logged = False

    @property
    def rooms(self) -> Rooms:
        assert self._rooms is not None, "the rooms are built in setup_hook"
        return self._rooms

    async def on_app_command_completion(
        self, interaction: discord.Interaction, command: object
    ) -> None:
        self.rooms.count(interaction, "command")

    # --- life cycle --------------------------------------------------------------------

    async def setup_hook(self) -> None:
        storage = self._storage
        assert storage is not None, "the client runs once"
        self._rooms = rooms = build_rooms(
            self, storage, self.metrics, self.settings, self._ports.web
        )
        self.tree.add_command(rooms.commands)
        await sync_commands(
            self.tree,
            storage,
            self.settings.dev_guild,
            app_launcher=self.settings.activity is not None,
        )
        await rooms.takeover.start()
        for part in rooms.running:
            await part.start()
        if self._ports.metrics is not None:
            self._health = HealthServer(
                self.metrics,
                (gateway_check(self), database_check(storage)),
                game_counts(storage, self.metrics),
            )
            await self._health.start(self._ports.metrics)

    async def on_ready(self) -> None:
        if not self._ready_logged:
            self._ready_logged = True
            log.info("whyfirst: ready")

    async def close(self) -> None:
        if self._health is not None:
            await self._health.stop()
            self._health = None
        rooms = self._rooms
        if rooms is not None:
            for part in reversed(rooms.running):
                await part.stop()
            await rooms.takeover.stop()
            rooms.announcer.stop_awaiting_clicks()
            try:
                # Finish the clicks being handled and show what was committed (reveals, an
                # abandoned game's notice) before the connection closes under it.
                await asyncio.wait_for(_settled(rooms), timeout=SHUTDOWN_GRACE_SECONDS)
            except (TimeoutError, Exception):
                log.info("closing with announcements still pending")
            rooms.announcer.drop_waiting_edits()
            rooms.ai.close()
        await super().close()
        self._rooms = None
        self._ports.close()
        if self._storage is not None:
            await self._storage.close()
            self._storage = None

    async def _on_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report_failure(interaction, getattr(error, "original", error))
        self.rooms.count(interaction, "command")

    # --- the game's place disappears ---------------------------------------------------

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed from a server: its open games end (nobody can see them)."""
        abandonment = self.rooms.abandonment
        await abandonment.place_gone(lambda record: record.guild_id == guild.id, "guild removed")
        # Its games and standings are kept for a while, in case the bot is added back.
        await self.rooms.servers.left(guild.id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """The bot was added to a server (perhaps back): nothing of it is to be forgotten."""
        await self.rooms.servers.returned(guild.id)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.rooms.abandonment.place_gone(
            lambda record: record.channel_id == channel.id, "channel deleted"
        )

    # --- interactions the command tree does not take ----------------------------------

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Note the user's language; open the table for a launch from the App Launcher; hand
        a click to its button's route, and refuse one on a button that is not ours or not on
        its message (a forged id)."""
        if self._rooms is not None:
            self._rooms.languages.observe(interaction.user.id, locale_name(interaction.locale))
        if is_app_launch(interaction):
            with self.rooms.in_flight.handling():
                await self.rooms.launch(interaction)
            self.rooms.count(interaction, "command")
            return
        if interaction.type != discord.InteractionType.component:
            return
        if not await self.rooms.clicks.click(interaction):
            await refuse(interaction, "refusal.forged")
            self.rooms.count(interaction, "button")


async def _not_an_app_launch(interaction: discord.Interaction) -> bool:
    return not is_app_launch(interaction)


async def _settled(rooms: Rooms) -> None:
    """Wait until no click, background work or announcement is left (new ones included)."""
    while rooms.in_flight.busy or rooms.background.busy or rooms.announcer.busy:
        await rooms.in_flight.settled()
        await rooms.background.settled()
        await rooms.announcer.idle()
