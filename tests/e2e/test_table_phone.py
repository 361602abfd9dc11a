"""A round on a phone (390 × 844, as Discord's phone apps open an Activity): the card face down
beside its figure, then every card turned over; a socket that died silently; reduced motion.
(tests/e2e/test_table_screens.py plays a whole game at every size.)"""

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
TOUCH_TARGET = 44
"""CSS pixels on a control's short side, at the least (#46: a thumb's size)."""
SMALLEST_TEXT = """() => {
    const sizes = [];
    for (const element of document.querySelectorAll("#table *")) {
        if (!element.getClientRects().length) continue;
        const own = [...element.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        if (!own) continue;
        const svg = element.ownerSVGElement;
        const drawn = svg && svg.getBoundingClientRect();
        const scale = svg ? Math.min(drawn.width / svg.viewBox.baseVal.width,
                                     drawn.height / svg.viewBox.baseVal.height) : 1;
        sizes.push([parseFloat(getComputedStyle(element).fontSize) * scale, element.textContent]);
    }
    return sizes.sort((a, b) => a[0] - b[0])[0];
}"""
"""The smallest text the table shows (CSS pixels, an SVG's text as drawn), and what it says."""


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
        await expect(table.locator("#status")).to_have_text("Still to pick: Anne and Ben.")
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
        await expect(table.locator("#seat-list .seat .state")).to_have_text(
            ["you · to pick", "to pick", "AI player"]
        )

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
