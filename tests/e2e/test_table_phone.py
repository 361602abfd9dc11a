"""On a phone the table shows the board: held upright (390 × 844, as Discord's phone apps open an
Activity) the track is laid out in rows of ten, every space and figure inside the screen, and
nothing wider than it; at a desktop panel's width it is one row again, and on a phone on its
side too, the board staying in sight as the page scrolls."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Frame, expect

from tests.e2e.browser import ARTEFACTS, browser_pages, chromium
from tests.e2e.server import Server
from tests.e2e.table import Table
from tests.e2e.test_ai_players import open_with_ai
from tests.e2e.test_table_live import game_of
from tests.table.at_the_table import discord_client, seat_at_the_table
from tests.table.discord_client import DiscordClient

__all__ = ["discord_client"]

AXE = Path(__file__).resolve().parents[2] / "activity" / "node_modules" / "axe-core" / "axe.min.js"
WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SPACES = 29
TOUCH_TARGET = 44
"""CSS pixels on a control's short side, at the least (#46: a thumb's size)."""
SMALLEST_TEXT = """() => {
    const sizes = [];
    for (const element of document.querySelectorAll("#table *")) {
        if (!element.getClientRects().length) continue;
        const own = [...element.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        if (!own) continue;
        const svg = element.ownerSVGElement;
        const scale = svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 1;
        sizes.push([parseFloat(getComputedStyle(element).fontSize) * scale, element.textContent]);
    }
    return sizes.sort((a, b) => a[0] - b[0])[0];
}"""
"""The smallest text the table shows (CSS pixels, an SVG's text as drawn), and what it says."""
WIDEST_OVERFLOW = """() => Math.max(...[...document.querySelectorAll("body *")].map(
    (element) => element.getBoundingClientRect().right)) - document.documentElement.clientWidth"""


def inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    return (
        outer["x"] <= inner["x"]
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"]
        and outer["y"] <= inner["y"]
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"]
    )


async def serious_violations(table: Frame) -> list[dict[str, Any]]:
    """What axe-core finds against WCAG 2.2 AA in the table that is serious or critical."""
    if not AXE.exists():
        pytest.skip("axe-core is not installed: make browser-code installs activity/'s packages")
    await table.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = await table.evaluate(
        """async (tags) => (await axe.run(document, {runOnly: {type: "tag", values: tags}}))
            .violations.filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => ({id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.html)}))""",
        WCAG_22_AA,
    )
    return found


async def board_of(table: Frame) -> dict[str, float]:
    box = await table.locator("#track").bounding_box()
    assert box is not None, "the board is not drawn"
    return box


async def test_on_a_phone_the_board_is_in_sight_in_rows_and_nothing_overflows(
    server: Server, discord_client: DiscordClient
) -> None:
    anne, ben, cleo = server.players("Anne", "Ben", "Cleo")
    await game_of(server, [anne, ben, cleo])
    async with browser_pages(height=844, count=1, width=390) as ((page,), problems):
        table, _ = await seat_at_the_table(page, discord_client, anne, server)
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 1")
        track = table.locator("#track")
        await expect(track).to_have_class("rows")
        await expect(track.locator("rect.cell")).to_have_count(SPACES)
        await expect(track.locator(".figure")).to_have_count(3)
        board = await board_of(table)
        viewport = page.viewport_size
        assert viewport is not None
        assert 300 <= board["width"] <= viewport["width"]
        assert board["height"] >= 150
        for figure in await track.locator(".figure").all():
            disc = await figure.bounding_box()
            assert disc is not None
            assert inside(disc, board), (disc, board)
        assert await table.evaluate(WIDEST_OVERFLOW) <= 0
        for control in await table.get_by_role("button").all():
            size = await control.bounding_box()
            assert size is not None
            assert min(size["width"], size["height"]) >= TOUCH_TARGET, await control.inner_text()
        assert await serious_violations(table) == []
        await page.screenshot(path=str(ARTEFACTS / "table-phone.png"), full_page=True)

        # Turned into a wide desktop panel, the same table draws the track in one row.
        await page.set_viewport_size({"width": 1280, "height": 800})
        await expect(track).not_to_have_class("rows")
        await expect(track.locator("rect.cell")).to_have_count(SPACES)
        assert (await board_of(table))["height"] < board["height"]
        assert await serious_violations(table) == []
        await page.screenshot(path=str(ARTEFACTS / "table-desktop.png"), full_page=True)

        # A phone on its side has no height for rows: one row, its text drawn larger, and the
        # board stays in sight (at the top) when the page is scrolled down to the hand.
        await page.set_viewport_size({"width": 844, "height": 390})
        await expect(track).not_to_have_class("rows")
        # One row before and after: the class cannot tell that the page has handled the resize;
        # the board's text size (set by the resize's handler) does, once it is no longer 15 px.
        await table.wait_for_function(
            "() => parseFloat(document.getElementById('track').style.getPropertyValue('--text'))"
            " > 15"
        )
        smallest, text = await table.evaluate(SMALLEST_TEXT)
        assert smallest >= 14 - 0.01, (smallest, text)
        assert await table.evaluate(WIDEST_OVERFLOW) <= 0
        await table.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        await table.get_by_role("region", name="Your hand").scroll_into_view_if_needed()
        sideways = await board_of(table)
        assert sideways["y"] >= 0, sideways
        assert sideways["y"] + sideways["height"] <= 390, sideways
        await page.screenshot(path=str(ARTEFACTS / "table-phone-sideways.png"))
        # A tablet held upright: rows, inside the screen.
        await page.set_viewport_size({"width": 768, "height": 1024})
        await expect(track).to_have_class("rows")
        assert await table.evaluate(WIDEST_OVERFLOW) <= 0
        smallest, text = await table.evaluate(SMALLEST_TEXT)
        assert smallest >= 14 - 0.01, (smallest, text)
    assert problems == []


async def test_a_table_whose_socket_died_silently_catches_up_when_it_comes_back(
    server: Server, discord_client: DiscordClient
) -> None:
    """No close event comes (as when iOS puts Discord in the background): coming back into
    sight, the table pings, hears nothing, connects again and shows what it missed."""
    anne, ben = server.players("Anne", "Ben")
    game = await game_of(server, [anne, ben])
    async with browser_pages(height=844, count=1, width=390) as ((page,), problems):
        table, wire = await seat_at_the_table(page, discord_client, anne, server)
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 1")
        wire.die_silently()
        await game.play_turn()
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 1")
        assert wire.connections == 1

        await table.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 2")
        await expect(table.locator("#note")).to_be_hidden()
        assert wire.connections == 2
    assert problems == []


async def test_a_round_on_a_phone_lays_the_card_face_down_then_turns_every_card_over(
    server: Server, discord_client: DiscordClient
) -> None:
    """Anne plays from her phone with Ben (DM buttons) and an AI player: the AI seat says so in
    words, her card lies face down beside the figure she aimed at until the reveal turns every
    card over; the board stays in sight, the hand under it, no text under 14 px."""
    anne, ben = server.players("Anne", "Ben")
    chromium()
    await server.start_bot()
    game = Table(server.discord, server.games, [anne, ben])
    await open_with_ai(game, 1)
    await game.start()
    async with browser_pages(height=844, count=1, width=390) as ((page,), problems):
        table, _ = await seat_at_the_table(page, discord_client, anne, server)
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 1")
        await expect(table.locator("#totals .ai")).to_have_text(["AI player"])

        hand = table.get_by_role("region", name="Your hand")
        await hand.locator("#cards").get_by_role("button", disabled=False).first.click()
        # Focus follows the hand: from the card chosen to whom it goes in front of.
        await expect(hand.locator("#targets").get_by_role("button").first).to_be_focused()
        await hand.locator("#targets").get_by_role("button").first.click()
        await expect(hand.locator("#hand-status")).to_contain_text("You played")
        face_down = table.locator("#track .card.back")
        await expect(face_down).to_have_count(1)
        lying = await face_down.bounding_box()
        assert lying is not None
        assert inside(lying, await board_of(table))
        smallest, text = await table.evaluate(SMALLEST_TEXT)
        assert smallest >= 14 - 0.01, (smallest, text)
        cards = await hand.locator("#cards").bounding_box()
        viewport = page.viewport_size
        assert cards is not None
        assert viewport is not None
        assert cards["y"] > viewport["height"] / 2, "the hand is in the lower half, under a thumb"
        await page.screenshot(path=str(ARTEFACTS / "table-phone-picked.png"))

        await game.pick_all([(ben, await game.controls(ben, 1, 1))], 1, 1)
        turned = table.locator("#track .card:not(.back)")
        await expect(turned).to_have_count(3)
        await page.screenshot(path=str(ARTEFACTS / "table-phone-reveal.png"))
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 2")
        await expect(turned).to_have_count(0)
        await expect(face_down).to_have_count(0)
    assert problems == []


async def test_under_reduced_motion_a_reveal_shows_at_once(
    server: Server, discord_client: DiscordClient
) -> None:
    """prefers-reduced-motion: the round's cards are shown turned over without turning, and
    the figures stand where the round left them without stepping or gliding."""
    anne, ben = server.players("Anne", "Ben")
    game = await game_of(server, [anne, ben])
    async with browser_pages(height=844, count=1, width=390, reduced_motion=True) as (
        (page,),
        problems,
    ):
        table, wire = await seat_at_the_table(page, discord_client, anne, server)
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 1")
        await game.play_turn()
        turned = table.locator("#track .card:not(.back)")
        await expect(turned).not_to_have_count(0)
        still = await table.evaluate(
            """() => ({
                turning: [...document.querySelectorAll("#track .card .face")]
                    .map((face) => getComputedStyle(face).animationName),
                moving: document.querySelectorAll("#track .figure.moving").length,
            })"""
        )
        assert set(still["turning"]) == {"none"}, still
        assert still["moving"] == 0, still
        revealed = next(state for state in wire.states() if state.get("reveal"))
        spots = [figure["space"] for figure in revealed["figures"]]
        assert revealed["reveal"]["after"] == spots
    assert problems == []
