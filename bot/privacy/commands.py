"""How Discord reaches a player's and a server's data: /whyfirst privacy and forget-server and
their buttons; and what the privacy folder runs on its own (departed servers, housekeeping)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Protocol

import discord
from discord import app_commands

from bot.clock import Clock
from bot.privacy.desk import ErasableData, PrivacyDesk
from bot.privacy.housekeeping import ActionLogStore, Duty, Housekeeping, action_log_retention
from bot.privacy.servers import DepartedServers, DepartedStore
from bot.storage import GameRecord, PlayerId, player_id
from bot.ui import custom_ids as ids
from bot.ui.command_text import described
from bot.ui.feature import Feature


class PrivacyStore(ErasableData, DepartedStore, ActionLogStore, Protocol):
    """What the privacy folder asks of storage (bot.storage.Storage has it all)."""


class Remembers(Protocol):
    """A part that remembers players in this process (their language)."""

    def forget_user(self, user_id: int) -> None: ...


class DmChannels(Protocol):
    def forget_dm_channel(self, player: PlayerId) -> None: ...


class Servers(Protocol):
    """What the privacy folder asks of the discord.py client: which servers this process
    holds (its shards) and is in."""

    @property
    def shard_count(self) -> int | None: ...

    @property
    def shard_ids(self) -> list[int] | None: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...


class OpenGamesOfPlaces(Protocol):
    async def place_gone(self, where: Callable[[GameRecord], bool], reason: str) -> None: ...


@dataclass(frozen=True)
class Privacy:
    feature: Feature
    servers: DepartedServers
    """Servers the bot left, forgotten after their grace period (by the feature's housekeeping)."""


@dataclass(frozen=True)
class Keeping:
    """How long what is kept is kept (the operator's settings)."""

    forget_servers_after: timedelta
    keep_action_logs: timedelta | None


def privacy(
    storage: PrivacyStore,
    clock: Clock,
    keeping: Keeping,
    remembers: Remembers,
    dm_channels: DmChannels,
    games: OpenGamesOfPlaces,
    client: Servers,
) -> Privacy:

    def forget(user_id: int) -> None:
        remembers.forget_user(user_id)
        dm_channels.forget_dm_channel(player_id(user_id))

    async def end_games_of(guild_id: int) -> None:
        await games.place_gone(lambda record: record.guild_id == guild_id, "forgotten")

    desk = PrivacyDesk(storage, clock, forget, end_games_of)
    grace = keeping.forget_servers_after

    def holds(guild_id: int) -> bool:
        count = client.shard_count or 1
        return client.shard_ids is None or (guild_id >> 22) % count in client.shard_ids

    def present(guild_id: int) -> bool:
        return client.get_guild(guild_id) is not None

    servers = DepartedServers(storage, clock, grace, holds=holds, present=present)
    duties: list[Duty] = [servers.forget_due]
    if keeping.keep_action_logs is not None:
        duties.append(action_log_retention(storage, clock, keeping.keep_action_logs))
    shortest = min(grace, keeping.keep_action_logs or grace)

    @app_commands.command(name="privacy", description=described("commands.privacy"))
    async def show_privacy(interaction: discord.Interaction) -> None:
        await desk.show_kept(interaction)

    @app_commands.command(name="forget-server", description=described("commands.forget_server"))
    async def forget_server(interaction: discord.Interaction) -> None:
        await desk.ask_to_forget_server(interaction)

    answers = {"export": desk.export, "erase": desk.ask_to_erase, "erase_confirmed": desk.erase}

    async def clicked(interaction: discord.Interaction, match: re.Match[str]) -> None:
        await answers.get(match["action"], desk.forget_server)(interaction)

    return Privacy(
        feature=Feature(
            commands=(show_privacy, forget_server),
            clicks={ids.PRIVACY_TEMPLATE: clicked},
            running=(Housekeeping(clock, duties, shortest=shortest),),
        ),
        servers=servers,
    )
