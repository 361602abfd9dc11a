"""Play anywhere: a player who installed the app to their account starts a game in a group DM,
or in a server that never invited the bot. The bot is no member there and REST cannot reach
the channel: the hands are in the channel whatever was asked, every message goes through a
player's click (at most 5 follow-ups each), and a message due when no click is fresh waits
for the next one."""

from __future__ import annotations

import asyncio
from collections import Counter

from tests.e2e.results import announced_totals, recorded_plays, replay
from tests.e2e.server import Server
from tests.e2e.stored import stored_turn
from tests.e2e.table import Table, turn_in
from tests.loopback import Message, Player, TextChannel

HANDS_HERE = "Hands: here in the channel"


def group_of_friends(server: Server, *names: str) -> tuple[list[Player], TextChannel]:
    """The first of them installed the app to their account; the others did not."""
    server.global_commands = True
    players = server.players(*names)
    players[0].install_app()
    return players, server.discord.add_group_dm("friends", *players)


async def test_a_whole_game_in_a_group_dm_of_three_needs_no_rest_at_all(server: Server) -> None:
    players, group = group_of_friends(server, "Anne", "Ben", "Cleo")
    await server.start_bot()
    table = Table(server.discord, group, players, hands_in_channel=True, seed=3)
    spent_before = server.discord.rate_limited_requests()

    lobby = await table.open(pick_seconds=600)
    assert any(HANDS_HERE in text for text, _ in lobby.revisions)
    final = await table.play_to_the_end()

    record = table.record()
    assert recorded_plays(record) == table.chosen_plays()
    assert (await replay(record, server.workdir))["totals"] == announced_totals(final)
    assert server.discord.rate_limited_requests() - spent_before == Counter()
    for player in players:
        assert player.dms() == []
    # The group keeps its own standings.
    board = await players[0].slash(group, "whyfirst leaderboard")
    assert board.message is not None
    for player in players:
        assert player.mention in board.message.content


async def test_in_a_server_that_never_invited_the_bot_the_hands_are_in_the_channel_anyway(
    server: Server,
) -> None:
    server.global_commands = True
    elsewhere = server.discord.add_guild("Elsewhere", with_bot=False)
    lounge = elsewhere.add_text_channel("lounge")
    players = server.players("Anne", "Ben")
    for player in players:
        elsewhere.add_member(player)
    players[0].install_app()
    await server.start_bot()
    table = Table(server.discord, lounge, players, hands_in_channel=True, seed=2)
    spent_before = server.discord.rate_limited_requests()

    lobby = await table.open(hands="dm", pick_seconds=600)
    assert any(HANDS_HERE in text for text, _ in lobby.revisions)
    await table.play_to_the_end()
    assert server.discord.rate_limited_requests() - spent_before == Counter()
    assert all(player.dms() == [] for player in players)


async def test_a_reveal_due_when_no_click_is_fresh_waits_for_the_next_click(
    server: Server,
) -> None:
    players, group = group_of_friends(server, "Anne", "Ben")
    # 20 s to pick at 1/20 of real time: a round's deadline comes after a second.
    await server.start_bot(time_scale=0.05)
    ben = players[1]
    table = Table(server.discord, group, players, hands_in_channel=True)
    await table.open(pick_seconds=20)
    hands = [(player, await table.controls(player, 1, 1)) for player in players]
    await table.pick_all(hands, 1, 1)

    def round_message_of(round_: int) -> Message | None:
        """The round message that asks for the picks of stage 1's round `round_`."""
        return next(
            (m for m in table.round_messages() if turn_in(table.waiting_line(m)) == (1, round_)),
            None,
        )

    await server.discord.wait_for(lambda: round_message_of(2), what="round 2")
    # Everyone falls silent for more than 15 minutes: no token reaches the group any more.
    server.discord.expire_tokens()
    database = server.workdir / "whyfirst.sqlite3"
    await server.discord.wait_for(
        lambda: stored_turn(database) >= (1, 3), what="round 2 timed out and stored"
    )
    # Nothing holds a change back but the wait for a click: a reveal that could be posted is
    # posted within ANSWERS_FIRST_SECONDS (0.25 s) of its commit, and a second is four times that.
    await asyncio.sleep(1.0)
    assert round_message_of(3) is None
    assert server.discord.rate_limited_requests()["POST /channels/{channel_id}/messages"] == 0

    # The next click of anyone in the game carries what was due, in order.
    current = table.round_message()
    assert current is not None
    shown = await ben.click(current, label="Show my hand")
    assert shown.ephemeral is not None
    reveal = await server.discord.wait_for(lambda: round_message_of(3), what="the due reveal")
    assert "ran out of time" in reveal.content
