"""Games through their life: lobby, seats, transitions, message ids, export, restart."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta

import pytest

from bot.storage import (
    UNSET,
    AlreadySeated,
    ChannelBusy,
    GameClosed,
    GameFull,
    GameNotFinished,
    GameNotFound,
    NewSeat,
    NotInLobby,
    NotSeated,
    PlayerResult,
    StagePoints,
    StaleVersion,
    Storage,
    TransitionWrite,
    VacatedSeat,
)

from .helpers import T0, at, last_move, open_game, play_finished_game, start


async def test_a_new_game_is_a_lobby_with_the_host_seated(storage: Storage) -> None:
    game = await open_game(storage, [(1, "Anne")])
    assert game.status == "lobby"
    assert game.version == 1
    assert [(s.user_id, s.display_name, s.seat) for s in game.seats] == [(1, "Anne", 0)]
    assert json.loads(game.options_json) == {"turn_seconds": 60}
    assert game.created_at == T0
    assert game.lobby_deadline == T0 + timedelta(minutes=10)
    assert game.state is None
    assert await storage.game(game.id) == game
    assert await storage.active_game_in_channel(200) == game


async def test_one_open_game_per_channel(storage: Storage) -> None:
    first = await open_game(storage, channel_id=7)
    with pytest.raises(ChannelBusy) as refused:
        await open_game(storage, channel_id=7)
    assert refused.value.game_id == first.id
    other_channel = await open_game(storage, channel_id=8)
    assert other_channel.id != first.id
    await storage.commit_transition(
        TransitionWrite(
            game_id=first.id,
            expected_version=None,
            status="cancelled",
            now=at(1),
        )
    )
    again = await open_game(storage, channel_id=7)
    assert (await storage.active_game_in_channel(7)) == again


async def test_join_and_leave_keep_seats_in_order(storage: Storage) -> None:
    game = await open_game(storage, [(1, "Anne"), (2, "Ben"), (3, "Chris"), (4, "Dana")])
    assert [s.user_id for s in game.seats] == [1, 2, 3, 4]
    game = await storage.leave(
        VacatedSeat(
            game_id=game.id,
            user_id=2,
            expected_version=game.version,
            now=at(1),
        )
    )
    assert [(s.user_id, s.seat) for s in game.seats] == [(1, 0), (3, 1), (4, 2)]
    game = await storage.join(
        NewSeat(
            game_id=game.id,
            user_id=2,
            display_name="Ben again",
            expected_version=game.version,
            now=at(2),
        )
    )
    assert [(s.user_id, s.seat) for s in game.seats] == [(1, 0), (3, 1), (4, 2), (2, 3)]
    assert game.seat_of(2) is not None
    assert game.seat_of(2).display_name == "Ben again"  # type: ignore[union-attr]


async def test_players_joining_at_once_all_get_a_seat_of_their_own(storage: Storage) -> None:
    """Each join waits for the one before it (on PostgreSQL, the game's row lock), and then
    sees the seats it took."""
    game = await open_game(storage, [(1, "Anne")])
    joins = [
        storage.join(
            NewSeat(game_id=game.id, user_id=u, display_name=f"p{u}", expected_version=None, now=T0)
        )
        for u in range(2, 7)
    ]
    await asyncio.gather(*joins)
    seated = (await storage.game(game.id)).seats  # type: ignore[union-attr]
    assert sorted(seat.seat for seat in seated) == [0, 1, 2, 3, 4, 5]
    assert sorted(seat.user_id for seat in seated) == [1, 2, 3, 4, 5, 6]


async def test_join_refusals_say_why_and_change_nothing(storage: Storage) -> None:
    players = [(user_id, f"p{user_id}") for user_id in range(1, 7)]
    game = await open_game(storage, players)
    with pytest.raises(AlreadySeated):
        await storage.join(
            NewSeat(
                game_id=game.id,
                user_id=3,
                display_name="p3",
                expected_version=game.version,
                now=T0,
            )
        )
    with pytest.raises(GameFull) as full:
        await storage.join(
            NewSeat(
                game_id=game.id,
                user_id=7,
                display_name="p7",
                expected_version=game.version,
                now=T0,
            )
        )
    assert full.value.seats == 6
    game = await storage.leave(
        VacatedSeat(
            game_id=game.id,
            user_id=6,
            expected_version=game.version,
            now=T0,
        )
    )
    with pytest.raises(StaleVersion) as stale:
        await storage.join(
            NewSeat(
                game_id=game.id,
                user_id=7,
                display_name="p7",
                expected_version=game.version - 1,
                now=T0,
            )
        )
    assert (stale.value.expected, stale.value.actual) == (game.version - 1, game.version)
    with pytest.raises(NotSeated):
        await storage.leave(
            VacatedSeat(
                game_id=game.id,
                user_id=99,
                expected_version=game.version,
                now=T0,
            )
        )
    with pytest.raises(GameNotFound):
        await storage.join(
            NewSeat(
                game_id=12345,
                user_id=7,
                display_name="p7",
                expected_version=1,
                now=T0,
            )
        )
    assert await storage.game(game.id) == game
    running = await start(storage, game)
    with pytest.raises(NotInLobby):
        await storage.join(
            NewSeat(
                game_id=game.id,
                user_id=7,
                display_name="p7",
                expected_version=running.version,
                now=T0,
            )
        )
    with pytest.raises(NotInLobby):
        await storage.leave(
            VacatedSeat(
                game_id=game.id,
                user_id=1,
                expected_version=running.version,
                now=T0,
            )
        )


async def test_a_transition_appends_actions_and_bumps_the_version(storage: Storage) -> None:
    game = await start(storage, await open_game(storage), at(1))
    assert (game.status, game.started_at, game.deadline) == ("running", at(1), at(2))
    picked = await storage.commit_transition(
        TransitionWrite(
            game_id=game.id,
            expected_version=game.version,
            actor_id=1,
            actions=[{"type": "pick", "player": "Anne", "card": 3}],
            state={"stage": 1, "round": 1, "picked": ["Anne"]},
            now=at(1.5),
        )
    )
    assert picked.version == game.version + 1
    assert picked.state == {"stage": 1, "round": 1, "picked": ["Anne"]}
    assert picked.deadline == at(2), "an omitted deadline is kept"
    assert picked.updated_at == at(1.5)
    assert await storage.actions(game.id) == [
        {"type": "deal", "stage": 1},
        {"type": "pick", "player": "Anne", "card": 3},
    ]
    log = await storage.action_log(game.id)
    assert [(e["seq"], e["version"], e["actor_id"]) for e in log] == [
        (1, game.version, None),
        (2, picked.version, 1),
    ]
    cleared = await storage.commit_transition(
        TransitionWrite(
            game_id=game.id,
            expected_version=picked.version,
            actor_id=None,
            actions=[],
            deadline=None,
            now=at(2),
        )
    )
    assert cleared.deadline is None
    assert cleared.state == picked.state, "an omitted state is kept"


async def test_a_stale_or_duplicate_transition_writes_nothing(storage: Storage) -> None:
    game = await start(storage, await open_game(storage))
    pick = {"type": "pick", "player": "Anne", "card": 3}
    after = await storage.commit_transition(
        TransitionWrite(
            game_id=game.id,
            expected_version=game.version,
            actor_id=1,
            actions=[pick],
            state={"n": 1},
            now=at(1),
        )
    )
    with pytest.raises(StaleVersion) as duplicate:
        await storage.commit_transition(
            TransitionWrite(
                game_id=game.id,
                expected_version=game.version,
                actor_id=1,
                actions=[pick],
                state={"n": 2},
                status="finished",
                now=at(2),
            )
        )
    assert duplicate.value.actual == after.version
    assert await storage.game(game.id) == after
    assert await storage.actions(game.id) == [{"type": "deal", "stage": 1}, pick]


async def test_a_failed_transition_rolls_back_completely(storage: Storage) -> None:
    game = await start(storage, await open_game(storage))
    with pytest.raises(ValueError, match="one result per seated player"):
        await storage.commit_transition(last_move(game, [PlayerResult(1, 5, True)], at(1)))
    with pytest.raises(ValueError, match="not seated"):
        await storage.commit_transition(
            TransitionWrite(
                game_id=game.id,
                expected_version=game.version,
                actor_id=None,
                actions=[{"type": "x"}],
                stage_points=[StagePoints(77, 1, 3, True)],
                now=at(1),
            )
        )
    with pytest.raises(ValueError, match="stage 6 does not exist"):
        await storage.commit_transition(
            TransitionWrite(
                game_id=game.id,
                expected_version=game.version,
                actor_id=None,
                actions=[{"type": "x"}],
                stage_points=[StagePoints(1, 6, 3, True)],
                now=at(1),
            )
        )
    assert await storage.game(game.id) == game
    assert await storage.actions(game.id) == [{"type": "deal", "stage": 1}]


async def test_stage_points_are_recorded_once_per_stage(storage: Storage) -> None:
    game = await start(storage, await open_game(storage))
    points = [StagePoints(1, 1, 4, True), StagePoints(2, 1, 0, False)]
    game = await storage.commit_transition(
        TransitionWrite(
            game_id=game.id,
            expected_version=game.version,
            actor_id=None,
            actions=[],
            stage_points=points,
            now=at(1),
        )
    )
    with pytest.raises(ValueError, match="already recorded"):
        await storage.commit_transition(
            TransitionWrite(
                game_id=game.id,
                expected_version=game.version,
                actor_id=None,
                actions=[{"type": "x"}],
                stage_points=points[:1],
                now=at(2),
            )
        )
    assert await storage.game(game.id) == game


async def test_status_moves_and_closed_games_stay_closed(storage: Storage) -> None:
    lobby = await open_game(storage)
    with pytest.raises(ValueError, match="from lobby to finished"):
        await storage.commit_transition(
            TransitionWrite(
                game_id=lobby.id,
                expected_version=None,
                status="finished",
                now=at(1),
            )
        )
    cancelled = await storage.commit_transition(
        TransitionWrite(
            game_id=lobby.id,
            expected_version=None,
            status="cancelled",
            now=at(1),
        )
    )
    assert (cancelled.status, cancelled.finished_at) == ("cancelled", at(1))
    with pytest.raises(GameClosed):
        await storage.commit_transition(
            TransitionWrite(
                game_id=lobby.id,
                expected_version=None,
                status="abandoned",
                now=at(2),
            )
        )
    with pytest.raises(GameClosed):
        await storage.commit_transition(
            TransitionWrite(
                game_id=lobby.id,
                expected_version=cancelled.version,
                actor_id=None,
                actions=[],
                now=at(2),
            )
        )
    running = await start(storage, await open_game(storage, channel_id=201))
    with pytest.raises(StaleVersion):
        await storage.commit_transition(
            TransitionWrite(
                game_id=running.id,
                expected_version=1,
                status="abandoned",
                now=at(3),
            )
        )
    abandoned = await storage.commit_transition(
        TransitionWrite(
            game_id=running.id,
            expected_version=None,
            status="abandoned",
            now=at(3),
        )
    )
    assert abandoned.status == "abandoned"
    assert await storage.active_games() == []


async def test_results_only_come_with_finishing(storage: Storage) -> None:
    game = await start(storage, await open_game(storage))
    with pytest.raises(ValueError, match="results"):
        await storage.commit_transition(
            TransitionWrite(
                game_id=game.id,
                expected_version=game.version,
                actor_id=None,
                actions=[],
                results=[PlayerResult(1, 3, True), PlayerResult(2, 1, False)],
                now=at(1),
            )
        )
    finished = await storage.commit_transition(
        TransitionWrite(
            game_id=game.id,
            expected_version=game.version,
            status="finished",
            now=at(2),
            results=[PlayerResult(1, 3, False), PlayerResult(2, 1, True)],
        )
    )
    assert finished.status == "finished"


async def test_message_ids_are_remembered_and_forgotten(storage: Storage) -> None:
    game = await open_game(storage)
    await storage.set_message_ids(game.id, lobby_message_id=11, round_message_id=22)
    await storage.set_message_ids(game.id, round_message_id=33, scoreboard_message_id=44)
    stored = await storage.game(game.id)
    assert stored is not None
    assert (stored.lobby_message_id, stored.round_message_id) == (11, 33)
    assert stored.message_ids["scoreboard_message_id"] == 44
    assert stored.version == game.version, "message ids do not bump the version"
    await storage.set_message_ids(game.id, lobby_message_id=None)
    stored = await storage.game(game.id)
    assert stored is not None
    assert stored.lobby_message_id is None
    with pytest.raises(GameNotFound):
        await storage.set_message_ids(999, lobby_message_id=1)


async def test_naive_times_are_refused(storage: Storage) -> None:
    with pytest.raises(ValueError, match="naive"):
        await open_game(storage, now=T0.replace(tzinfo=None))


async def test_the_finished_record_comes_from_the_database_alone(database: str) -> None:
    async with await Storage.open(database) as storage:
        game = await play_finished_game(
            storage,
            {1: [0, 3, 0, 0, 2], 2: [5, 0, 4, 0, 0]},
            {1: [2, 5], 2: [1, 3]},
            names={1: "Anne", 2: "Ben"},
            now=at(30),
        )
        with pytest.raises(GameNotFinished):
            await storage.finished_game_export(
                (await start(storage, await open_game(storage, channel_id=9))).id
            )
    async with await Storage.open(database) as reopened:
        export = await reopened.finished_game_export(game.id)
    assert export["game"]["id"] == game.id
    assert export["game"]["guild_id"] == 100
    assert export["game"]["seed"] == 42
    assert export["game"]["finished_at"] == at(30).isoformat()
    assert export["seats"] == [
        {"seat": 0, "user_id": 1, "display_name": "Anne"},
        {"seat": 1, "user_id": 2, "display_name": "Ben"},
    ]
    assert export["actions"] == [
        {"type": "deal", "stage": 1},
        {"type": "timeout", "stage": 5, "round": 5},
    ]
    assert export["results"] == [
        {"user_id": 1, "display_name": "Anne", "total": 5, "won": True},
        {"user_id": 2, "display_name": "Ben", "total": 9, "won": False},
    ]
    assert len(export["stage_points"]) == 10
    assert export["stage_points"][0] == {
        "user_id": 1,
        "display_name": "Anne",
        "stage": 1,
        "points": 0,
        "reached_second": False,
    }
    assert export["state"] == {"over": True}


async def test_a_restart_finds_open_games_as_they_were(database: str) -> None:
    async with await Storage.open(database) as storage:
        lobby = await open_game(storage, channel_id=1)
        running = await start(storage, await open_game(storage, channel_id=2), at(5))
        running = await storage.commit_transition(
            TransitionWrite(
                game_id=running.id,
                expected_version=running.version,
                actor_id=1,
                actions=[{"type": "pick", "player": "Anne"}],
                state={"picked": ["Anne"]},
                now=at(5.5),
            )
        )
        await storage.set_message_ids(running.id, round_message_id=555)
        await play_finished_game(storage, {1: [1], 2: [2]}, channel_id=3)
    async with await Storage.open(database) as restarted:
        recovered = await restarted.active_games()
        assert recovered == [lobby, await restarted.game(running.id)]
        again = recovered[1]
        assert again.state == {"picked": ["Anne"]}
        assert again.deadline == at(6)
        assert again.round_message_id == 555
        assert await restarted.actions(running.id) == [
            {"type": "deal", "stage": 1},
            {"type": "pick", "player": "Anne"},
        ]


async def test_unset_means_keep(storage: Storage) -> None:
    game = await start(storage, await open_game(storage))
    kept = await storage.commit_transition(
        TransitionWrite(
            game_id=game.id,
            expected_version=game.version,
            actor_id=None,
            actions=[],
            state=UNSET,
            deadline=UNSET,
            now=at(1),
        )
    )
    assert (kept.state, kept.deadline) == (game.state, game.deadline)


async def test_bot_settings_survive_a_restart(database: str) -> None:
    async with await Storage.open(database) as storage:
        assert await storage.get_setting("commands_hash") is None
        await storage.set_setting("commands_hash", "abc")
        await storage.set_setting("commands_hash", "def")
        await storage.set_setting("other", "x")
        await storage.set_setting("other", None)
    async with await Storage.open(database) as storage:
        assert await storage.get_setting("commands_hash") == "def"
        assert await storage.get_setting("other") is None
