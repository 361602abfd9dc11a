"""A tiny discord.py bot used to test the loopback Discord itself (real discord.py, no mocks)."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
import yarl
from discord import app_commands

from tests.loopback import LoopbackDiscord


class GreetButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"demo:greet:(?P<count>\d+)"
):
    def __init__(self, count: int) -> None:
        super().__init__(discord.ui.Button(label=f"Greet {count}", custom_id=f"demo:greet:{count}"))
        self.count = count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GreetButton:
        return cls(int(match["count"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if interaction.guild is None:
            await interaction.response.send_message(f"secret {self.count}", ephemeral=True)
            return
        view = discord.ui.View(timeout=None)
        view.add_item(GreetButton(self.count + 1))
        await interaction.response.edit_message(content=f"greeted {self.count}", view=view)


def greet_view(count: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(GreetButton(count))
    return view


class DemoClient(discord.Client):
    def __init__(self, guild_id: int) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.guild_id = guild_id
        self.tree = app_commands.CommandTree(self)
        self.command_errors: list[BaseException] = []
        self.ready_event = asyncio.Event()
        self.tree.add_command(build_demo_group(self))
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        self.add_dynamic_items(GreetButton)
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)

    async def on_ready(self) -> None:
        self.ready_event.set()

    async def _on_tree_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        self.command_errors.append(getattr(error, "original", error))


def build_demo_group(client: DemoClient) -> app_commands.Group:
    group = app_commands.Group(name="demo", description="Loopback self-test commands")

    @group.command(name="hello", description="Say hello with a button")
    @app_commands.choices(
        mood=[
            app_commands.Choice(name="happy", value="happy"),
            app_commands.Choice(name="sad", value="sad"),
        ]
    )
    async def hello(interaction: discord.Interaction, mood: str = "happy", times: int = 1) -> None:
        await interaction.response.send_message(f"hello {mood} x{times}", view=greet_view(1))

    @group.command(name="dm", description="DM the caller a button")
    async def dm(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await interaction.user.send("your button", view=greet_view(7))
        except discord.Forbidden as error:
            await interaction.followup.send(f"cannot DM you ({error.code})", ephemeral=True)
            return
        await interaction.followup.send("sent you a DM", ephemeral=True)

    @group.command(name="picture", description="Post a picture")
    async def picture(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        file = discord.File(
            io.BytesIO(b"\x89PNG fake bytes"), filename="track.png", description="alt"
        )
        embed = discord.Embed(title="Track", description="positions")
        await interaction.followup.send(embed=embed, file=file)

    @group.command(name="who", description="Describe a member")
    async def who(interaction: discord.Interaction, member: discord.Member) -> None:
        await interaction.response.send_message(
            f"{member.display_name} {interaction.app_permissions.value}"
        )

    @group.command(name="slow", description="Answer too late")
    async def slow(interaction: discord.Interaction, seconds: float) -> None:
        await asyncio.sleep(seconds)
        await interaction.response.send_message("late")

    return group


async def start_demo(
    loopback: LoopbackDiscord, guild_id: int
) -> tuple[DemoClient, asyncio.Task[None]]:
    discord.http.Route.BASE = loopback.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(loopback.gateway_url)
    client = DemoClient(guild_id)
    task = asyncio.create_task(client.start(loopback.token))
    await asyncio.wait_for(client.ready_event.wait(), 10)
    return client, task


async def stop_demo(client: DemoClient, task: asyncio.Task[None]) -> None:
    await client.close()
    await asyncio.wait_for(task, 10)
