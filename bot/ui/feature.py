"""A feature's ways in: the subcommands it adds to `/whyfirst` and the buttons it answers.

A feature is a folder (bot/lobby, bot/controls, bot/standings, bot/privacy, bot/preferences,
bot/web): its desk does the work, and its commands.py builds the desk from the few collaborators it
uses and returns a `Feature`, which the composition root hands to the command group
(bot/ui/commands.py) and to the buttons (bot/ui/clicks.py). Adding a subcommand is that folder and
the catalog's lines; so is work it runs on its own (`running`), which the client starts and stops
with every feature's, and tables of its own (`owns`), which storage exports, erases and forgets with
every other."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord
from discord import app_commands

from bot.storage.personal_data import OwnedTables

Subcommand = app_commands.Command[Any, ..., None] | app_commands.Group
"""A subcommand of /whyfirst, or a group of them (/whyfirst web on|off)."""

Route = Callable[[discord.Interaction, re.Match[str]], Awaitable[None]]
"""Hands a click's parsed custom id (bot/ui/custom_ids.py) to the desk that answers it."""


class Running(Protocol):
    """Work a feature runs beside the clicks while the bot is connected."""

    async def start(self) -> None: ...

    async def stop(self) -> None: ...


@dataclass(frozen=True)
class Feature:
    commands: tuple[Subcommand, ...] = ()
    clicks: Mapping[str, Route] = field(default_factory=dict)
    """Custom id template -> what a click on such a button does."""
    running: tuple[Running, ...] = ()
    """Started in order once the commands are synced, stopped in reverse when the bot closes."""
    owns: OwnedTables = field(default_factory=OwnedTables)
    """The tables the feature keeps of its own: what privacy exports and erases of them, and
    what goes with a forgotten server (the copy to PostgreSQL carries every table)."""
