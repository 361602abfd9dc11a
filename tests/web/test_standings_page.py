"""A server's standings on the web: only while its admins have them on, the same figures as
/whyfirst leaderboard, every metric and period, pages of 25."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from aiohttp.test_utils import TestClient

from bot.storage import Storage
from tests.storage.helpers import play_finished_game
from tests.web.stored import store_played_game

NOW = datetime(2026, 11, 25, 12, tzinfo=UTC)


def rows(html: str) -> list[list[str]]:
    table = html[html.index('<table id="standings">') :]
    found = re.findall(
        r'<tr><td class="rank">(\d+)</td><th scope="row">([^<]+)</th>(.*?)</tr>', table
    )
    return [[rank, name, *re.findall(r"<td>([^<]*)</td>", cells)] for rank, name, cells in found]


async def test_the_page_exists_only_while_on_and_lists_the_leaderboard(
    storage: Storage, client: TestClient[object, object]
) -> None:
    await play_finished_game(
        storage,
        {1: [3, 0, 0, 0, 2], 2: [0, 4, 0, 0, 0], 3: [0, 0, -2, 0, 0]},
        now=NOW,
        names={1: "Anne", 2: "Ben", 3: "Chris"},
    )
    await play_finished_game(
        storage,
        {1: [1, 0, 0, 0, 0], 2: [0, 0, 0, 0, 5]},
        now=NOW,
        names={1: "Anne", 2: "Ben"},
    )
    token = await storage.turn_standings_page_on(100, NOW)
    response = await client.get(f"/s/{token}")
    assert response.status == 200
    assert response.headers["Cache-Control"] == "no-cache"
    html = await response.text()
    # Ben won the first game (second-highest total), Anne the second.
    assert rows(html) == [
        ["1", "Anne", "1", "2", "50 %", "6"],
        ["1", "Ben", "1", "2", "50 %", "9"],
        ["3", "Chris", "0", "1", "0 %", "-2"],
    ]
    assert "<title>Why First? standings — wins, all time</title>" in html

    by_points = await (await client.get(f"/s/{token}?metric=points&period=all")).text()
    assert [row[1] for row in rows(by_points)] == ["Ben", "Anne", "Chris"]

    await storage.turn_standings_page_off(100)
    assert (await client.get(f"/s/{token}")).status == 404


async def test_ratings_are_shown_when_people_have_them_and_every_period_is_offered(
    storage: Storage, client: TestClient[object, object]
) -> None:
    await store_played_game(storage, [(11, "Anne"), (12, "Ben"), (13, "Cleo")], now=NOW)
    token = await storage.turn_standings_page_on(100, NOW)
    html = await (await client.get(f"/s/{token}?metric=rating&period=season")).text()
    assert len(rows(html)) == 3
    assert "(provisional)" in html
    for period in ("all", "season", "last_season"):
        assert f"?metric=rating&amp;period={period}" in html
    assert "period=week" not in html
    plain = await (await client.get(f"/s/{token}?metric=nonsense&period=forever&page=x")).text()
    for period in ("all", "week", "month", "season", "last_season", "year"):
        assert f"?metric=wins&amp;period={period}" in plain


async def test_the_page_speaks_the_servers_language(
    storage: Storage, client: TestClient[object, object]
) -> None:
    await store_played_game(storage, [(11, "Anne"), (12, "Ben")], locale="it", now=NOW)
    await storage.set_server_language(100, "de")
    token = await storage.turn_standings_page_on(100, NOW)
    html = await (await client.get(f"/s/{token}")).text()
    assert '<html lang="de">' in html
    assert "Rangliste" in html
