"""AI players fill empty seats: the host adds and removes them in the lobby, they play as soon
as their turn begins, the record names them and replays to what was announced, and a bot that
restarts in the middle of a round, or whose AI process is killed, lets them finish it."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path
from typing import Any

from tests.e2e.results import replay
from tests.e2e.server import Server
from tests.e2e.table import Table, lobby_button
from tests.loopback import Message
from tests.loopback.harness import BotProcess

ROW = re.compile(r"^(.+?): .* = \*\*(-?\d+)\*\*$")


async def open_with_ai(table: Table, ai_players: int, **options: Any) -> Message:
    """/whyfirst start by the host, Join by the other people, Add AI, then Start."""
    opened = await table.host.slash(table.channel, "whyfirst start", pick_seconds=600, **options)
    assert opened.ephemeral_text is None, opened.ephemeral_text
    lobby = opened.message or table.channel.last_message()
    table.lobby = lobby
    for player in table.players[1:]:
        await player.click(lobby, custom_id=lobby_button(lobby, "join"))
    for count in range(1, ai_players + 1):
        added = await table.host.click(lobby, custom_id=lobby_button(lobby, "add_ai"))
        assert added.ephemeral_text is None, added.ephemeral_text
        await table.discord.wait_for(
            lambda count=count: lobby.content.count("(AI)") == count, what=f"AI player {count}"
        )
    return lobby


def totals_by_id(final: Message, names: dict[str, str]) -> dict[str, int]:
    """The final message's totals, keyed as the record keys players."""
    ids_by_name = {name: player for player, name in names.items()}
    totals = {}
    for line in final.content.splitlines():
        found = ROW.match(line.strip())
        if found:
            who = found[1]
            mention = re.fullmatch(r"<@(\d+)>", who)
            key = mention[1] if mention else ids_by_name.get(who, who)
            totals[key] = int(found[2])
    return totals


async def assert_every_round_revealed_once(table: Table, final: Message, server: Server) -> None:
    """All 25 reveals posted, none twice, and the record replays to the announced totals."""
    titles = [m.content.splitlines()[0] for m in table.game_messages() if " revealed" in m.content]
    assert len(titles) == len(set(titles)) == 25
    record = table.record()
    replayed = await replay(record, server.workdir)
    assert replayed["totals"] == totals_by_id(final, record["names"])


async def test_one_person_and_two_ai_players_play_a_whole_game(server: Server) -> None:
    await server.start_bot()
    anne = server.members["Anne"]
    table = Table(server.discord, server.games, [anne], seed=21)
    lobby = await open_with_ai(table, 2, ai_level="casual")
    seats = [line for line in lobby.content.splitlines() if re.match(r"^\d\. ", line)]
    assert seats == [f"1. {anne.mention}", "2. 🤖 Ada (AI)", "3. 🤖 Alan (AI)"]
    assert "AI players: casual" in lobby.content
    await table.start()
    final = await table.play_to_the_end()

    record = table.record()
    assert record["ai"] == {player: "casual" for player in record["players"][1:]}
    assert record["names"][record["players"][1]] == "🤖 Ada"
    replayed = await replay(record, server.workdir)
    assert replayed["totals"] == totals_by_id(final, record["names"])
    assert "🤖 Ada" in final.content
    # Only Anne got DMs; nobody was ever pinged by an AI player's name.
    assert anne.dms()
    assert all("<@-" not in m.content for m in table.game_messages())


async def test_only_the_host_adds_or_removes_ai_players(server: Server) -> None:
    await server.start_bot()
    anne, ben = server.players("Anne", "Ben")
    table = Table(server.discord, server.games, [anne, ben])
    lobby = await open_with_ai(table, 1)
    refused = await ben.click(lobby, custom_id=lobby_button(lobby, "add_ai"))
    assert refused.ephemeral_text == "Only the host can add or remove AI players."
    refused = await ben.click(lobby, custom_id=lobby_button(lobby, "remove_ai"))
    assert refused.ephemeral_text == "Only the host can add or remove AI players."
    removed = await anne.click(lobby, custom_id=lobby_button(lobby, "remove_ai"))
    assert removed.ephemeral_text is None
    await server.discord.wait_for(lambda: "🤖" not in lobby.content, what="the AI player gone")
    nothing = await anne.click(lobby, custom_id=lobby_button(lobby, "remove_ai"))
    assert nothing.ephemeral_text == "There is no AI player to remove."


async def test_one_person_and_one_ai_player_play_with_leo(server: Server) -> None:
    await server.start_bot()
    anne = server.members["Anne"]
    table = Table(server.discord, server.games, [anne], seed=22)
    await open_with_ai(table, 1)
    await table.start()
    await table.play_turn()
    reveal = await server.discord.wait_for(
        lambda: next((m for m in table.game_messages() if "Round 1 revealed" in m.content), None),
        what="the first reveal",
    )
    assert "Leo played" in reveal.content


async def a_round_with_three_ai_players(server: Server, seed: int) -> tuple[BotProcess, Table]:
    """A bot process, and Anne's game with three AI players once its first round is played."""
    bot = await server.start_bot_process()
    table = Table(server.discord, server.games, [server.members["Anne"]], seed=seed)
    await open_with_ai(table, 3)
    await table.start()
    await table.play_turn()
    return bot, table


async def test_ai_players_finish_a_round_after_the_bot_restarts(server: Server) -> None:
    bot, table = await a_round_with_three_ai_players(server, seed=23)
    # Killed in the middle of round 2, Anne's pick still to come (an AI player that had not
    # picked yet picks after the restart, as it would have): the round goes on. Round 1's
    # reveal is out first (her click redraws her hand as round 2's before it is posted).
    await table.controls(table.players[0], 1, 2)
    await server.discord.wait_for(
        lambda: table.round_message() is not table.acted_on, what="round 1 revealed"
    )
    await bot.kill()
    await bot.start()
    final = await table.play_to_the_end()

    await assert_every_round_revealed_once(table, final, server)


def ai_worker_of(bot_pid: int) -> int | None:
    """The bot's AI process: its spawned child (not multiprocessing's resource tracker)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            command = (stat.parent / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue  # ended meanwhile
        if parent == bot_pid and b"spawn_main" in command:
            return int(stat.parent.name)
    return None


async def test_ai_players_play_on_when_their_process_is_killed(server: Server) -> None:
    bot, table = await a_round_with_three_ai_players(server, seed=29)
    worker = ai_worker_of(bot.pid)
    assert worker is not None, "the AI players decided in a process of their own"
    os.kill(worker, signal.SIGKILL)
    final = await table.play_to_the_end()

    await assert_every_round_revealed_once(table, final, server)
    assert ai_worker_of(bot.pid) not in (None, worker), "a new AI process took over"
