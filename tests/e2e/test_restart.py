"""Scenario 3: `python -m bot` is killed (SIGKILL) after two of four picks of a round and
started again: the old DM buttons still work, the two picks are kept, the game finishes."""

from __future__ import annotations

from tests.e2e.results import announced_totals, recorded_plays, replay
from tests.e2e.server import Server
from tests.e2e.table import Table


async def test_a_killed_bot_restarts_where_it_was(server: Server) -> None:
    bot = await server.start_bot_process()
    anne, ben, cleo, dan = players = server.players("Anne", "Ben", "Cleo", "Dan")
    table = Table(server.discord, server.games, players, seed=3)
    await table.open(pick_seconds=600)
    await table.play_turn()
    stage, round_ = await server.discord.wait_for(
        lambda: table.current_turn() == (1, 2) and (1, 2), what="round 2"
    )
    hands = {p.name: await table.controls(p, stage, round_) for p in players}
    await table.pick_all([(anne, hands["Anne"]), (ben, hands["Ben"])], stage, round_)
    for name in ("Anne", "Ben"):
        await server.discord.wait_for(
            lambda n=name: "You played" in hands[n].content, what=f"{name}'s pick confirmed"
        )

    await bot.kill()
    assert bot.returncode == -9
    await bot.start()

    status = await cleo.slash(server.games, "whyfirst status")
    assert status.ephemeral_text is not None
    waiting = status.ephemeral_text.split("Waiting for: ")[1].split(". Totals")[0]
    assert waiting == f"{cleo.mention}, {dan.mention}"
    await table.pick_all([(cleo, hands["Cleo"]), (dan, hands["Dan"])], stage, round_)
    final = await table.play_to_the_end()

    reveals = [m for m in table.game_messages() if "Stage 1 · Round 2 revealed" in m.content]
    assert len(reveals) == 1
    record = table.record()
    assert recorded_plays(record) == table.chosen_plays()
    assert (await replay(record, server.workdir))["totals"] == announced_totals(final)
