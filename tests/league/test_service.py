"""A league night played through its service on a real database: its tables' games are real
games stored as the bot stores them, and each one's end is the night's table result."""

from __future__ import annotations

import asyncio

import engine
from bot.clock import Clock
from bot.league.night import Join, Leave, Phase, Refused, Start, TableOpened
from bot.league.service import LeagueNights
from bot.league.store import LeagueRecord, LeagueStore
from bot.storage import GameStatus, Storage, TransitionWrite, player_id, user_id_of
from tests.storage.helpers import open_game, start
from tests.web.stored import store_played_game

from .leagues import opened_league

NAMES = {11: "Anne", 12: "Ben", 13: "Cleo", 14: "Dan", 15: "Eve"}


def nights(storage: Storage) -> LeagueNights:
    return LeagueNights(LeagueStore(storage.units), storage, Clock())


def played(outcome: LeagueRecord | Refused | None) -> LeagueRecord:
    assert isinstance(outcome, LeagueRecord), outcome
    return outcome


async def play_the_tables(
    storage: Storage, service: LeagueNights, league: LeagueRecord, winners: list[set[str]]
) -> LeagueRecord:
    """Every table of the current game gets a real game, played to its end; each game's
    winners (Leo among them, at a table of two) go to `winners`."""
    night = league.night
    for table in night.unopened_tables():
        people = [(user_id_of(p), NAMES[user_id_of(p)]) for p in night.tables[table]]
        game = await store_played_game(storage, people, seed=night.game * 10 + table)
        assert game.state is not None
        over = engine.final_result(engine.state_from_dict(game.state))
        assert over is not None
        winners.append(set(over.winners))
        league = played(await service.act(league.id, TableOpened(night.game, table, game.id)))
        league = played(await service.game_ended(game))
    return league


async def test_a_night_of_two_games_from_its_tables_games(storage: Storage) -> None:
    service = nights(storage)
    league = await opened_league(storage, NAMES)
    league = played(await service.act(league.id, Start()))
    assert [len(table) for table in league.night.tables] == [3, 2]

    winners: list[set[str]] = []
    league = await play_the_tables(storage, service, league, winners)
    assert league.night.game == 2
    assert league.phase is Phase.PLAYING
    league = await play_the_tables(storage, service, league, winners)

    assert league.phase is Phase.FINISHED
    board = league.night.standings()
    assert all(standing.played == 2 for standing in board)
    assert [set(p.result.winners) for p in league.night.played] == [
        found - {engine.LEO} for found in winners
    ]
    assert league.night.champion() == board[0].player
    assert await LeagueStore(storage.units).league(league.id) == league


async def test_an_abandoned_table_has_no_winner_and_its_sleepers_sit_no_more(
    storage: Storage,
) -> None:
    service = nights(storage)
    league = await opened_league(storage, dict(list(NAMES.items())[:4]))
    league = played(await service.act(league.id, Start()))
    people = [(user_id_of(p), NAMES[user_id_of(p)]) for p in league.night.tables[0]]
    game = await start(storage, await open_game(storage, people, channel_id=900))
    league = played(await service.act(league.id, TableOpened(1, 0, game.id)))
    game = await storage.commit_transition(
        TransitionWrite(
            game_id=game.id,
            expected_version=None,
            now=game.updated_at,
            status=GameStatus.ABANDONED,
        )
    )
    league = played(await service.game_ended(game))
    assert league.phase is Phase.FINISHED, "nobody is left to seat"
    assert all(s.played == 1 and s.points == 0 for s in league.night.standings())
    assert league.night.champion() is not None


async def test_a_game_of_no_league_is_nobodys_table(storage: Storage) -> None:
    game = await store_played_game(storage, [(11, "Anne"), (12, "Ben")])
    assert await nights(storage).game_ended(game) is None


async def test_two_processes_joining_at_once_both_land(storage: Storage) -> None:
    league = await opened_league(storage, dict(list(NAMES.items())[:3]))
    first, second = nights(storage), nights(storage)
    joined = await asyncio.gather(
        first.act(league.id, Join(player_id(14), 1000.0), {player_id(14): "Dan"}),
        second.act(league.id, Join(player_id(15), 1000.0), {player_id(15): "Eve"}),
    )
    assert all(isinstance(outcome, LeagueRecord) for outcome in joined)
    stored = await LeagueStore(storage.units).league(league.id)
    assert stored is not None
    assert set(stored.night.players) == {player_id(user) for user in NAMES}
    assert stored.names[player_id(15)] == "Eve"
    assert stored.version == 3


async def test_a_refused_action_changes_nothing(storage: Storage) -> None:
    service = nights(storage)
    league = await opened_league(storage, dict(list(NAMES.items())[:3]))
    assert await service.act(league.id, Start()) is Refused.TOO_FEW
    assert await service.act(league.id, Leave(player_id(99))) is Refused.NOT_IN
    assert await service.act(12345, Start()) is None
    assert await LeagueStore(storage.units).league(league.id) == league
