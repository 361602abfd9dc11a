"""The composition root: every part of the bot, each given the few collaborators it uses.

Shared parts first (the service, the announcer, the timers), then each feature from its own folder
(bot/ui/feature.py); what a part does stays in the part."""

from __future__ import annotations

import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta

import discord

from bot import storage as store
from bot.announce.announcer import Announcer
from bot.announce.channel import ChannelPosts
from bot.announce.click_book import ClickBook, restore_logged
from bot.announce.dm_hands import DmHands
from bot.announce.hands import Hands
from bot.announce.outbox import Outbox
from bot.announce.pacing import RestPacer
from bot.announce.recovery import Recovery
from bot.announce.round_message import RoundMessages
from bot.announce.routes import Routes
from bot.clock import Clock
from bot.controls.commands import controls_feature
from bot.controls.desk import HandDesk
from bot.languages import Languages
from bot.league.build import league
from bot.learn.build import learning
from bot.lobby.commands import lobby_feature
from bot.lobby.desk import LobbyDesk
from bot.observe.metrics import Metrics
from bot.play.abandonment import AbandonmentCheck
from bot.play.ai_seats import AiSeats
from bot.play.background import Background
from bot.play.channel_games import ChannelGames
from bot.play.deadlines import DeadlineActions
from bot.play.fanout import Fanout
from bot.play.service import game_service
from bot.preferences.commands import preferences_feature
from bot.preferences.server_defaults import ServerDefaults
from bot.privacy.commands import Keeping, privacy
from bot.privacy.servers import DepartedServers
from bot.settings import Settings
from bot.standings.commands import standings_feature
from bot.table.build import table_parts
from bot.table.launch import app_launcher, table_feature
from bot.timers.loop import Timers
from bot.timers.takeover import Takeover
from bot.ui.clicks import ClickGuard, ClickRouter, InteractionCount, interaction_count
from bot.ui.commands import WhyFirstCommands
from bot.ui.feature import Running
from bot.ui.in_flight import InFlight
from bot.web.commands import web_feature
from bot.web.server import WebPages


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
    languages: Languages
    in_flight: InFlight
    count: InteractionCount
    clicks: ClickRouter
    commands: WhyFirstCommands
    running: tuple[Running, ...]
    """What the features run on their own (bot/ui/feature.py), in the order they start."""
    launch: Callable[[discord.Interaction], Awaitable[None]]
    """A launch from the App Launcher: the table opens, or the player hears it is closed."""


def build_rooms(
    client: discord.AutoShardedClient,
    storage: store.Storage,
    metrics: Metrics,
    settings: Settings,
    web_listener: socket.socket | None = None,
) -> Rooms:
    clock = Clock.starting(settings.time_scale, settings.clock_start)
    service = game_service(storage, settings, metrics, clock)
    background = Background()
    languages = Languages(storage, background.spawn, clock)
    pacer = RestPacer(clock.monotonic)
    metrics.rest_waiting.set_function(lambda: pacer.waiting)
    outbox = Outbox(client, pacer)
    routes = Routes(outbox, monotonic=clock.monotonic)
    book = ClickBook(monotonic=clock.monotonic)
    in_flight = InFlight()
    learn = learning(storage, service, outbox, in_flight)
    dms = DmHands(routes, book, languages, storage)
    hands = Hands(
        routes,
        book,
        dms,
        client,
        service.games,
        lambda: pacer.shared,
        lambda game_id: restore_logged(book, storage, game_id, clock.now()),
        learn.tutor,
    )
    table = table_parts(client, settings, clock, service, storage, learn.tutor)
    leagues = league(
        storage, service, client, clock, languages, settings, background, in_flight, outbox
    )
    web = (
        None
        if settings.public_url is None
        else WebPages(
            storage,
            clock,
            settings.public_url,
            settings.rating_min_games,
            more=tuple(
                pages for pages in (None if table is None else table.pages, leagues.pages) if pages
            ),
            listener=web_listener,
        )
    )
    fallback = metrics.count_rest_fallback
    rounds = RoundMessages(routes, book, clock, fallback)
    replay_url = None if web is None else web.replay_url
    channel = ChannelPosts(routes, book, rounds, storage, learn.tutor, fallback, replay_url)
    announcer = Announcer(book, channel, rounds, hands, in_flight)
    deadlines = DeadlineActions(service.commits, storage, announcer, metrics, clock)
    timers = Timers(clock, deadlines.handlers, background.spawn)
    ai = AiSeats(service.games, service.commits, background)
    abandonment = AbandonmentCheck(storage, service.commits)
    service.commits.subscribe(Fanout(announcer, timers, clock, abandonment, background, ai))
    count = interaction_count(metrics, then=book.carry_due)
    defaults = ServerDefaults(storage)
    here = ChannelGames(storage)
    kept = privacy(
        storage,
        clock,
        Keeping(
            forget_servers_after=timedelta(days=settings.forget_servers_after_days),
            keep_action_logs=None
            if settings.keep_action_logs_days is None
            else timedelta(days=settings.keep_action_logs_days),
        ),
        remembers=languages,
        dm_channels=outbox,
        games=abandonment,
        client=client,
    )
    table_on = settings.activity is not None
    desk = LobbyDesk(service, timers, clock, announcer, languages, defaults, table_on)
    hands_desk = HandDesk(service.games, service.commits, announcer, client, learn.tutor)
    features = (
        lobby_feature(desk, here, in_flight),
        controls_feature(hands_desk, here),
        standings_feature(storage, languages, clock, settings.rating_min_games),
        preferences_feature(languages, defaults),
        kept.feature,
        table_feature(table_on, None if table is None else table.follower),
        web_feature(storage, clock, web),
        leagues.feature,
        learn.feature,
    )
    storage.own(tuple(feature.owns for feature in features))
    return Rooms(
        storage=storage,
        announcer=announcer,
        takeover=Takeover(
            storage,
            service.games,
            timers,
            ai.play_soon,
            Recovery(storage, announcer, book, clock),
            pacer,
            metrics,
            clock,
            settings.process_name,
        ),
        background=background,
        ai=ai,
        abandonment=abandonment,
        servers=kept.servers,
        languages=languages,
        in_flight=in_flight,
        count=count,
        clicks=ClickRouter(features, ClickGuard(in_flight, count)),
        commands=WhyFirstCommands(features),
        running=tuple(part for feature in features for part in feature.running),
        launch=app_launcher(service.games, desk, table_on),
    )
