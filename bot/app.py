"""Start-up: point discord.py at the configured endpoints, run the client, report failures."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import gc
import logging
import signal
import sys
from collections.abc import Sequence

import aiohttp
import discord
import discord.gateway
import discord.http
import uvloop
import yarl

from bot.check import check
from bot.client import WhyFirstClient
from bot.observe.listeners import PortUnavailable, listen
from bot.setting_values import SettingsError
from bot.settings import TOKEN_REJECTED, Settings, load_settings
from bot.storage import Storage, StorageError
from bot.ui.command_sync import CommandsRefused

LOG_FORMAT = "%(levelname)s %(name)s: %(message)s"

INTENTS_REFUSED = (
    "Discord refused the bot's gateway intents (close code 4014): in the Developer Portal, "
    "Bot tab, turn on the Privileged Gateway Intents the bot asks for, or run a release that "
    "does not ask for them."
)

# discord.py warns at every start that voice needs PyNaCl and davey; this bot never uses voice.
VOICE_WARNINGS = (
    "PyNaCl is not installed, voice will NOT be supported",
    "davey is not installed, voice will NOT be supported",
)

# Allocations between collections of the youngest generation (Python's default: 700).
YOUNG_GENERATION_SIZE = 2000

log = logging.getLogger("whyfirst")


def tune_garbage_collector() -> None:
    """Keep the cycle collector's pauses away from clicks.

    A pass of Python's cycle collector over the whole heap stops the event loop: 100-250 ms with 500
    games running, and every click that arrives meanwhile waits. What start-up loaded (modules,
    discord.py, the catalog) lives as long as the process, so it is frozen out of those passes. A
    larger youngest generation lets the short-lived objects of a click or a request die young
    instead of being promoted, and promotions are what trigger whole-heap passes: `bench/load.py`
    counted 2-3 of them per 500-game run instead of 8-10."""
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_GENERATION_SIZE, middle, oldest)


def point_discord_at(settings: Settings) -> None:
    """Use the configured REST base and gateway (a proxy, or the tests' loopback Discord)."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


async def serve(settings: Settings) -> None:
    """Run the bot until cancelled or until the client closes. What is local comes first, so
    that an operator's mistake is named before Discord is reached: the database (opened and
    migrated), then the ports, then Discord."""
    storage = await Storage.open(settings.database)
    try:
        listeners = listen(settings)
    except BaseException:
        await storage.close()
        raise
    point_discord_at(settings)
    client = WhyFirstClient(settings, storage, listeners)
    async with client:
        await client.start(settings.token, reconnect=True)


async def serve_until_terminated(settings: Settings) -> bool:
    """`serve`, stopped cleanly (the units of work in flight finished, the database closed,
    timers cancelled) by SIGTERM or SIGINT; True if a signal stopped it."""
    loop = asyncio.get_running_loop()
    task = asyncio.create_task(serve(settings))
    signalled = False

    def stop() -> None:
        nonlocal signalled
        signalled = True
        task.cancel()

    for signal_number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signal_number, stop)
    with contextlib.suppress(asyncio.CancelledError):
        await task
    return signalled


def silence_voice_warnings() -> None:
    """Drop exactly discord.py's two voice warnings; everything else it logs gets through."""
    logging.getLogger("discord.client").addFilter(
        lambda record: record.getMessage() not in VOICE_WARNINGS
    )


def parse_command_line(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="whyfirst",
        description="Runs the Why First? Discord bot (settings from the environment and .env).",
    )
    commands = parser.add_subparsers(dest="command")
    check = commands.add_parser(
        "check",
        help="check the settings, database and ports (and, with the network, the token, the "
        "application and its commands) without starting the bot",
    )
    check.add_argument("--offline", action="store_true", help="do not ask Discord anything")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """`whyfirst` (or `python -m bot`) runs the bot; `whyfirst check` checks what it needs."""
    command = parse_command_line(argv)
    try:
        settings = load_settings()
    except SettingsError as problem:
        print(problem, file=sys.stderr)
        return 2
    if command.command == "check":
        point_discord_at(settings)
        return asyncio.run(check(settings, offline=command.offline))
    logging.basicConfig(stream=sys.stderr, format=LOG_FORMAT, level=settings.log_level, force=True)
    silence_voice_warnings()
    tune_garbage_collector()
    # glibc raises the size it maps blocks from (128 KiB) to the largest one freed (a canvas),
    # then keeps such blocks in the heap; fixed (M_MMAP_THRESHOLD, -3) they go back: 0.7 MB.
    with contextlib.suppress(OSError, AttributeError):  # not glibc: nothing to tune
        ctypes.CDLL(None).mallopt(-3, 128 * 1024)
    try:
        # uvloop's event loop and transports (libuv) spend about a tenth less of the bot's
        # CPU per game-round than asyncio's own under bench/load.py.
        with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
            signalled = runner.run(serve_until_terminated(settings))
    except discord.LoginFailure:
        print(TOKEN_REJECTED, file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print(INTENTS_REFUSED, file=sys.stderr)
        return 2
    except StorageError as problem:
        print(f"The bot cannot use its database (WHYFIRST_DATABASE): {problem}", file=sys.stderr)
        return 2
    except (PortUnavailable, CommandsRefused) as problem:
        print(problem, file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as problem:
        where = settings.api_base or "Discord"
        print(
            f"The bot cannot reach {where} ({problem}): check the network connection"
            " and DISCORD_API_BASE / DISCORD_GATEWAY_URL.",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        signalled = True
    if signalled:
        print("whyfirst: stopped", file=sys.stderr)
    return 0
