"""A league's table is seated once, though two seatings of its game may run in one process: a
process that starts seats what a dead one left unseated once its gateway is ready
(bot/league/follow.py), and a Start click can reach it a moment before that."""

from __future__ import annotations

import asyncio

from tests.e2e.server import Server
from tests.e2e.test_league import (
    LONG_PICKS,
    first_rounds_shown,
    join_all,
    league_button,
    open_league,
    tables_of,
)

REAL_TIME = 1.0
"""The guild_ready_timeout is then discord.py's two seconds: the moment between a started
process knowing its guilds and being ready is wide enough for a click."""


async def test_a_start_clicked_as_a_process_gets_ready_seats_each_table_once(
    server: Server,
) -> None:
    bot = await server.start_bot(time_scale=REAL_TIME)
    players = server.players("Anne", "Ben", "Cleo", "Dan", "Eve")
    post = await open_league(server, players[0], games=2, table_size=3, pick_seconds=LONG_PICKS)
    await join_all(post, players[1:])
    await bot.stop()

    # Discord holds the Start's first thread back for a while (a 429): that seating is still
    # under way when the process is ready and catches up with the league, now playing.
    server.discord.inject_rate_limits(1, retry_after=3.0, path_contains="/threads")
    starting = asyncio.create_task(bot.start())
    gateway = server.discord.gateway
    await server.discord.wait_for(
        lambda: (
            (session := gateway.session_for(server.games.channel.guild.id)) is not None
            and session.live
            and any(event.get("t") == "GUILD_CREATE" for event in session.sent)
        ),
        what="the started process told its guild",
    )
    started = await players[0].click(post, custom_id=league_button(post, "start"))
    assert started.ephemeral_text is None, started.ephemeral_text
    await starting

    await first_rounds_shown(server, 1, count=2)
    await asyncio.sleep(2)  # a second seating, had it gone on, would have made its threads by now
    threads = tables_of(server, 1)
    assert len(threads) == 2, [t.name for t in threads]  # not a thread twice for a table
    for thread in threads:
        said = [message.content for message in thread.messages()]
        assert said.count(said[0]) == 1, said[:3]  # its players greeted once
