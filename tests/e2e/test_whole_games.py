"""Scenario 1: whole games, and records that replay to exactly what the bot announced."""

from __future__ import annotations

import pytest

from tests.e2e.results import (
    ROUNDS_PER_GAME,
    announced_totals,
    announced_winners,
    budget_per_round,
    recorded_plays,
    replay,
)
from tests.e2e.server import Server
from tests.e2e.table import Table, enabled, turn_in

LONG_PICKS = {"pick_seconds": 600}


@pytest.mark.parametrize(
    ("names", "variant"),
    [
        (["Anne", "Ben"], "standard"),
        (["Anne", "Ben", "Cleo"], "standard"),
        (["Anne", "Ben", "Cleo", "Dan", "Eve", "Finn"], "standard"),
        (["Anne", "Ben"], "tactical"),
        (["Anne", "Ben", "Cleo", "Dan"], "tactical"),
    ],
    ids=[
        "2-players-with-leo",
        "3-players",
        "6-players",
        "tactical-2-players",
        "tactical-4-players",
    ],
)
async def test_a_whole_game_replays_to_what_the_bot_announced(
    server: Server, names: list[str], variant: str
) -> None:
    await server.start_bot()
    table = Table(server.discord, server.games, server.players(*names), seed=len(names))
    spent_before = server.discord.rate_limited_requests()
    lobby = await table.open(variant=variant, **LONG_PICKS)
    assert lobby.content.startswith("**Why First?** — the game is under way with")
    assert lobby.buttons() == []
    final = await table.play_to_the_end()

    record = table.record()
    assert record["variant"] == variant
    assert record["players"] == [str(p.id) for p in table.players]
    replayed = await replay(record, server.workdir)
    assert replayed["totals"] == announced_totals(final)
    assert sorted(replayed["winners"]) == sorted(announced_winners(final))
    assert recorded_plays(record) == table.chosen_plays()
    if len(names) == 2:
        assert "Leo" in announced_totals(final)
    assert [b["label"] for b in final.buttons()] == ["Rematch"]

    # A stage's DM hand never shows another stage's cards, not even for a moment.
    for player in table.players:
        for dm in player.dms():
            versions = [*dm.revisions, (dm.content, dm.components)]
            stages = {turn[0] for content, _ in versions if (turn := turn_in(content))}
            assert len(stages) == 1, (player.name, [content for content, _ in versions])

    def live_hands() -> list[str]:
        return [p.name for p in table.players for dm in p.dms() if enabled(dm.buttons())]

    # Each stage's DM loses its buttons when the stage ends: never two live hands at once.
    await server.discord.wait_for(lambda: not live_hands(), what="every DM hand retired")
    # About one request a round counted by Discord's global limit: the reveal.
    spent = server.discord.rate_limited_requests() - spent_before
    assert sum(spent.values()) / ROUNDS_PER_GAME <= budget_per_round(len(names)), spent
