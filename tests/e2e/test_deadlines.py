"""Scenario 6: a missed deadline auto-plays the missing player's card on themselves, and the
reveal says so; a game nobody plays any more ends by itself."""

from __future__ import annotations

import re

from tests.e2e.server import Server
from tests.e2e.stored import stored_games
from tests.e2e.table import Table

# 30 s to pick at 1/20 of real time: 1.5 s per round.
FAST_CLOCK = 0.05
PICK_SECONDS = 30
ABANDONED = "This game of Why First? was abandoned: nobody played for a whole stage."


async def test_a_missed_deadline_plays_on_the_latecomer_and_idle_games_are_abandoned(
    server: Server,
) -> None:
    await server.start_bot(time_scale=FAST_CLOCK)
    anne, ben = server.players("Anne", "Ben")
    table = Table(server.discord, server.games, [anne, ben])
    await table.open(pick_seconds=PICK_SECONDS)
    hand = await table.controls(anne, 1, 1)
    await table.pick_all([(anne, hand)], 1, 1)

    reveal = await server.discord.wait_for(
        lambda: next((m for m in table.game_messages() if "Round 1 revealed" in m.content), None),
        what="the reveal of round 1",
    )
    lines = reveal.content.splitlines()
    auto = [line for line in lines if "ran out of time" in line]
    assert len(auto) == 1
    assert re.fullmatch(
        rf"{re.escape(ben.mention)} ran out of time: \*\*[+-]\d\*\* was played in front of them "
        r"automatically\.",
        auto[0],
    )
    assert any(line.startswith(f"{anne.mention} played ") for line in lines)
    reminders = [m for m in table.game_messages() if "half the time" in m.content]
    assert reminders
    assert reminders[0].content.startswith(f"{ben.mention}: half the time")
    assert anne.mention not in reminders[0].content

    await server.discord.wait_for(
        lambda: any(m.content == ABANDONED for m in table.game_messages()),
        timeout=30,
        what="the game to be abandoned",
    )
    assert stored_games(server.workdir / "whyfirst.sqlite3")[-1][1] == "abandoned"
    assert table.final_message() is None


async def test_rounds_nobody_played_before_a_restart_still_count_towards_abandonment(
    server: Server,
) -> None:
    bot = await server.start_bot_process(time_scale=FAST_CLOCK)
    table = Table(server.discord, server.games, server.players("Anne", "Ben"))
    await table.open(pick_seconds=PICK_SECONDS)

    def reveals() -> list[str]:
        return [m.content for m in table.game_messages() if " revealed" in m.content]

    await server.discord.wait_for(
        lambda: any("Stage 1 · Round 3 revealed" in text for text in reveals()),
        timeout=30,
        what="three rounds nobody played",
    )
    await bot.kill()
    await bot.start()

    await server.discord.wait_for(
        lambda: any(m.content == ABANDONED for m in table.game_messages()),
        timeout=30,
        what="the game to be abandoned",
    )
    # Abandoned at the end of stage 1, as without the restart: no round of stage 2 was played.
    assert not [text for text in reveals() if "Stage 2 · Round" in text.split(" revealed")[0]]
    assert stored_games(server.workdir / "whyfirst.sqlite3")[-1][1] == "abandoned"
