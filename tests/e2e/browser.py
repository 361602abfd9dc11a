"""Headless Chromium (Debian's package), driven by Playwright, for the tests that open the
bot's web pages; and the settings that make a bot under test serve them."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from playwright.async_api import Page, async_playwright

from tests.e2e.server import Server
from tests.ports import free_port
from tests.programs import program

ARTEFACTS = Path(os.environ.get("WHYFIRST_TEST_ARTEFACTS", "build/test-artefacts"))
# As root, Chromium runs only without its sandbox; this machine's network is closed, and
# Chromium's background connections would only fail.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium() -> str:
    found = program("chromium", "chromium", "no page is opened in a browser")
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    return found


def serve_web(server: Server) -> str:
    port = free_port()
    public = f"http://127.0.0.1:{port}"
    server.extra_environment |= {"WHYFIRST_WEB_PORT": str(port), "WHYFIRST_PUBLIC_URL": public}
    return public


@asynccontextmanager
async def browser_page(
    height: int, *, width: int = 412, reduced_motion: bool = False
) -> AsyncIterator[tuple[Page, list[str]]]:
    """A page in headless Chromium (phone-sized unless told), and what it said: every console
    line (of any frame) and every uncaught error."""
    async with browser_pages(height, 1, width=width, reduced_motion=reduced_motion) as (
        pages,
        said,
    ):
        yield pages[0], said


@asynccontextmanager
async def browser_pages(
    height: int,
    count: int,
    *,
    width: int = 412,
    reduced_motion: bool = False,
    sizes: list[tuple[int, int]] | None = None,
    touch: list[bool] | None = None,
) -> AsyncIterator[tuple[list[Page], list[str]]]:
    """`count` pages (phone-sized unless told; `sizes`: each page's width and height; `touch`:
    which of them are phones or tablets, touched, not clicked), each in a browser context of
    its own (as on as many devices), and what any of them said."""
    executable = chromium()
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        said: list[str] = []
        pages = []
        screens = sizes or [(width, height)] * count
        for (page_width, page_height), touched in zip(
            screens, touch or [False] * len(screens), strict=True
        ):
            context = await browser.new_context(
                viewport={"width": page_width, "height": page_height},
                reduced_motion="reduce" if reduced_motion else "no-preference",
                has_touch=touched,
                is_mobile=touched,
            )
            page = await context.new_page()
            page.on("pageerror", lambda error: said.append(str(error)))
            page.on("console", lambda message: said.append(message.text))
            pages.append(page)
        try:
            yield pages, said
        finally:
            await browser.close()
