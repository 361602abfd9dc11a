"""Scenario 4: 50 games at once, every player of a round clicking at the same instant: each
round of each game is revealed exactly once (and every click is acknowledged within 3 s),
without the bot ever going over Discord's global rate limit."""

from __future__ import annotations

import asyncio

from tests.e2e.server import Server
from tests.e2e.table import Table

GAMES = 50
ROUNDS_PLAYED = 3  # every REST call counts against 50 per second: 3 rounds take ~30 s
SLOW = 120.0


async def test_fifty_simultaneous_games_reveal_each_round_once(server: Server) -> None:
    tables = []
    for index in range(GAMES):
        channel = server.guild.add_text_channel(f"table-{index}")
        players = [server.add_member(f"P{index}a"), server.add_member(f"P{index}b")]
        tables.append(Table(server.discord, channel, players, seed=index))
    await server.start_bot()
    await asyncio.gather(*(table.open(pick_seconds=600) for table in tables))

    for round_ in range(1, ROUNDS_PLAYED + 1):
        before = [table.round_message() for table in tables]
        turns = await asyncio.gather(*(table.play_turn() for table in tables))
        assert set(turns) == {(1, round_)}
        await server.discord.wait_for(
            lambda b=before: all(
                t.round_message() is not m for t, m in zip(tables, b, strict=True)
            ),
            timeout=SLOW,
            what=f"every game's reveal of round {round_}",
        )

    for table in tables:
        titles = [
            m.content.splitlines()[0] for m in table.game_messages() if "revealed" in m.content
        ]
        assert titles == [f"**Stage 1 · Round {r} revealed**" for r in range(1, ROUNDS_PLAYED + 1)]
    # Discord bans for a while a bot that keeps drawing 429s: the bot paces itself instead.
    assert server.discord.world.rate_limited_responses == 0
