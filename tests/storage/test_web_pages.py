"""What the web pages read and write: a finished game by its replay token, and a server's
standings page turned on and off (SQLite and PostgreSQL)."""

from __future__ import annotations

from bot.storage import Storage
from tests.web.stored import T0, store_played_game

from .helpers import open_game, play_finished_game


async def test_every_game_gets_its_own_long_token_and_only_finished_games_are_found(
    storage: Storage,
) -> None:
    finished = await store_played_game(storage, [(1, "Anne"), (2, "Ben")], channel_id=201)
    lobby = await open_game(storage, [(1, "Anne"), (2, "Ben")], channel_id=202)
    assert finished.replay_token is not None
    assert lobby.replay_token is not None
    assert len(finished.replay_token) >= 32
    assert finished.replay_token != lobby.replay_token

    found = await storage.finished_game_by_token(finished.replay_token)
    assert found is not None
    assert found.id == finished.id
    assert await storage.finished_game_by_token(lobby.replay_token) is None
    assert await storage.finished_game_by_token("x" * 32) is None


async def test_a_standings_page_keeps_its_token_while_on_and_gets_a_fresh_one_when_turned_on_again(
    storage: Storage,
) -> None:
    assert await storage.standings_page_token(100) is None
    first = await storage.turn_standings_page_on(100, T0)
    assert await storage.turn_standings_page_on(100, T0) == first
    assert await storage.server_by_standings_token(first) == 100

    assert await storage.turn_standings_page_off(100) is True
    assert await storage.turn_standings_page_off(100) is False
    assert await storage.server_by_standings_token(first) is None

    second = await storage.turn_standings_page_on(100, T0)
    assert second != first
    assert await storage.server_by_standings_token(second) == 100


async def test_forgetting_a_server_turns_its_page_off_and_other_servers_keep_theirs(
    storage: Storage,
) -> None:
    gone = await storage.turn_standings_page_on(100, T0)
    kept = await storage.turn_standings_page_on(900, T0)
    await play_finished_game(storage, {1: [1, 0, 0, 0, 0], 2: [0, 0, 0, 0, 2]})
    await storage.forget_server(100)
    assert await storage.server_by_standings_token(gone) is None
    assert await storage.server_by_standings_token(kept) == 900


async def test_a_servers_pages_speak_the_language_of_its_latest_game(storage: Storage) -> None:
    assert await storage.latest_game_locale(100) is None
    await store_played_game(storage, [(1, "Anne"), (2, "Ben")], channel_id=201, locale="it")
    assert await storage.latest_game_locale(100) == "it"
