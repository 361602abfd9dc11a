"""Scenario 10: missing permissions at /whyfirst start; a 429 storm, a dropped gateway and
connections that break under requests during a game, which still completes."""

from __future__ import annotations

from tests.e2e.results import announced_totals, recorded_plays, replay
from tests.e2e.server import Server
from tests.e2e.table import Table

MISSING = (
    "I can't run a game here: I'm missing Send Messages and Attach Files in this channel. "
    "Ask a server admin to grant them, then try again."
)


async def test_start_without_permissions_says_which_are_missing(server: Server) -> None:
    await server.start_bot()
    anne = server.members["Anne"]
    await server.games.deny_bot("send_messages", "attach_files")
    outcome = await anne.slash(server.games, "whyfirst start")
    assert outcome.ephemeral_text == MISSING
    assert server.games.messages() == []

    await server.games.allow_bot()
    outcome = await anne.slash(server.games, "whyfirst start")
    assert outcome.ephemeral_text is None
    assert [b["label"] for b in server.games.last_message().buttons()] == [
        "Join",
        "Leave",
        "Start",
        "Cancel",
        "Add AI",
        "Remove AI",
    ]


async def test_a_game_survives_a_429_storm_and_a_dropped_gateway(server: Server) -> None:
    await server.start_bot()
    discord = server.discord
    table = Table(discord, server.games, server.players("Anne", "Ben"), seed=7)
    await table.open(pick_seconds=600)

    async def meddle(stage: int, round_: int) -> None:
        if stage >= 2:
            # Hands then go by REST too (not through the players' clicks): more requests in
            # the storm.
            discord.expire_tokens()
        if (stage, round_) == (2, 1):
            discord.inject_rate_limits(30, retry_after=0.05, every=2)
        if (stage, round_) == (3, 2):
            resumes = discord.gateway.resumes
            await discord.drop_gateway()
            await discord.wait_for(lambda: discord.gateway.resumes > resumes, what="a RESUME")
        if (stage, round_) == (4, 3):
            identifies = discord.gateway.identifies
            await discord.drop_gateway(invalidate_session=True)
            await discord.wait_for(
                lambda: discord.gateway.identifies > identifies, what="a new IDENTIFY"
            )

    final = await table.play_to_the_end(before_turn=meddle)
    assert discord.world.rate_limited_responses >= 30
    record = table.record()
    assert recorded_plays(record) == table.chosen_plays()
    assert (await replay(record, server.workdir))["totals"] == announced_totals(final)


async def test_a_game_survives_connections_that_break_under_its_requests(server: Server) -> None:
    await server.start_bot()
    discord = server.discord
    table = Table(discord, server.games, server.players("Anne", "Ben"), seed=11)
    await table.open(pick_seconds=600)

    async def meddle(stage: int, round_: int) -> None:
        if (stage, round_) in ((1, 2), (2, 1)):
            # Reveals, hands and edits alike: every other request of the next ones.
            discord.inject_disconnects(8, every=2)

    final = await table.play_to_the_end(before_turn=meddle)
    assert discord.world.disconnects == 16
    record = table.record()
    assert recorded_plays(record) == table.chosen_plays()
    assert (await replay(record, server.workdir))["totals"] == announced_totals(final)
