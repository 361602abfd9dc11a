"""The replay page in headless Chromium, on a phone and on a wide screen: the whole track is
in view and every space's number legible, each figure stands over its space's number, and
the figures move when stepped through (at once, with reduced motion)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from aiohttp.test_utils import TestServer
from playwright.async_api import Page

from bot.clock import Clock
from bot.storage import Storage
from bot.web.server import WebPages
from tests.e2e.browser import ARTEFACTS, browser_page
from tests.ports import free_port
from tests.web.stored import store_played_game

SIX = [(11, "Anne"), (12, "Ben"), (13, "Cleo"), (14, "Dora"), (15, "Emil"), (16, "Fay")]
PHONE = {"width": 412, "height": 915}
DESKTOP = {"width": 1280, "height": 800}
LEGIBLE_PX = 11
"""The least height, in CSS pixels, of a space's number as drawn."""

# Each visible number on the track: its text, box, and whether it is what the eye sees there.
NUMBERS = """() => Array.from(document.querySelectorAll(".track-svg"))
  .filter(svg => svg.getClientRects().length > 0)
  .flatMap(svg => Array.from(svg.querySelectorAll("text.number")))
  .map(label => {
    const box = label.getBoundingClientRect();
    const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {text: label.textContent, left: box.left, right: box.right, top: box.top,
            bottom: box.bottom, height: box.height, seen: seen === label};
  })"""
# Each figure's disc centre and the box of the number of the space it stands on.
FIGURES = """() => {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const step = Number(/\\d+$/.exec(location.hash)[0]);
  const svg = Array.from(document.querySelectorAll(".track-svg"))
    .find(svg => svg.getClientRects().length > 0);
  const labels = Array.from(svg.querySelectorAll("text.number"));
  return Array.from(svg.querySelectorAll(".figure")).map((figure, index) => {
    const space = data.steps[step].after[index];
    const disc = figure.querySelector("circle").getBoundingClientRect();
    const number = labels[space - data.min].getBoundingClientRect();
    return {space, x: disc.left + disc.width / 2, bottom: disc.bottom,
            left: number.left, right: number.right, top: number.top};
  });
}"""


@pytest.fixture
async def replay_url(storage: Storage) -> AsyncIterator[str]:
    port = free_port()
    public = f"http://127.0.0.1:{port}"
    pages = WebPages(storage, Clock(1.0), public, min_rated_games=1)
    game = await store_played_game(storage, SIX, seed=12)
    async with TestServer(pages.application(), host="127.0.0.1", port=port):
        yield f"{public}/g/{game.replay_token}"


@asynccontextmanager
async def replay_in(
    url: str, viewport: dict[str, int], *, reduced_motion: bool = False
) -> AsyncIterator[Page]:
    """The page at `url` in headless Chromium, which must say nothing on its console."""
    async with browser_page(
        viewport["height"], width=viewport["width"], reduced_motion=reduced_motion
    ) as (page, said):
        await page.goto(url)
        yield page
    assert said == []


def every_space_in_view(numbers: list[dict[str, Any]], viewport: dict[str, int]) -> None:
    assert [number["text"] for number in numbers] == [
        *map(str, range(-12, 0)),
        "START",
        *map(str, range(1, 17)),
    ]
    for number in numbers:
        assert 0 <= number["left"] < number["right"] <= viewport["width"], number
        assert 0 <= number["top"] < number["bottom"] <= viewport["height"], number
        assert number["seen"], number
    # START is set smaller inside its dark cell, as on the picture.
    assert all(n["height"] >= LEGIBLE_PX for n in numbers if n["text"] != "START"), numbers


async def figures_over_their_spaces(page: Page) -> None:
    for figure in await page.evaluate(FIGURES):
        assert figure["left"] <= figure["x"] <= figure["right"], figure
        assert figure["bottom"] <= figure["top"], figure


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
async def test_the_whole_track_is_in_view_and_legible(
    replay_url: str, viewport: dict[str, int]
) -> None:
    async with replay_in(replay_url, viewport) as page:
        every_space_in_view(await page.evaluate(NUMBERS), viewport)
        await figures_over_their_spaces(page)
        await page.keyboard.press("End")
        await figures_over_their_spaces(page)
        name = "phone" if viewport is PHONE else "desktop"
        await page.evaluate("window.scrollTo(0, 0)")
        await page.screenshot(path=str(ARTEFACTS / f"replay-{name}.png"))


@pytest.mark.parametrize("reduced_motion", [False, True], ids=["motion", "reduced-motion"])
async def test_on_a_phone_the_figures_move_to_each_rounds_spaces(
    replay_url: str, reduced_motion: bool
) -> None:
    async with replay_in(replay_url, PHONE, reduced_motion=reduced_motion) as page:
        await page.click("#play")
        assert await page.text_content("#where") == "Stage 1 · Round 1 (1/25)"
        moving = await page.evaluate("document.getAnimations().length")
        # With reduced motion the figures jump to their spaces; else they glide there.
        assert moving == 0 if reduced_motion else moving > 0
        await page.click("#play")
        await page.evaluate("Promise.all(document.getAnimations().map(a => a.finished))")
        await figures_over_their_spaces(page)
