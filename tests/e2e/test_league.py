"""League nights end to end: opened by a slash command, joined by buttons, each game's tables
played at once in threads of the channel, the standings after every game, the champion at
the end; and the refusals that keep one from opening where it cannot run."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import Callable

import pytest

from bot.league.codec import night_from_dict
from bot.league.night import Night
from tests.e2e.server import Server
from tests.e2e.table import Table, TurnHook, buttons
from tests.loopback import Message, Player, TextChannel

MENTION = re.compile(r"<@(\d+)>")
LONG_PICKS = 600
"""Seconds a pick: at the tests' time scale, a minute of real time, far from every deadline."""


def league_button(post: Message, action: str) -> str:
    found = [b for b in buttons(post, "league") if b["custom_id"].split(":")[2] == action]
    assert found, f"no {action} button on {post.content!r}"
    return str(found[0]["custom_id"])


async def open_league(server: Server, host: Player, **options: int) -> Message:
    """The league the host opens in the games channel (`options`: the command's), its post."""
    opened = await host.slash(server.games, "whyfirst league open", **options)
    assert opened.ephemeral_text is None, opened.ephemeral_text
    return await server.discord.wait_for(
        lambda: next((m for m in server.games.messages() if buttons(m, "league")), None),
        what="the league's post",
    )


async def join_all(post: Message, players: list[Player]) -> None:
    for player in players:
        joined = await player.click(post, custom_id=league_button(post, "join"))
        assert joined.ephemeral_text is None, joined.ephemeral_text


def tables_of(server: Server, game: int) -> list[TextChannel]:
    """The threads of the league's channel seated for `game`, table A first."""
    threads = [
        channel
        for channel in server.discord.world.channels.values()
        if channel.thread is not None and f"· game {game} ·" in channel.name
    ]
    return [TextChannel(server.discord, thread) for thread in sorted(threads, key=lambda c: c.id)]


def seated(thread: TextChannel, people: dict[int, Player]) -> list[Player]:
    """The players the thread's first message seats, in their seats' order."""
    first = thread.messages()[0]
    return [people[int(user)] for user in MENTION.findall(first.content)]


def stored_night(server: Server) -> Night:
    with sqlite3.connect(server.workdir / "whyfirst.sqlite3") as db:
        (state,) = db.execute("SELECT state FROM leagues").fetchone()
    db.close()
    return night_from_dict(json.loads(state))


async def first_rounds_shown(server: Server, game: int, count: int) -> list[TextChannel]:
    """Game `game`'s `count` tables, once each thread shows its first round."""
    threads = await server.discord.wait_for(
        lambda: (found := tables_of(server, game)) and len(found) == count and found,
        timeout=30,
        what=f"game {game}'s {count} tables",
    )
    for thread in threads:
        await server.discord.wait_for(
            lambda t=thread: any(buttons(m, "hand") for m in t.messages()),
            timeout=30,
            what=f"{thread.name}'s first round",
        )
    return threads


async def play_game(
    server: Server,
    game: int,
    people: dict[int, Player],
    count: int,
    before_turn: Callable[[Table], TurnHook] | None = None,
) -> None:
    """`before_turn(table)`: that table's hook before each of its turns, if any."""
    tables = [
        Table(server.discord, thread, seated(thread, people), seed=thread.id % 97)
        for thread in await first_rounds_shown(server, game, count)
    ]
    await asyncio.gather(
        *(table.play_to_the_end(before_turn and before_turn(table)) for table in tables)
    )


async def test_a_league_night_of_five_plays_two_games_at_two_tables_to_a_champion(
    server: Server,
) -> None:
    await server.start_bot()
    players = server.players("Anne", "Ben", "Cleo", "Dan", "Eve")
    people = {player.id: player for player in players}
    anne = players[0]
    post = await open_league(server, anne, games=2, table_size=3, pick_seconds=LONG_PICKS)
    assert "1. Anne" in post.content
    early = await anne.click(post, custom_id=league_button(post, "start"))
    assert early.ephemeral_text == "A league night needs at least 4 players."
    await join_all(post, players[1:])
    assert "5 players in" in post.content
    again = await players[1].click(post, custom_id=league_button(post, "join"))
    assert again.ephemeral_text == "You are already in this league night."
    not_host = await players[1].click(post, custom_id=league_button(post, "start"))
    assert not_host.ephemeral_text == "Only the host or a server manager can do that."

    started = await anne.click(post, custom_id=league_button(post, "start"))
    assert started.ephemeral_text is None, started.ephemeral_text
    assert "Game 1 of 2" in post.content

    await play_game(server, 1, people, count=2)
    await server.discord.wait_for(
        lambda: "Game 2 of 2" in post.content, timeout=30, what="game 2 seated"
    )
    after_one = stored_night(server)
    assert [len(table) for table in after_one.tables] == [3, 2]
    # Game 2 seats by the standings: the best of game 1 at table A.
    assert after_one.tables[0][0] == after_one.standings()[0].player

    await play_game(server, 2, people, count=2)
    await server.discord.wait_for(lambda: "🏆" in post.content, timeout=30, what="the champion")

    night = stored_night(server)
    board = night.standings()
    assert all(standing.played == 2 for standing in board)
    champion = people[int(board[0].player)]
    assert f"**{champion.name}** is the champion of the night!" in post.content
    assert buttons(post, "league") == []
    assert [attachment.filename for attachment in post.attachments] == ["standings.png"]
    for place, standing in enumerate(board, start=1):
        name = people[int(standing.player)].name
        assert f"{place}. {name}: {standing.points} pts" in post.content


def stored_results(server: Server, night: Night) -> dict[int, tuple[str, ...]]:
    """Each table game's winners among the people, as the games' records keep them."""
    with sqlite3.connect(server.workdir / "whyfirst.sqlite3") as db:
        found = {
            game_id: tuple(
                str(user)
                for (user,) in db.execute(
                    "SELECT user_id FROM results WHERE game_id = ? AND won = 1", (game_id,)
                )
            )
            for _, _, game_id in night.table_games
        }
    db.close()
    return found


async def test_ten_people_three_games_a_leaver_and_a_restart_lose_nothing(
    server: Server,
) -> None:
    """The issue's night: tables of 4 + 3 + 3, a player leaving after game 1, the bot killed
    in the middle of game 2 and started again; standings as the games' records say."""
    bot = await server.start_bot_process()
    for name in ("Hana", "Ivo", "Jo"):
        server.add_member(name)
    players = server.players(
        "Anne", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo"
    )
    people = {player.id: player for player in players}
    post = await open_league(server, players[0], games=3, table_size=4, pick_seconds=LONG_PICKS)
    await join_all(post, players[1:])
    started = await players[0].click(post, custom_id=league_button(post, "start"))
    assert started.ephemeral_text is None, started.ephemeral_text

    await play_game(server, 1, people, count=3)
    assert [len(t) for t in stored_night(server).played_tables(1)] == [4, 3, 3]
    await server.discord.wait_for(lambda: "Game 2 of 3" in post.content, what="game 2 seated")
    leaver = people[int(stored_night(server).tables[2][0])]
    left = await leaver.click(post, custom_id=league_button(post, "leave"))
    assert left.ephemeral_text is None, left.ephemeral_text

    # Game 2: one turn at every table, then the bot is killed and started again.
    tables = [
        Table(server.discord, thread, seated(thread, people), seed=thread.id % 89)
        for thread in await first_rounds_shown(server, 2, count=3)
    ]
    await asyncio.gather(*(table.play_turn() for table in tables))
    for table in tables:
        await server.discord.wait_for(
            lambda t=table: t.current_turn() == (1, 2), timeout=30, what="round 2 revealed"
        )
    # One pick of round 2 is in when the bot dies: it is kept, as any game's.
    first = tables[0].players[0]
    hand = await tables[0].controls(first, 1, 2)
    await tables[0].pick_all([(first, hand)], 1, 2)
    await server.discord.wait_for(lambda: "You played" in hand.content, what="the pick kept")
    await bot.kill()
    await bot.start()
    rest = [player for player in tables[0].players if player is not first]
    hands = [(player, await tables[0].controls(player, 1, 2)) for player in rest]
    await tables[0].pick_all(hands, 1, 2)
    await asyncio.gather(*(table.play_to_the_end() for table in tables))

    await play_game(server, 3, people, count=3)
    await server.discord.wait_for(lambda: "🏆" in post.content, timeout=30, what="the champion")
    night = stored_night(server)
    assert leaver.id not in {int(p) for table in night.played_tables(3) for p in table}
    assert [len(t) for t in night.played_tables(3)] == [3, 3, 3]
    # The standings are what the stored records of the tables' games make them.
    won = stored_results(server, night)
    for standing in night.standings():
        expected = 0
        for _, _, game_id in night.table_games:
            winners = won[game_id]
            if standing.player in winners:
                expected += 3 if len(winners) == 1 else 2
        assert standing.points == expected, standing
    assert sorted(p.game for p in night.played) == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    champion = people[int(night.standings()[0].player)]
    assert f"**{champion.name}** is the champion of the night!" in post.content


async def test_the_host_ends_the_night_early_with_the_standings_as_they_stand(
    server: Server,
) -> None:
    await server.start_bot()
    players = server.players("Anne", "Ben", "Cleo", "Dan")
    post = await open_league(server, players[0], games=2, table_size=4)
    await join_all(post, players[1:])
    cancel = await players[1].click(post, custom_id=league_button(post, "cancel"))
    assert cancel.ephemeral_text == "Only the host or a server manager can do that."
    await players[0].click(post, custom_id=league_button(post, "start"))
    ended = await players[0].click(post, custom_id=league_button(post, "end"))
    assert ended.ephemeral_text is None, ended.ephemeral_text
    assert "no champion" in post.content
    assert buttons(post, "league") == []
    night = stored_night(server)
    assert night.phase.value == "finished"


@pytest.mark.parametrize(
    ("permission", "named"),
    [
        ("create_public_threads", "Create Public Threads"),
        ("send_messages_in_threads", "Send Messages in Threads"),
        ("send_messages", "Send Messages"),
        ("embed_links", "Embed Links"),
        ("attach_files", "Attach Files"),
        ("read_message_history", "Read Message History"),
    ],
)
async def test_a_league_is_refused_where_the_bot_cannot_make_its_tables(
    server: Server, permission: str, named: str
) -> None:
    await server.start_bot()
    await server.games.deny_bot(permission)
    anne = server.players("Anne")[0]
    refused = await anne.slash(server.games, "whyfirst league open")
    assert refused.ephemeral_text is not None
    assert named in refused.ephemeral_text
    assert not [m for m in server.games.messages() if buttons(m, "league")]


async def test_a_league_is_refused_where_it_cannot_have_threads_of_its_own(
    server: Server,
) -> None:
    """In the bot's DMs, in a group DM and in a server that never invited the bot (a user
    install reaches it), one sentence each, and nothing posted."""
    server.global_commands = True
    elsewhere = server.discord.add_guild("Elsewhere", with_bot=False)
    lounge = elsewhere.add_text_channel("lounge")
    anne, ben = server.players("Anne", "Ben")
    elsewhere.add_member(anne)
    anne.install_app()
    group = server.discord.add_group_dm("friends", anne, ben)
    await server.start_bot()
    in_dm = await anne.slash(anne.dm_with_the_bot(), "whyfirst league open")
    assert in_dm.ephemeral_text == "This works only in a server channel."
    in_group = await anne.slash(group, "whyfirst league open")
    assert in_group.ephemeral_text == "This works only in a server channel."
    without_the_bot = await anne.slash(lounge, "whyfirst league open")
    assert without_the_bot.ephemeral_text == (
        "A league night needs the bot in this server: ask an admin to add it, then try again."
    )
    assert lounge.messages() == []
    assert group.messages() == []
