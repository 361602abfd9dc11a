"""`make play` (`python -m tests.table.play`): the addresses it prints seat the visitor at the
table of a game with AI players, signed in, with a hand to play, as on a desktop panel and in
a phone's frame; Ctrl-C stops it cleanly."""

from __future__ import annotations

import asyncio
import signal
import sys

from playwright.async_api import expect

from tests.e2e.browser import ARTEFACTS, browser_page, chromium
from tests.table.at_the_table import table_of
from tests.table.discord_client import ORIGIN, PORT_WAIT_SECONDS

STARTUP_SECONDS = PORT_WAIT_SECONDS + 120
"""The test client may wait for port 3333 (another test holds it), then the bot starts."""
STOP_SECONDS = 60


async def the_address(process: asyncio.subprocess.Process) -> str:
    assert process.stdout is not None
    while line := (await process.stdout.readline()).decode():
        if line.startswith(ORIGIN):
            return line.strip()
    raise AssertionError("make play ended without printing an address")


async def test_make_play_seats_the_visitor_at_a_table_with_a_hand() -> None:
    chromium()
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.table.play",
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        address = await asyncio.wait_for(the_address(process), STARTUP_SECONDS)
        on_a_phone = await asyncio.wait_for(the_address(process), STARTUP_SECONDS)
        async with browser_page(height=900) as (page, problems):
            await page.goto(address)
            table = await table_of(page)
            await expect(table.locator("#place")).to_have_text("#general")
            await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 1")
            await expect(table.locator(".seat.you .name")).to_have_text("Guest")
            hand = table.get_by_role("region", name="Your hand")
            await expect(hand.locator("#cards").get_by_role("button")).to_have_count(5)
            # The AI players pick at once: the visitor's pick completes the round.
            await hand.locator("#cards").get_by_role("button").first.click()
            await hand.get_by_role("button", name="Guest (you)", exact=True).click()
            await expect(table.locator("#headline")).to_have_text(
                "Stage 1 · Round 2", timeout=30_000
            )
            await page.screenshot(path=str(ARTEFACTS / "play-desktop.png"))

            await page.set_viewport_size({"width": 1280, "height": 900})
            await page.goto(on_a_phone)
            phone = await table_of(page)
            await expect(phone.locator("#headline")).to_have_text("Stage 1 · Round 2")
            await expect(phone.locator("#track")).to_have_attribute("data-rows", "3")
            framed = await page.locator("iframe").bounding_box()
            assert framed is not None
            assert (framed["width"], framed["height"]) == (390 + 24, 844 + 24)
            await page.screenshot(path=str(ARTEFACTS / "play-phone.png"))
        assert problems == []
        process.send_signal(signal.SIGINT)
        out, err = await asyncio.wait_for(process.communicate(), STOP_SECONDS)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert process.returncode == 0, err.decode()
    assert out.decode().splitlines()[-1] == "Stopped."
    assert "ERROR" not in err.decode(), err.decode()
