"""What is stored is shown, exactly once, in order, whatever instant a process dies: the bot is
SIGKILLed at a named crash point (WHYFIRST_CRASH_AT, bot/crash.py) in the middle of a game and
started again on the same database, as systemd's Restart= would. Nobody presses Show my hand:
the next hands must come by themselves, every round is revealed once, the record replays."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from engine.constants import ROUNDS, STAGES
from tests.e2e.conftest import MEMBERS, stopped_without_errors
from tests.e2e.results import announced_totals, recorded_plays, replay
from tests.e2e.server import Server
from tests.e2e.table import Table, TurnHook, turn_in
from tests.e2e.test_league import (
    join_all,
    league_button,
    open_league,
    play_game,
    seated,
    tables_of,
)
from tests.loopback import LoopbackDiscord
from tests.loopback.harness import BotProcess

# Where round 2's last pick hurts most, counted from the game's start: its first round message
# is a change that tells the channel of its own, and each deal gives the four players their
# hands but the one whose click was answered with theirs.
POINTS = {
    "commit": "commit:3",  # the pick is durable, nothing of it shown, its click not answered
    "answered": "answered:2",  # the click was answered (its hand redrawn), the reveal not posted
    "reveal": "reveal:3",  # the reveal was posted, its id not stored
    "hand": "hand:9",  # round 3's first hand on its way, the others not
}


@pytest.fixture(params=["sqlite", "postgresql"])
async def crashing(
    request: pytest.FixtureRequest, loopback: LoopbackDiscord, tmp_path: Path
) -> AsyncIterator[Server]:
    world = Server.create(loopback, tmp_path, MEMBERS)
    if request.param == "postgresql":
        world.database = request.getfixturevalue("postgres_url")
    async with stopped_without_errors(world):
        yield world


async def killed_and_restarted(bot: BotProcess) -> None:
    """Waits for the armed crash point to kill the bot, then starts it again without it."""
    assert await bot.wait_exit(within=60) == -9
    del bot.environment["WHYFIRST_CRASH_AT"]
    await bot.start()


def reveals_per_turn(table: Table) -> Counter[tuple[int, int]]:
    return Counter(
        turn
        for message in table.game_messages()
        if "revealed" in message.content
        and (turn := turn_in(message.content.splitlines()[0])) is not None
    )


@pytest.mark.parametrize("hands", ["dm", "channel"])
@pytest.mark.parametrize("point", list(POINTS))
async def test_a_game_killed_at_a_crash_point_shows_everything_once(
    crashing: Server, point: str, hands: str
) -> None:
    server = crashing
    # Clicks on a dead bot go unanswered, as they would on Discord.
    server.discord.expect_violation("not-acknowledged")
    bot = await server.start_bot_process(WHYFIRST_CRASH_AT=POINTS[point])
    players = server.players("Anne", "Ben", "Cleo", "Dan")
    table = Table(
        server.discord, server.games, players, seed=4, hands_in_channel=hands == "channel"
    )
    await table.open(pick_seconds=600, variant="standard", hands=hands)
    await table.play_turn()
    round_two = asyncio.create_task(table.play_turn())
    await killed_and_restarted(bot)
    assert await round_two == (1, 2)
    # Nobody clicks: round 3's hands come by themselves.
    await asyncio.gather(*(table.controls(player, 1, 3) for player in players))
    final = await table.play_to_the_end()

    reveals = reveals_per_turn(table)
    assert set(reveals.values()) == {1}, reveals
    assert len(reveals) == 25
    record = table.record()
    assert recorded_plays(record) == table.chosen_plays()
    assert (await replay(record, server.workdir))["totals"] == announced_totals(final)


@pytest.mark.parametrize("point", ["reveal:26", "result:1"])
async def test_a_game_killed_as_it_ends_shows_its_result_once_and_counts_once(
    crashing: Server, point: str
) -> None:
    """Killed once the last round message (the 26th, after the start's) went out, or the result
    too, before either was stored: the game is over in the database, and a closed game with
    something unshown is taken over like an open one."""
    server = crashing
    bot = await server.start_bot_process(WHYFIRST_CRASH_AT=point)
    anne, _ = players = server.players("Anne", "Ben")
    table = Table(server.discord, server.games, players, seed=6)
    await table.open(pick_seconds=600)
    play = asyncio.create_task(table.play_to_the_end())
    await killed_and_restarted(bot)
    final = await play

    results = [m for m in table.game_messages() if m.content.startswith("**Game over!**")]
    assert results == [final]
    assert set(reveals_per_turn(table).values()) == {1}
    board = await anne.slash(server.games, "whyfirst leaderboard", metric="points")
    assert board.message is not None
    assert all(f"{p.mention} — " in board.message.content for p in players)
    assert board.message.content.count(" in 1 game ") == 2, board.message.content


def last_reveal_held(server: Server) -> Callable[[Table], TurnHook]:
    """Before a table's last turn, Discord holds its next message back for a while (a 429): the
    last table's closing is heard, and the next game seated, before its last round is shown."""

    def hook(table: Table) -> TurnHook:
        async def before_turn(stage: int, round_: int) -> None:
            if stage == STAGES and round_ >= ROUNDS - 1:
                server.discord.inject_rate_limits(
                    1, retry_after=3.0, path_contains=f"/channels/{table.channel.id}/messages"
                )

        return before_turn

    return hook


@pytest.mark.parametrize("point", ["seating:1", "seating:3"])
async def test_a_league_night_killed_while_seating_makes_one_thread_per_table(
    crashing: Server, point: str
) -> None:
    """Killed once a table's thread was made, before its players were greeted or its game
    noted: game 1's first table (seated by the Start click), or game 2's (seated once game 1's
    last table closed, its last round held back by Discord: game 1 is still being shown when
    the process dies). The restarted process shows what is left of game 1, seats what is left,
    and makes nothing twice."""
    server = crashing
    bot = await server.start_bot_process(WHYFIRST_CRASH_AT=point)
    players = server.players("Anne", "Ben", "Cleo", "Dan", "Eve")
    people = {player.id: player for player in players}
    post = await open_league(server, players[0], games=2, table_size=3, pick_seconds=600)
    await join_all(post, players[1:])
    await players[0].click(post, custom_id=league_button(post, "start"))
    crashed_in = 1 if point == "seating:1" else 2
    if crashed_in == 2:
        playing = asyncio.create_task(
            play_game(server, 1, people, count=2, before_turn=last_reveal_held(server))
        )
        await killed_and_restarted(bot)
        await playing
    else:
        await killed_and_restarted(bot)
    await play_game(server, crashed_in, people, count=2)
    if crashed_in == 1:
        await play_game(server, 2, people, count=2)
    await server.discord.wait_for(lambda: "🏆" in post.content, timeout=30, what="the champion")

    for game in (1, 2):
        threads = tables_of(server, game)
        assert len(threads) == 2, [t.name for t in threads]
        for thread in threads:
            said = [message.content for message in thread.messages()]
            assert said.count(said[0]) == 1, said[:3]  # its players greeted once
            assert len(seated(thread, people)) in (2, 3)


async def test_a_fleet_member_killed_as_it_stores_a_reveal_is_taken_over_and_shown_once(
    fleet: Server,
) -> None:
    """Two processes on one PostgreSQL database, the game's guild on shard 1, every DM click on
    shard 0. The shard-0 process dies as it stores round 2's last pick (its second reveal):
    the shard-1 process takes the game over, reveals the round and deals round 3's hands
    while the other is still down; restarted, that one shows nothing again."""
    fleet.discord.expect_violation("not-acknowledged")
    shard_0 = await fleet.start_bot_process(
        WHYFIRST_SHARD_COUNT="2", WHYFIRST_SHARD_IDS="0", WHYFIRST_CRASH_AT="commit:2"
    )
    await fleet.start_bot_process(WHYFIRST_SHARD_COUNT="2", WHYFIRST_SHARD_IDS="1")
    players = fleet.players("Anne", "Ben", "Cleo", "Dan")
    table = Table(fleet.discord, fleet.games, players, seed=8)
    await table.open(pick_seconds=600)
    await table.play_turn()
    round_two = asyncio.create_task(table.play_turn())
    assert await shard_0.wait_exit(within=60) == -9
    assert await round_two == (1, 2)
    await asyncio.gather(*(table.controls(player, 1, 3) for player in players))
    del shard_0.environment["WHYFIRST_CRASH_AT"]
    await shard_0.start()
    final = await table.play_to_the_end()

    assert set(reveals_per_turn(table).values()) == {1}
    record = table.record()
    assert recorded_plays(record) == table.chosen_plays()
    assert (await replay(record, fleet.workdir))["totals"] == announced_totals(final)
    # The game ended on the shard-0 process; the channel's (shard 1) knew it open, and asks.
    again = await players[0].slash(fleet.games, "whyfirst start")
    assert again.ephemeral_text is None, again.ephemeral_text


@pytest.mark.parametrize("point", ["commit:6", "reveal:6", "hand:18"])
async def test_a_game_killed_as_a_stage_ends_deals_the_next_stage_by_dm_once(
    crashing: Server, point: str
) -> None:
    """At a stage's end each DM hand is a new message: killed as round 5's last pick is stored,
    once its reveal went out, or with the next stage's first hand on its way (4 + 4 x 3 hands
    dealt before, then 4 at the deal). Each player gets stage 2's hand unasked, once, and no
    stage's DM shows another stage's cards."""
    server = crashing
    server.discord.expect_violation("not-acknowledged")
    bot = await server.start_bot_process(WHYFIRST_CRASH_AT=point)
    players = server.players("Anne", "Ben", "Cleo", "Dan")
    table = Table(server.discord, server.games, players, seed=9)
    await table.open(pick_seconds=600)
    for _ in range(4):
        await table.play_turn()
    round_five = asyncio.create_task(table.play_turn())
    await killed_and_restarted(bot)
    assert await round_five == (1, 5)
    await asyncio.gather(*(table.controls(player, 2, 1) for player in players))
    final = await table.play_to_the_end()

    assert set(reveals_per_turn(table).values()) == {1}
    for player in players:
        stages = [turn_in(dm.content) for dm in player.dms()]
        assert [turn[0] for turn in stages if turn] == [1, 2, 3, 4, 5], (player.name, stages)
    record = table.record()
    assert recorded_plays(record) == table.chosen_plays()
    assert (await replay(record, server.workdir))["totals"] == announced_totals(final)


@pytest.mark.parametrize("hands", ["dm", "channel"])
@pytest.mark.parametrize("point", ["commit:1", "hand:2"])
async def test_a_game_killed_as_it_starts_deals_every_first_hand(
    crashing: Server, point: str, hands: str
) -> None:
    """Killed once Start was stored and nothing shown, or with the first hands on their way.
    With the hands in the channel a first hand is the follow-up of its player's Join (or the
    host's Start): those clicks are stored with the seat and the start."""
    server = crashing
    bot = await server.start_bot_process(WHYFIRST_CRASH_AT=point)
    players = server.players("Anne", "Ben", "Cleo")
    table = Table(
        server.discord, server.games, players, seed=2, hands_in_channel=hands == "channel"
    )
    starting = asyncio.create_task(table.open(pick_seconds=600, hands=hands))
    await killed_and_restarted(bot)
    await starting
    await asyncio.gather(*(table.controls(player, 1, 1) for player in players))
    await table.play_turn()
    await server.discord.wait_for(lambda: table.current_turn() == (1, 2), what="round 2")
    starts = [m for m in table.game_messages() if "**Why First?**" in m.content.split("\n")[0]]
    assert len(starts) == 1
    assert reveals_per_turn(table) == {(1, 1): 1}


async def test_a_fleet_member_back_after_a_takeover_deals_the_hands_of_those_who_clicked_before(
    fleet: Server,
) -> None:
    """Hands in the channel, whose clicks all reach the shard-1 process. Two players pick, the
    process is killed, the shard-0 process takes the game over; restarted, the shard-1 process
    gets the other two picks and deals the next round: also to the two whose clicks it never
    saw (it reads the clicks logged with the game)."""
    fleet.discord.expect_violation("not-acknowledged")
    shard_0 = await fleet.start_bot_process(WHYFIRST_SHARD_COUNT="2", WHYFIRST_SHARD_IDS="0")
    shard_1 = await fleet.start_bot_process(WHYFIRST_SHARD_COUNT="2", WHYFIRST_SHARD_IDS="1")
    anne, ben, cleo, dan = players = fleet.players("Anne", "Ben", "Cleo", "Dan")
    table = Table(fleet.discord, fleet.games, players, seed=5, hands_in_channel=True)
    await table.open(pick_seconds=600, hands="channel")
    await table.play_turn()
    hands = {p.name: await table.controls(p, 1, 2) for p in players}
    await table.pick_all([(anne, hands["Anne"]), (ben, hands["Ben"])], 1, 2)
    await shard_1.kill()
    await fleet.discord.wait_for(
        lambda: any("took over the timers" in line for line in shard_0.stderr_lines),
        what="the game taken over by the shard-0 process",
    )
    await shard_1.start()
    await table.pick_all([(cleo, hands["Cleo"]), (dan, hands["Dan"])], 1, 2)
    await asyncio.gather(*(table.controls(player, 1, 3) for player in players))
