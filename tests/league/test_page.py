"""A league night's standings page (/l/<token>): the standings as the post shows them, each
game's tables with a link to each finished table's replay, in the night's language."""

from __future__ import annotations

from aiohttp.test_utils import TestClient, TestServer

from bot.clock import Clock
from bot.league.night import Start, TableOpened
from bot.league.page import LeaguePages
from bot.league.service import LeagueNights
from bot.league.store import LeagueRecord, LeagueStore
from bot.storage import Storage, user_id_of
from bot.web.server import WebPages
from tests.web.stored import store_played_game

from .leagues import opened_league

PUBLIC = "https://whyfirst.example.org"
NAMES = {11: "Anne", 12: "Ben", 13: "Cleo", 14: "Dan"}


async def one_game_played(storage: Storage) -> LeagueRecord:
    """A night of four at one table: its first game played and stored, its second seated."""
    nights = LeagueNights(LeagueStore(storage.units), storage, Clock())
    league = await opened_league(storage, NAMES)
    started = await nights.act(league.id, Start())
    assert isinstance(started, LeagueRecord)
    people = [(user_id_of(p), NAMES[user_id_of(p)]) for p in started.night.tables[0]]
    game = await store_played_game(storage, people)
    await nights.act(league.id, TableOpened(1, 0, game.id))
    after = await nights.game_ended(game)
    assert isinstance(after, LeagueRecord)
    return after


async def test_the_page_shows_the_standings_and_links_each_finished_tables_replay(
    storage: Storage,
) -> None:
    league = await one_game_played(storage)
    pages = LeaguePages(LeagueStore(storage.units), storage, PUBLIC)
    web = WebPages(storage, Clock(), PUBLIC, min_rated_games=1, more=[pages])
    async with TestClient(TestServer(web.application())) as client:
        response = await client.get(f"/l/{league.token}")
        assert response.status == 200
        html = await response.text()
        again = await client.get(
            f"/l/{league.token}", headers={"If-None-Match": response.headers["ETag"]}
        )
        assert again.status == 304
        assert (await client.get("/l/" + "x" * 32)).status == 404

    assert f"Why First? league night {league.id}" in html
    assert "Game 2 of 2 is being played at the tables." in html
    for standing in league.night.standings():
        assert f">{NAMES[user_id_of(standing.player)]}</th>" in html
    game = league.night.table_games[0][2]
    record = await storage.game(game)
    assert record is not None
    assert f'href="{PUBLIC}/g/{record.replay_token}"' in html
    assert pages.page_url(league) == f"{PUBLIC}/l/{league.token}"
    # Game 2 is seated but not yet played: its table says who sits there, without a link.
    assert html.count("Table A") == 2
