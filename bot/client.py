"""The discord.py client: builds the bot's rooms and connects discord.py's events to them.

setup_hook opens the database, builds the rooms (each receives the few collaborators it uses;
the buttons and commands receive their handlers), registers the buttons, syncs the command
tree only when its definition changed, and picks up every open game; the ready line is logged
once the gateway is ready too.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import timedelta

import discord
from discord import app_commands

from bot import storage as store
from bot.announce.announcer import Announcer
from bot.announce.channel import ChannelPosts
from bot.announce.click_book import ClickBook
from bot.announce.dm_hands import DmHands
from bot.announce.hands import Hands
from bot.announce.outbox import Outbox
from bot.announce.pacing import RestPacer
from bot.announce.round_message import RoundMessages
from bot.announce.routes import Routes
from bot.clock import Clock, wall_clock_from
from bot.i18n import locale_name
from bot.languages import Languages
from bot.observe.checks import database_check, game_counts, gateway_check
from bot.observe.listeners import Listeners
from bot.observe.metrics import Metrics
from bot.observe.server import HealthServer
from bot.observe.trace import http_trace
from bot.play.abandonment import AbandonmentCheck
from bot.play.ai_seats import AiSeats
from bot.play.background import Background
from bot.play.channel_games import ChannelGames
from bot.play.controls import HandDesk
from bot.play.deadlines import DeadlineActions
from bot.play.fanout import Fanout
from bot.play.lobby import LobbyDesk
from bot.play.server_defaults import ServerDefaults
from bot.play.service import GameService
from bot.privacy.desk import PrivacyDesk
from bot.privacy.housekeeping import Duty, Housekeeping, action_log_retention
from bot.privacy.servers import DepartedServers
from bot.settings import Settings
from bot.standings import Standings
from bot.timers.loop import Timers
from bot.timers.takeover import Takeover
from bot.ui.clicks import (
    Click,
    ClickHandlers,
    InteractionCount,
    clickable_buttons,
    interaction_count,
    is_genuine,
)
from bot.ui.command_sync import sync_commands
from bot.ui.commands import WhyFirstCommands
from bot.ui.in_flight import InFlight
from bot.ui.replies import refuse, report_failure
from bot.web.server import WebPages
from bot.web.switch import StandingsPageSwitch

log = logging.getLogger("whyfirst")

SHUTDOWN_GRACE_SECONDS = 5


@dataclass(frozen=True)
class Rooms:
    """The bot's parts, built once the database is open."""

    storage: store.Storage
    announcer: Announcer
    takeover: Takeover
    background: Background
    ai: AiSeats
    abandonment: AbandonmentCheck
    servers: DepartedServers
    housekeeping: Housekeeping
    languages: Languages
    in_flight: InFlight
    count: InteractionCount
    buttons: tuple[type[Click], ...]
    commands: WhyFirstCommands
    web: WebPages | None
    """The replay and standings pages, when the bot serves them."""


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
        self._rooms = rooms = build_rooms(self, storage, self.metrics, self.settings)
        self.tree.add_command(rooms.commands)
        self.add_dynamic_items(*rooms.buttons)
        await sync_commands(self.tree, storage, self.settings.dev_guild)
        await rooms.takeover.start()
        rooms.housekeeping.start()
        if self._ports.metrics is not None:
            self._health = HealthServer(
                self.metrics,
                (gateway_check(self), database_check(storage)),
                game_counts(storage, self.metrics),
            )
            await self._health.start(self._ports.metrics)
        if rooms.web is not None and self._ports.web is not None:
            await rooms.web.start(self._ports.web)

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
            if rooms.web is not None:
                await rooms.web.stop()
            await rooms.takeover.stop()
            await rooms.housekeeping.stop()
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
        original = getattr(error, "original", error)
        await report_failure(interaction, original)
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

    def holds_shard_of(self, guild_id: int) -> bool:
        """Whether this process holds the shard of that server."""
        count = self.shard_count or 1
        return self.shard_ids is None or (guild_id >> 22) % count in self.shard_ids

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        abandonment = self.rooms.abandonment
        await abandonment.place_gone(
            lambda record: record.channel_id == channel.id, "channel deleted"
        )

    # --- interactions no button claims -------------------------------------------------

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Note the user's language; refuse clicks on buttons that are not ours or not on
        their message (forged ids)."""
        if self._rooms is not None:
            self._rooms.languages.observe(interaction.user.id, locale_name(interaction.locale))
        if interaction.type != discord.InteractionType.component or is_genuine(interaction):
            return
        if not interaction.response.is_done():
            await refuse(interaction, "refusal.forged")
            self.rooms.count(interaction, "button")


def build_rooms(
    client: WhyFirstClient, storage: store.Storage, metrics: Metrics, settings: Settings
) -> Rooms:
    """Every part of the bot, each given the few collaborators it uses."""
    clock = (
        Clock(settings.time_scale)
        if settings.clock_start is None
        else Clock(settings.time_scale, wall=wall_clock_from(settings.clock_start))
    )
    service = GameService(storage, settings, metrics, clock)
    background = Background()
    languages = Languages(storage, background.spawn, clock)
    pacer = RestPacer(clock.monotonic)
    metrics.watch_waiting(lambda: pacer.waiting)
    outbox = Outbox(client, pacer)
    routes = Routes(outbox, monotonic=clock.monotonic)
    book = ClickBook(monotonic=clock.monotonic)
    hands = Hands(routes, book, DmHands(routes, book, languages, storage), client)
    fallbacks = metrics.rest_fallbacks

    web = (
        None
        if settings.public_url is None
        else WebPages(
            storage,
            clock,
            settings.public_url,
            settings.rating_min_games,
        )
    )

    def fallback(kind: str) -> None:
        fallbacks.labels(kind).inc()

    rounds = RoundMessages(routes, book, storage, clock, fallback)
    replay_url = None if web is None else web.replay_url
    channel = ChannelPosts(routes, book, rounds, storage, fallback, replay_url)
    announcer = Announcer(book, channel, rounds, hands)
    deadlines = DeadlineActions(service, storage, announcer, metrics, clock)
    timers = Timers(clock, deadlines.handlers, background.spawn)
    ai = AiSeats(service, background)
    abandonment = AbandonmentCheck(storage, service)
    service.subscribe(Fanout(announcer, timers, clock, abandonment, background, ai))
    defaults = ServerDefaults(storage)
    lobbies = LobbyDesk(service, timers, clock, announcer, languages, defaults)
    desk = HandDesk(service, announcer, client)
    standings = Standings(storage, languages, clock, settings.rating_min_games)
    in_flight = InFlight()
    counted = interaction_count(metrics)

    def count(interaction: discord.Interaction, kind: str) -> None:
        """After every answered interaction: counted, and a due message carried by it."""
        counted(interaction, kind)
        announcer.carry_due(interaction)

    channel_games = ChannelGames(storage, desk, lobbies)

    def forget(user_id: int) -> None:
        languages.forget_user(user_id)
        outbox.forget_dm_channel(store.player_id(user_id))

    async def end_games_of(guild_id: int) -> None:
        await abandonment.place_gone(lambda record: record.guild_id == guild_id, "forgotten")

    privacy = PrivacyDesk(storage, clock, forget, end_games_of)
    grace = timedelta(days=settings.forget_servers_after_days)
    servers = DepartedServers(
        storage,
        clock,
        grace,
        holds=client.holds_shard_of,
        present=lambda guild_id: client.get_guild(guild_id) is not None,
    )
    duties: list[Duty] = [servers.forget_due]
    shortest = grace
    if settings.keep_action_logs_days is not None:
        keep = timedelta(days=settings.keep_action_logs_days)
        duties.append(action_log_retention(storage, clock, keep))
        shortest = min(grace, keep)
    housekeeping = Housekeeping(clock, duties, shortest=shortest)
    return Rooms(
        storage=storage,
        announcer=announcer,
        takeover=Takeover(
            storage, service, timers, ai.play_soon, pacer, metrics, clock, settings.process_name
        ),
        background=background,
        ai=ai,
        abandonment=abandonment,
        servers=servers,
        housekeeping=housekeeping,
        languages=languages,
        in_flight=in_flight,
        count=count,
        buttons=clickable_buttons(
            ClickHandlers(lobbies, desk, standings, privacy, in_flight, count)
        ),
        commands=WhyFirstCommands(
            lobbies,
            channel_games,
            standings,
            languages,
            defaults,
            privacy,
            StandingsPageSwitch(storage, clock, None if web is None else web.standings_url),
            in_flight,
        ),
        web=web,
    )


async def _settled(rooms: Rooms) -> None:
    """Wait until no click, background work or announcement is left (new ones included)."""
    while rooms.in_flight.busy or rooms.background.busy or rooms.announcer.busy:
        await rooms.in_flight.settled()
        await rooms.background.settled()
        await rooms.announcer.idle()
