"""The web pages over real HTTP on this machine: a replay page, its picture, a standings page.

    .venv/bin/python bench/web.py [--games 100000] [--players 2000] [--repeat 300]

Builds the same SQLite database as bench/storage.py (100,000 finished games in one server,
2,000 players, ratings included), adds 12 finished games played by the engine's rules (2, 4
and 6 players, standard and tactical), and serves the pages (bot/web) on a local port. Then
times, as a client sees them (request sent to last byte read, p50/p99 in ms):
- `/g/<token>`: a replay page rendered (the games in turn), and its 304 to a known ETag;
- `/g/<token>/final.png`: the final picture drawn, and served from memory;
- `/s/<token>`: the big server's standings by wins and by rating, all time and this season.
Nothing is asserted; the goal (issue 24) is p99 < 50 ms for a page.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import aiohttp
from aiohttp import web

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.storage import MAIN_GUILD, add_database_options, build, p50_p99, samples_ms
from bot.clock import Clock
from bot.storage import Storage
from bot.web.server import WebPages
from tests.ports import free_port
from tests.web.stored import store_played_game

GAMES = [(players, variant) for players in (2, 4, 6) for variant in ("standard", "tactical")]


def percentiles(samples: list[float]) -> str:
    p50, p99 = p50_p99(samples)
    return f"p50 {p50:6.2f} ms   p99 {p99:6.2f} ms"


async def replay_tokens(storage: Storage) -> list[str]:
    tokens = []
    for index, (count, variant) in enumerate(GAMES * 2):
        people = [(9_000_000 + index * 10 + seat, f"Player {seat + 1}") for seat in range(count)]
        record = await store_played_game(
            storage, people, variant=variant, seed=index, guild_id=77, channel_id=500 + index
        )
        assert record.replay_token is not None
        tokens.append(record.replay_token)
    return tokens


async def measure(path: Path, repeat: int) -> None:
    storage = await Storage.open(path)
    tokens = await replay_tokens(storage)
    standings = await storage.turn_standings_page_on(MAIN_GUILD, datetime.now(UTC))
    port = free_port()
    pages = WebPages(storage, Clock(1.0), f"http://127.0.0.1:{port}", min_rated_games=3)
    runner = web.AppRunner(pages.application(), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    base = f"http://127.0.0.1:{port}"
    async with aiohttp.ClientSession() as http:

        async def fetch(url: str, headers: dict[str, str] | None = None) -> str:
            async with http.get(base + url, headers=headers or {}) as response:
                await response.read()
                assert response.status in (200, 304), (url, response.status)
                return response.headers.get("ETag", "")

        cycle = itertools.cycle(tokens)
        rendered = await samples_ms(lambda: fetch(f"/g/{next(cycle)}"), repeat)
        print(f"replay page:        {percentiles(rendered)}")
        etag = await fetch(f"/g/{tokens[0]}")
        known = {"If-None-Match": etag}
        revalidate = await samples_ms(lambda: fetch(f"/g/{tokens[0]}", known), repeat)
        print(f"replay page, 304:   {percentiles(revalidate)}")

        async def fresh_picture() -> None:
            pages._pictures.clear()
            await fetch(f"/g/{next(cycle)}/final.png")

        print(f"picture, drawn:     {percentiles(await samples_ms(fresh_picture, repeat // 3))}")
        cached = await samples_ms(lambda: fetch(f"/g/{tokens[0]}/final.png"), repeat)
        print(f"picture, in memory: {percentiles(cached)}")
        for query in (
            "?metric=wins&period=all",
            "?metric=points&period=season",
            "?metric=rating&period=all",
            "?metric=rating&period=all&page=20",
        ):
            board = await samples_ms(lambda query=query: fetch(f"/s/{standings}{query}"), repeat)
            print(f"standings {query:34} {percentiles(board)}")
    await runner.cleanup()
    await storage.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_database_options(parser)
    parser.add_argument("--repeat", type=int, default=300)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="whyfirst-bench-web-") as folder:
        path = Path(folder) / "whyfirst.sqlite3"
        build(path, arguments.games, arguments.players)
        asyncio.run(rate(path))
        asyncio.run(measure(path, arguments.repeat))


async def rate(path: Path) -> None:
    async with await Storage.open(path) as storage:
        await storage.rerate()


if __name__ == "__main__":
    main()
