"""How Discord reaches the learn feature: /whyfirst learn, /whyfirst tips on|off, and a practice
game's End practice button."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.learn.desk import LearnDesk
from bot.learn.store import LEARNING_TABLES
from bot.ui import custom_ids as ids
from bot.ui.command_text import described
from bot.ui.feature import Feature
from bot.ui.in_flight import InFlight


def learn_feature(desk: LearnDesk, in_flight: InFlight) -> Feature:
    @app_commands.command(name="learn", description=described("commands.learn"))
    async def learn(interaction: discord.Interaction) -> None:
        with in_flight.handling():
            await desk.learn(interaction)

    tips = app_commands.Group(name="tips", description=described("commands.tips"))

    @tips.command(name="on", description=described("commands.tips_on"))
    async def tips_on(interaction: discord.Interaction) -> None:
        await desk.tips(interaction, True)

    @tips.command(name="off", description=described("commands.tips_off"))
    async def tips_off(interaction: discord.Interaction) -> None:
        await desk.tips(interaction, False)

    return Feature(
        commands=(learn, tips),
        clicks={
            ids.PRACTICE_END_TEMPLATE: lambda interaction, m: desk.end(interaction, int(m["game"]))
        },
        owns=LEARNING_TABLES,
    )
