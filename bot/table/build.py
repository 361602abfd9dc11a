"""The table's parts, when DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET turn it on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import discord

from bot.clock import Clock
from bot.messages.hand import Notes
from bot.play.service import GameService
from bot.settings import Settings
from bot.table.faces import Faces, cdn_of
from bot.table.follow import FollowStorage, TableFollower
from bot.table.instances import ActivityInstances
from bot.table.live import ChannelGame, LiveTables
from bot.table.page import TablePages
from bot.table.picks import TablePicks
from bot.table.sessions import Sessions
from bot.table.signin import DiscordSignIn


class TableStorage(ChannelGame, FollowStorage, Protocol):
    """What the table's parts read of the database, and hear of it."""


@dataclass(frozen=True)
class TableParts:
    pages: TablePages
    """The table's routes on the web pages' port."""
    follower: TableFollower
    """Started before the pages are served and closed after: changes of other processes."""


def table_parts(
    client: discord.Client,
    settings: Settings,
    clock: Clock,
    service: GameService,
    storage: TableStorage,
    notes: Notes,
) -> TableParts | None:
    """The table's routes for the web pages, its live connections following every change
    the game service commits, and those other processes commit; none without its settings."""
    if settings.activity is None or settings.public_url is None:
        return None

    def channel_name(channel_id: int) -> str | None:
        """The name of a server channel (or thread) the bot sees; None elsewhere."""
        channel = client.get_channel(channel_id)
        return (
            channel.name if isinstance(channel, discord.abc.GuildChannel | discord.Thread) else None
        )

    api_base = settings.api_base or discord.http.Route.BASE
    sessions = Sessions(clock.monotonic)
    faces = Faces(client.http, cdn_of(settings.api_base))
    live = LiveTables(
        sessions,
        ActivityInstances(client.http, settings.activity.client_id),
        storage,
        service.games,
        TablePicks(service.games, service.commits),
        clock.monotonic,
        faces,
        notes,
    )
    service.commits.subscribe(live)
    pages = TablePages(
        DiscordSignIn(api_base, settings.activity),
        sessions,
        settings.activity.client_id,
        settings.public_url,
        channel_name,
        live,
        faces,
    )
    return TableParts(pages, TableFollower(live, service.games, storage))
