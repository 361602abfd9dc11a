"""`python -m tests.loopback`: the loopback Discord on its own, with one server and a
#general channel, until Ctrl-C. It prints the settings that point the bot at it: put them in
`.env` (or export them) and run the bot in another terminal."""

from __future__ import annotations

import argparse
import asyncio
import contextlib

from tests.loopback import LoopbackDiscord
from tests.loopback.harness import until_signalled


async def serve(server_name: str) -> None:
    async with LoopbackDiscord() as discord:
        guild = discord.add_guild(server_name)
        guild.add_text_channel("general")
        print("# The loopback Discord is up. Point the bot at it with:")
        print(f"DISCORD_TOKEN={discord.token}")
        print(f"DISCORD_API_BASE={discord.api_base}")
        print(f"DISCORD_GATEWAY_URL={discord.gateway_url}")
        print(f"WHYFIRST_DEV_GUILD={guild.id}")
        print("# Ctrl-C stops it.", flush=True)
        await until_signalled()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--server", default="Loopback", help="the server's name")
    arguments = parser.parse_args()
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(arguments.server))


if __name__ == "__main__":
    main()
