"""The web pages of a running bot (WHYFIRST_WEB_PORT), end to end: the final message's Replay
link opens the game's replay in headless Chromium, which steps to the last round with the
keyboard and shows the totals of the game's record; /whyfirst web on|off."""

from __future__ import annotations

from typing import Any

import aiohttp

from tests.e2e.browser import ARTEFACTS, browser_page, chromium, serve_web
from tests.e2e.results import replay
from tests.e2e.server import Server
from tests.e2e.table import Table
from tests.loopback import Message

TRACK_MIN, CELL = -12, 36
TOTALS_BY_FIGURE = (
    "rows => rows.map(row => [row.dataset.figure, row.querySelector('.total').textContent])"
)


def replay_link(final: Message) -> dict[str, Any]:
    (link,) = [button for button in final.buttons() if button.get("style") == 5]
    return link


async def test_the_replay_link_opens_a_page_that_steps_to_the_last_round_with_the_keyboard(
    server: Server,
) -> None:
    chromium()
    public = serve_web(server)
    await server.start_bot()
    players = server.players("Anne", "Ben", "Cleo")
    table = Table(server.discord, server.games, players, seed=41)
    await table.open(pick_seconds=600)
    final = await table.play_to_the_end()
    link = replay_link(final)
    assert link["label"] == "Replay"
    assert link["url"].startswith(f"{public}/g/")
    replayed = await replay(table.record(), server.workdir)

    async with browser_page(height=915) as (page, problems):
        await page.goto(link["url"])
        assert await page.text_content("#where") == "Before the first round (0/25)"
        for _ in range(25):
            await page.keyboard.press("ArrowRight")
        assert await page.text_content("#where") == "Stage 5 · Round 5 (25/25)"
        await page.evaluate("Promise.all(document.getAnimations().map(a => a.finished))")

        shown = await page.eval_on_selector_all(
            "#step-25 tbody tr",
            TOTALS_BY_FIGURE,
        )
        assert dict(shown) == {figure: str(total) for figure, total in replayed["totals"].items()}
        assert await page.is_visible("#result")
        final_totals = await page.eval_on_selector_all(
            "#totals tbody tr",
            TOTALS_BY_FIGURE,
        )
        assert dict(final_totals) == dict(shown)
        # The step's sentence is shown once, under the track; its own copy is for screen readers.
        sentence = await page.text_content("#step-25 .words")
        assert sentence
        assert await page.text_content("#track-words") == sentence
        assert await page.is_visible("#track-words")
        assert (
            await page.eval_on_selector("#step-25 .words", "p => p.getClientRects()[0].width") <= 1
        )
        # Each figure stands on its last space of the game.
        last_spaces = replayed["stages"][-1]["positions"][-1]
        centres = await page.eval_on_selector_all(
            "#track .figure", "discs => discs.map(disc => disc.style.transform)"
        )
        figures = list(last_spaces)
        for figure, transform in zip(figures, centres, strict=True):
            x = (last_spaces[figure] - TRACK_MIN) * CELL + CELL // 2
            assert transform.startswith(f"translate({x}px"), (figure, transform)
        assert not await page.is_visible("#step-24")

        await page.keyboard.press("ArrowLeft")
        assert await page.text_content("#where") == "Stage 5 · Round 4 (24/25)"
        assert not await page.is_visible("#result")
        await page.keyboard.press("End")
        await page.screenshot(path=str(ARTEFACTS / "replay-last-step.png"), full_page=True)
    assert problems == []


async def test_admins_turn_the_standings_page_on_and_off_and_others_may_not(
    server: Server,
) -> None:
    public = serve_web(server)
    await server.start_bot()
    anne, ben = server.players("Anne", "Ben")
    table = Table(server.discord, server.games, [anne, ben], seed=5)
    await table.open(pick_seconds=600)
    await table.play_to_the_end()
    moderator = server.add_member("Mo", manage_guild=True)

    refused = await anne.slash(server.games, "whyfirst web on")
    assert refused.ephemeral_text == (
        "Only members with Manage Server can turn this server's standings page on or off."
    )
    turned_on = await moderator.slash(server.games, "whyfirst web on")
    assert turned_on.ephemeral_text is not None
    link = turned_on.ephemeral_text.split("The standings page is on: ")[1].split("\n")[0]
    async with aiohttp.ClientSession() as http:
        async with http.get(link) as response:
            assert response.status == 200
            page = await response.text()
        assert "<title>Why First? standings — wins, all time</title>" in page
        assert "Anne" in page
        assert "Ben" in page
        # The page's own address carries a random token, which may hold any letters.
        token = link.split("?")[0].rstrip("/").rsplit("/", 1)[-1]
        assert "Mo" not in page.replace(token, "")

        again = await moderator.slash(server.games, "whyfirst web on")
        assert again.ephemeral_text == f"The standings page is already on: {link}"
        off = await moderator.slash(server.games, "whyfirst web off")
        assert off.ephemeral_text == "The standings page is off: its link no longer works."
        async with http.get(link) as response:
            assert response.status == 404
        # Without DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET there is no table.
        async with http.get(f"{public}/activity/") as response:
            assert response.status == 404
        fresh = await moderator.slash(server.games, "whyfirst web on")
        assert fresh.ephemeral_text is not None
        assert link not in fresh.ephemeral_text


async def test_a_bot_without_web_pages_has_no_replay_link_and_says_so(server: Server) -> None:
    await server.start_bot()
    anne, ben = server.players("Anne", "Ben")
    table = Table(server.discord, server.games, [anne, ben], seed=6)
    await table.open(pick_seconds=600)
    final = await table.play_to_the_end()
    assert [button for button in final.buttons() if button.get("style") == 5] == []
    moderator = server.add_member("Mo", manage_guild=True)
    answer = await moderator.slash(server.games, "whyfirst web on")
    assert answer.ephemeral_text is not None
    assert answer.ephemeral_text.startswith("This bot does not serve web pages")
