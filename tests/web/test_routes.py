"""The web pages over HTTP (aiohttp's test client, a real SQLite file): what a replay and a
standings page hold, their caching, and that nothing else is served."""

from __future__ import annotations

import re

import pytest
from aiohttp.test_utils import TestClient

import engine
from bot.clock import Clock
from bot.storage import GameRecord, NewGame, Storage
from tests.web.conftest import PUBLIC
from tests.web.stored import store_played_game

PEOPLE = [(11, "Anne"), (12, "Ben"), (13, "Cleo")]


def totals_in(html: str) -> dict[str, int]:
    """The final table's totals by figure."""
    section = html[html.index('<table id="totals">') :]
    rows = re.findall(r'<tr data-figure="([^"]+)".*?<td class="total">(-?\d+)</td>', section, re.S)
    return {figure: int(total) for figure, total in rows}


def expected_totals(record: GameRecord) -> dict[str, int]:
    assert record.state is not None
    replayed = engine.replay_record(engine.export_record(engine.state_from_dict(record.state)))
    return dict(zip(replayed.figures, replayed.totals, strict=True))


async def test_a_replay_shows_every_round_and_the_totals_the_engine_replays(
    storage: Storage, client: TestClient[object, object]
) -> None:
    game = await store_played_game(storage, PEOPLE, seed=3)
    response = await client.get(f"/g/{game.replay_token}")
    assert response.status == 200
    html = await response.text()
    assert response.headers["Content-Type"] == "text/html; charset=utf-8"
    assert totals_in(html) == {str(user): total for user, total in expected_totals(game).items()}
    assert html.count('<li class="step"') == 1 + engine.STAGES * engine.ROUNDS
    assert "<title>Why First? — replay of game" in html
    for _, name in PEOPLE:
        assert name in html
    image = f'<meta property="og:image" content="{PUBLIC}/g/{game.replay_token}/final.png?v='
    assert image in html
    assert re.search(r'<img class="picture" src="[^"]+" alt="Stage 5 · scoring\.', html)
    assert 'aria-labelledby="track-words"' in html


async def test_a_finished_games_page_is_immutable_and_answers_304_to_its_etag(
    storage: Storage, client: TestClient[object, object]
) -> None:
    game = await store_played_game(storage, PEOPLE)
    first = await client.get(f"/g/{game.replay_token}")
    assert "immutable" in first.headers["Cache-Control"]
    assert "max-age=86400" in first.headers["Cache-Control"]
    assert first.headers["X-Content-Type-Options"] == "nosniff"
    assert first.headers["Referrer-Policy"] == "no-referrer"
    assert "script-src 'sha256-" in first.headers["Content-Security-Policy"]
    again = await client.get(
        f"/g/{game.replay_token}", headers={"If-None-Match": first.headers["ETag"]}
    )
    assert again.status == 304
    assert await again.read() == b""


async def test_the_final_picture_is_a_png_cached_for_a_year(
    storage: Storage, client: TestClient[object, object]
) -> None:
    game = await store_played_game(storage, PEOPLE)
    response = await client.get(f"/g/{game.replay_token}/final.png")
    assert response.status == 200
    assert response.headers["Content-Type"] == "image/png"
    assert (await response.read()).startswith(b"\x89PNG\r\n\x1a\n")
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    again = await client.get(
        f"/g/{game.replay_token}/final.png", headers={"If-None-Match": response.headers["ETag"]}
    )
    assert again.status == 304


@pytest.mark.parametrize(
    "path", ["/", "/g/", "/g/" + "A" * 32, "/g/short", "/s/" + "A" * 32, "/games", "/g/../etc"]
)
async def test_unknown_addresses_are_404_and_nothing_is_listed(
    storage: Storage, client: TestClient[object, object], path: str
) -> None:
    await store_played_game(storage, PEOPLE)
    response = await client.get(path)
    assert response.status == 404


async def test_a_game_not_finished_has_no_replay(
    storage: Storage, client: TestClient[object, object]
) -> None:
    lobby = await storage.create_game(
        NewGame(
            guild_id=100,
            channel_id=300,
            host_id=11,
            host_name="Anne",
            variant="standard",
            options={},
            seed=1,
            now=Clock(1.0).now(),
            lobby_deadline=None,
        )
    )
    assert (await client.get(f"/g/{lobby.replay_token}")).status == 404


async def test_robots_are_asked_to_stay_away(client: TestClient[object, object]) -> None:
    response = await client.get("/robots.txt")
    assert await response.text() == "User-agent: *\nDisallow: /\n"


async def test_a_replay_speaks_the_games_language(
    storage: Storage, client: TestClient[object, object]
) -> None:
    game = await store_played_game(storage, PEOPLE, locale="de")
    html = await (await client.get(f"/g/{game.replay_token}")).text()
    assert '<html lang="de">' in html
    assert "Wiederholung von Partie" in html
    assert "Durchgang 5 · Kartenrunde 5" in html


async def test_an_erased_player_shows_as_a_former_player_and_the_page_changes_its_etag(
    storage: Storage, client: TestClient[object, object]
) -> None:
    game = await store_played_game(storage, PEOPLE)
    before = await client.get(f"/g/{game.replay_token}")
    await storage.erase_person(11)
    after = await client.get(f"/g/{game.replay_token}")
    html = await after.text()
    assert "Anne" not in html
    assert "a former player" in html
    assert after.headers["ETag"] != before.headers["ETag"]
    assert "Ben" in html
    assert "Cleo" in html


async def test_a_two_player_game_shows_leos_cards(
    storage: Storage, client: TestClient[object, object]
) -> None:
    game = await store_played_game(storage, PEOPLE[:2], seed=5)
    html = await (await client.get(f"/g/{game.replay_token}")).text()
    assert totals_in(html) == {str(k): v for k, v in expected_totals(game).items()}
    assert '<tr data-figure="Leo">' in html
    assert "(its own)" in html


async def test_a_tactical_replay_lists_the_moves_in_order(
    storage: Storage, client: TestClient[object, object]
) -> None:
    game = await store_played_game(storage, PEOPLE, variant="tactical", seed=9)
    html = await (await client.get(f"/g/{game.replay_token}")).text()
    assert "Cards that moved it, in order" in html
    assert totals_in(html) == {str(k): v for k, v in expected_totals(game).items()}


async def test_the_space_column_names_the_start_as_the_pictures_do(
    storage: Storage, client: TestClient[object, object]
) -> None:
    game = await store_played_game(storage, PEOPLE, seed=3)
    html = await (await client.get(f"/g/{game.replay_token}")).text()
    cells = re.findall(r'<td class="space">([^<]*)</td>', html)
    assert cells
    # Every figure stands on the start before the first round: its step says so for each.
    assert all(cell.startswith("START") for cell in cells[: len(PEOPLE)]), cells[:8]
    assert not any(re.search(r"(^|→ )0( |$)", cell) for cell in cells)
