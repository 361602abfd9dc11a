"""`python -m tests.table.play` (`make play`): Why First? at the table, with no Discord account.

It starts the loopback Discord (with the app's Activities enabled), the bot (`python -m bot`,
pointed at it and serving the table) and the test "Discord client" page, and seats the visitor,
a loopback player, in a game: they run `/whyfirst start` (with `--level`'s AI level: sharp,
expert or casual), add AI players and press Start, as a player would. It prints two
addresses: opened in a browser, the first frames the table signed
in as that player as Discord's desktop panel does (the window's size), the second as Discord's
phone app does, in a phone's frame (390 × 844): the same player on two devices. Until Ctrl-C,
which stops everything.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import tempfile
from pathlib import Path

from bot.options import AI_LEVELS, DEFAULT_AI_LEVEL
from tests.e2e.table import Table
from tests.e2e.test_ai_players import open_with_ai
from tests.loopback import LoopbackDiscord
from tests.loopback.harness import BotProcess, bot_environment, until_signalled
from tests.ports import free_port
from tests.table.discord_client import DiscordClient

VISITOR = "Guest"
AI_PLAYERS = 3
"""A 4-player game: the visitor and three AI players."""


async def play(workdir: Path, ai_players: int, level: str = DEFAULT_AI_LEVEL) -> list[str]:
    """Serve one game until SIGINT or SIGTERM; the ERROR lines the bot logged."""
    async with LoopbackDiscord() as discord:
        discord.enable_activities()
        guild = discord.add_guild("Loopback")
        channel = guild.add_text_channel("general")
        visitor = discord.add_user(VISITOR)
        guild.add_member(visitor)
        port = free_port()
        public = f"http://127.0.0.1:{port}"
        environment = bot_environment(discord, workdir / "whyfirst.sqlite3", dev_guild=guild)
        bot = BotProcess(
            environment
            | {
                "WHYFIRST_WEB_PORT": str(port),
                "WHYFIRST_PUBLIC_URL": public,
                "DISCORD_CLIENT_ID": str(discord.bot_user.id),
                "DISCORD_CLIENT_SECRET": discord.client_secret,
            },
            workdir,
        )
        client = DiscordClient(discord, f"{public}/activity/")
        await bot.start()
        try:
            await client.start()
            try:
                table = Table(discord, channel, [visitor])
                await open_with_ai(table, ai_players, ai_level=level)
                await table.start()
                print(f"Why First? at the table, as {VISITOR}, with {ai_players} {level} AIs.")
                print("In Discord's desktop panel (as large as the browser's window):")
                print(client.visit(visitor, channel))
                print("On a phone held upright (390 × 844):")
                print(client.visit(visitor, channel, phone=True))
                print("Open either address in a browser, or both. Ctrl-C stops it.", flush=True)
                await until_signalled()
            finally:
                await client.stop()
        finally:
            await bot.stop()
        return bot.errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ai", type=int, default=AI_PLAYERS, help="how many AI players (1-5)")
    parser.add_argument("--level", choices=AI_LEVELS, default=DEFAULT_AI_LEVEL, help="their level")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="whyfirst-play-") as workdir:
        errors = asyncio.run(play(Path(workdir), arguments.ai, arguments.level))
    for error in errors:
        print(error, file=sys.stderr)
    print("Stopped.")


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        main()
