"""Two bot processes on one PostgreSQL database, shards 0 and 1 of 2, with the game's guild on
shard 1: its channel's clicks reach the shard-1 process, every DM click the shard-0 one.

The shard-1 process holds the game's clock (it committed Start) and is SIGKILLed mid-round:
the shard-0 process takes the clock over and the deadline fires there, once. Restarted, the
shard-1 process says nothing; the game goes on with each round's last picks arriving at both
processes at the same instant (three players by DM, one through Show my hand), and every round
is revealed exactly once."""

from __future__ import annotations

import re
from collections import Counter

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from tests.e2e.results import announced_totals, recorded_plays, replay
from tests.e2e.server import Server
from tests.e2e.table import Table
from tests.loopback import Message, Player
from tests.ports import free_port

REVEALED = re.compile(r"Stage (\d) · Round (\d) revealed")
PICK_SECONDS = 120  # 12 s at the tests' clock: the clock is taken over long before
SHARDS = "2"


def said(fleet: Server) -> list[tuple[int, str]]:
    """The channel's messages but the half-time reminders."""
    return [(m.id, m.content) for m in fleet.games.messages() if "half the time" not in m.content]


async def deadlines(port: int) -> dict[str, float]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/metrics") as response,
    ):
        text = await response.text()
    return {
        sample.labels["event"]: sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name == "whyfirst_deadlines_total"
    }


def reminders_per_round(table: Table) -> list[int]:
    """How many half-time reminders each round got: those posted between its start and its
    reveal. A slow round on a busy machine is reminded rightly; twice would be one process
    reminding what the other did (the restarted one, or both after a takeover)."""
    counts = [0]
    for message in table.game_messages():
        if REVEALED.search(message.content):
            counts.append(0)
        elif "half the time" in message.content:
            counts[-1] += 1
    return counts


def notices(table: Table, player: Player) -> list[Message]:
    closed = f"{player.mention}, I can't send you DMs."
    return [m for m in table.game_messages() if m.content.startswith(closed)]


async def test_a_killed_process_loses_nothing_and_every_round_is_revealed_once(
    fleet: Server,
) -> None:
    port = free_port()
    _, shard_1 = (
        await fleet.start_bot_process(
            WHYFIRST_SHARD_COUNT=SHARDS, WHYFIRST_SHARD_IDS="0", WHYFIRST_METRICS_PORT=str(port)
        ),
        await fleet.start_bot_process(WHYFIRST_SHARD_COUNT=SHARDS, WHYFIRST_SHARD_IDS="1"),
    )
    syncs = [r for r in fleet.discord.rest.requests if r[0] == "PUT" and "commands" in r[1]]
    assert len(syncs) == 1

    anne, ben, cleo, dan = players = fleet.players("Anne", "Ben", "Cleo", "Dan")
    dan.close_dms()
    table = Table(fleet.discord, fleet.games, players, closed_dms={str(dan.id)}, seed=11)
    await table.open(pick_seconds=PICK_SECONDS)
    hands = [(p, await table.controls(p, 1, 1)) for p in (anne, ben)]
    await table.pick_all(hands, 1, 1)
    await fleet.discord.wait_for(lambda: notices(table, dan), what="Dan told his DMs are closed")

    await shard_1.kill()
    reveal = await fleet.discord.wait_for(
        lambda: next((m for m in table.game_messages() if REVEALED.search(m.content)), None),
        timeout=30,
        what="round 1 revealed at its deadline by the shard-0 process",
    )
    timed_out = [line for line in reveal.content.splitlines() if "ran out of time" in line]
    assert sorted(line.split(" ")[0] for line in timed_out) == sorted([cleo.mention, dan.mention])
    assert await deadlines(port) == {"fired": 1.0, "taken_over": 1.0}
    for player in (anne, ben, cleo):
        await table.controls(player, 1, 2)

    # The restarted process takes nothing over and says nothing. Round 2's reminder is the
    # shard-0 process's, at half time (6 s): a start that takes longer on a busy machine sees
    # it come, and the end checks that no round was reminded twice.
    seen = said(fleet)
    dms = [(m.id, m.content) for p in players for m in p.dms()]
    await shard_1.start()
    assert said(fleet) == seen
    assert [(m.id, m.content) for p in players for m in p.dms()] == dms

    final = await table.play_to_the_end()

    record = table.record()
    revealed = Counter(
        REVEALED.search(m.content).groups()
        for m in table.game_messages()
        if REVEALED.search(m.content)
    )
    assert set(revealed.values()) == {1}
    assert len(revealed) == len(recorded_plays(record))
    assert len(notices(table, dan)) == 1
    assert max(reminders_per_round(table), default=0) <= 1
    plays = recorded_plays(record)
    chosen = table.chosen_plays()
    assert all(set(picks) <= set(plays[key]) for key, picks in chosen.items())
    assert sorted(player for player, _, _ in plays[(1, 1)]) == sorted(str(p.id) for p in players)
    assert (await replay(record, fleet.workdir))["totals"] == announced_totals(final)
