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
from tests.loopback.commands import PRIMARY_ENTRY_POINT


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


class LaunchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"demo:launch"):
    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="Launch", custom_id="demo:launch"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LaunchButton:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        await launch_or_say_why(interaction)


async def launch_or_say_why(interaction: discord.Interaction) -> None:
    """Answer with LAUNCH_ACTIVITY; if Discord refuses, say its error code instead."""
    try:
        await interaction.response.launch_activity()
    except discord.HTTPException as error:
        await interaction.response.send_message(f"cannot launch ({error.code})", ephemeral=True)


class DemoTree(app_commands.CommandTree[Any]):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """The Entry Point command (type 4) is no command of the tree: the demo launches."""
        data: dict[str, Any] = dict(interaction.data or {})
        if data.get("type") != PRIMARY_ENTRY_POINT:
            return True
        await launch_or_say_why(interaction)
        return False


def greet_view(count: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(GreetButton(count))
    return view


class DemoClient(discord.Client):
    def __init__(
        self, guild_id: int, *, anywhere: bool = False, intents: discord.Intents | None = None
    ) -> None:
        super().__init__(intents=intents or discord.Intents.default(), guild_ready_timeout=0.05)
        self.guild_id = guild_id
        self.anywhere = anywhere
        self.tree = DemoTree(self)
        self.command_errors: list[BaseException] = []
        self.ready_event = asyncio.Event()
        self.tree.add_command(build_demo_group(self))
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        self.add_dynamic_items(GreetButton, LaunchButton)
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)
        if self.anywhere:
            self.tree.clear_commands(guild=None)
            self.tree.add_command(build_anywhere_group())
            await self.tree.sync()

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

    @group.command(name="launch", description="Launch the Activity")
    async def launch(interaction: discord.Interaction) -> None:
        await launch_or_say_why(interaction)

    @group.command(name="launcher", description="Post a button that launches the Activity")
    async def launcher(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(LaunchButton())
        await interaction.response.send_message("play", view=view)

    @group.command(name="slow", description="Answer too late")
    async def slow(interaction: discord.Interaction, seconds: float) -> None:
        await asyncio.sleep(seconds)
        await interaction.response.send_message("late")

    return group


def build_anywhere_group() -> app_commands.Group:
    """A global command installable to users and usable in every context."""
    group = app_commands.Group(
        name="anywhere",
        description="Loopback self-test commands for user installs",
        allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
        allowed_contexts=app_commands.AppCommandContext(
            guild=True, dm_channel=True, private_channel=True
        ),
    )

    @group.command(name="say", description="Answer with a button")
    async def say(interaction: discord.Interaction) -> None:
        owners = [
            kind
            for kind, installed in (
                ("server", interaction.is_guild_integration()),
                ("user", interaction.is_user_integration()),
            )
            if installed
        ]
        context = interaction.context
        where = "guild" if context.guild else "dm" if context.dm_channel else "private"
        await interaction.response.send_message(
            f"{where} {','.join(owners)} {interaction.app_permissions.value}", view=greet_view(1)
        )

    @group.command(name="many", description="Send follow-ups")
    async def many(interaction: discord.Interaction, count: int) -> None:
        await interaction.response.send_message("starting")
        codes = []
        for number in range(1, count + 1):
            try:
                await interaction.followup.send(f"follow-up {number}")
                codes.append("ok")
            except discord.HTTPException as error:
                codes.append(str(error.code))
        await interaction.edit_original_response(content=" ".join(codes))

    @group.command(name="post", description="Post through REST and the caller's DMs")
    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        codes = []
        for attempt in (interaction.channel, interaction.user):
            try:
                await attempt.send("through REST")  # type: ignore[union-attr]
                codes.append("ok")
            except discord.HTTPException as error:
                codes.append(str(error.code))
        await interaction.followup.send(" ".join(codes))

    return group


def point_discord_py_at(loopback: LoopbackDiscord) -> None:
    discord.http.Route.BASE = loopback.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(loopback.gateway_url)


async def start_demo(
    loopback: LoopbackDiscord,
    guild_id: int,
    *,
    anywhere: bool = False,
    intents: discord.Intents | None = None,
) -> tuple[DemoClient, asyncio.Task[None]]:
    point_discord_py_at(loopback)
    client = DemoClient(guild_id, anywhere=anywhere, intents=intents)
    task = asyncio.create_task(client.start(loopback.token))
    ready = asyncio.create_task(client.ready_event.wait())
    await asyncio.wait({task, ready}, timeout=10, return_when=asyncio.FIRST_COMPLETED)
    if not ready.done():
        # The client stopped before it was ready (its error is raised here) or never got so.
        ready.cancel()
        await client.close()
        await asyncio.wait_for(task, 10)
        raise TimeoutError("the demo client did not get ready")
    return client, task


async def stop_demo(client: DemoClient, task: asyncio.Task[None]) -> None:
    await client.close()
    await asyncio.wait_for(task, 10)
