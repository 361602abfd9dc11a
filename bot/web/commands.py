"""How Discord reaches the web switch: /whyfirst web on|off (a server's standings page)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.clock import Clock
from bot.ui.command_text import described
from bot.ui.feature import Feature
from bot.web.server import WebPages
from bot.web.switch import StandingsPages, StandingsPageSwitch


def web_feature(storage: StandingsPages, clock: Clock, pages: WebPages | None) -> Feature:
    """/whyfirst web, and the pages served (`pages`: None when the bot serves none)."""
    switch = StandingsPageSwitch(storage, clock, None if pages is None else pages.standings_url)
    web = app_commands.Group(name="web", description=described("commands.web"))

    @web.command(name="on", description=described("commands.web_on"))
    async def turn_on(interaction: discord.Interaction) -> None:
        await switch.turn_on(interaction)

    @web.command(name="off", description=described("commands.web_off"))
    async def turn_off(interaction: discord.Interaction) -> None:
        await switch.turn_off(interaction)

    return Feature(commands=(web,), running=() if pages is None else (pages,))
