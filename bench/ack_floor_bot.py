"""The bot of bench/ack_floor.py: a discord.py client that does nothing but answer clicks.

It posts one message with a card and a target button per seat in each channel named in
FLOOR_CHANNELS and answers every click at once, with the game's two kinds of answer: a card
click redraws the clicked message (a view built anew, as the game shows the targets), a target
click is a deferred update (as the game answers a pick before storing it).
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
from typing import Any

import discord

from bot.app import point_discord_at, tune_garbage_collector
from bot.settings import load_settings

READY_LINE = "ack-floor: ready"
SEATS = 4


class Seat(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"floor:(?P<kind>card|target):(?P<seat>\d+)",
):
    def __init__(self, kind: str, seat: int) -> None:
        button = discord.ui.Button[Any](label=f"{kind} {seat}", custom_id=f"floor:{kind}:{seat}")
        super().__init__(button)
        self.kind = kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Seat:
        return cls(match["kind"], int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.kind == "card":
            await interaction.response.edit_message(view=seats())
        else:
            await interaction.response.defer()


def seats() -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for kind in ("card", "target"):
        for seat in range(SEATS):
            view.add_item(Seat(kind, seat))
    return view


class FloorClient(discord.Client):
    async def setup_hook(self) -> None:
        self.add_dynamic_items(Seat)

    async def on_ready(self) -> None:
        for channel_id in os.environ["FLOOR_CHANNELS"].split(","):
            channel = self.get_channel(int(channel_id))
            assert isinstance(channel, discord.TextChannel)
            await channel.send("seats", view=seats())
        print(READY_LINE, file=sys.stderr, flush=True)


async def main() -> None:
    settings = load_settings(os.environ)
    point_discord_at(settings)
    client = FloorClient(intents=discord.Intents.default())
    tune_garbage_collector()
    await client.start(settings.token)


if __name__ == "__main__":
    asyncio.run(main())
