"""The game's replay page as the bot served it, made into files that open from disk: its
picture and icon beside it or inside it, and none of the served page's own addresses."""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from pathlib import Path

import aiohttp
from yarl import URL

from tests.loopback import Message

LINK_BUTTON = 5
# A link preview needs the page's and its picture's absolute public addresses (Open Graph);
# a file opened from disk has neither, so its copy carries no preview.
PREVIEW_META = re.compile(
    r'<meta (?:property="og:(?:url|image(?::\w+)?)"|name="twitter:card") content="[^"]*">\n?'
)
ICON = re.compile(r'<link rel="icon" href="([^"]+)"')
PICTURE = re.compile(r'<img class="picture" src="([^"]+)"')


@dataclass(frozen=True)
class DemoFiles:
    """The files `make demo` writes: the transcript, and beside it the replay page and its
    picture, named after it."""

    transcript: Path

    @property
    def replay_page(self) -> Path:
        return self.transcript.with_name(f"{self.transcript.stem}-replay.html")

    @property
    def replay_picture(self) -> Path:
        return self.transcript.with_name(f"{self.transcript.stem}-replay.png")


@dataclass(frozen=True)
class ReplayPage:
    """The replay page as a file: its picture is the file `picture_name` beside it."""

    url: str
    """Where the bot served it; the transcript's Replay button leads to the file instead."""
    html: str
    picture: bytes


def replay_link(final: Message | None) -> str | None:
    """The address behind the result's Replay button."""
    links = [b["url"] for b in final.buttons() if b.get("style") == LINK_BUTTON] if final else []
    return links[0] if links else None


async def fetch_replay(url: str, picture_name: str) -> ReplayPage:
    """The page at `url`, its picture named `picture_name`, its icon inside it."""
    async with aiohttp.ClientSession() as http:
        async with http.get(url) as response:
            response.raise_for_status()
            html = await response.text()
        picture_url = _found(PICTURE, html)
        async with http.get(_absolute(url, picture_url.replace("&amp;", "&"))) as response:
            response.raise_for_status()
            picture = await response.read()
        icon_url = _found(ICON, html)
        async with http.get(_absolute(url, icon_url)) as response:
            response.raise_for_status()
            icon = base64.b64encode(await response.read()).decode("ascii")
    html = PREVIEW_META.sub("", html)
    html = html.replace(f'src="{picture_url}"', f'src="{picture_name}"')
    html = html.replace(f'href="{icon_url}"', f'href="data:image/svg+xml;base64,{icon}"')
    return ReplayPage(url, html, picture)


def _found(pattern: re.Pattern[str], html: str) -> str:
    found = pattern.search(html)
    assert found is not None, f"the replay page has no {pattern.pattern}"
    return found[1]


def _absolute(page_url: str, reference: str) -> URL:
    return URL(page_url).join(URL(reference))
