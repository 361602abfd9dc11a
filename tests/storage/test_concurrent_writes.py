"""Writes from several connections at once (on PostgreSQL two pools, so they really run at
the same time): one open game per channel, and leaderboard sums that add up."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage import ChannelBusy, GameRecord, LeaderboardQuery, Storage

from .helpers import T0, finish, open_game, start


async def test_racing_to_open_a_game_in_one_channel_opens_one(database: str) -> None:
    async with await Storage.open(database) as first, await Storage.open(database) as second:

        async def open_one(task: int) -> GameRecord | ChannelBusy:
            storage = (first, second)[task % 2]
            try:
                return await open_game(storage, [(task, f"p{task}")], channel_id=77)
            except ChannelBusy as busy:
                return busy

        outcomes = await asyncio.gather(*(open_one(task) for task in range(1, 13)))
        opened = [outcome for outcome in outcomes if isinstance(outcome, GameRecord)]
        assert len(opened) == 1
        refusals = [outcome for outcome in outcomes if isinstance(outcome, ChannelBusy)]
        assert {refusal.game_id for refusal in refusals} == {opened[0].id}
        assert await second.active_game_in_channel(77) == opened[0]


async def test_games_with_the_same_players_finishing_at_once_add_up(
    database: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Each finish adds to the same players' sums; taken in user order, the rows are locked
    in one order, so PostgreSQL never has to break a deadlock by rolling one back."""
    players = [(user, f"p{user}") for user in range(1, 7)]
    async with await Storage.open(database) as first, await Storage.open(database) as second:
        running = []
        for channel in range(12):
            # Players in different orders, so the results and the sums they add to come in
            # different orders too.
            seated = players[channel % 6 :] + players[: channel % 6]
            if channel % 2:
                seated.reverse()
            game = await start(first, await open_game(first, seated, channel_id=channel))
            running.append((game, {user: [channel % 3, user, 0, 0, 1] for user, _ in seated}))
        finished = await asyncio.gather(
            *(
                finish((first, second)[channel % 2], game, points, now=T0)
                for channel, (game, points) in enumerate(running)
            )
        )
        assert {game.status for game in finished} == {"finished"}
        summed = await first.leaderboard(LeaderboardQuery(100, metric="points"))
        await first.rebuild_statistics()
        assert await first.leaderboard(LeaderboardQuery(100, metric="points")) == summed
        assert [row.figures.games for row in summed.rows] == [12] * 6
    assert [r.getMessage() for r in caplog.records if "running it again" in r.getMessage()] == []
