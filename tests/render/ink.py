"""Reading a picture as a player would: scaled as Discord shows it, where its ink is."""

from __future__ import annotations

import math

from PIL import Image

from bot.render.palette import RGB

Box = tuple[int, int, int, int]
# Discord shows an attached picture about this wide in a chat column.
DISCORD_WIDTH = 500


def as_discord_shows(image: Image.Image) -> Image.Image:
    scale = DISCORD_WIDTH / image.width
    return image.resize((DISCORD_WIDTH, round(image.height * scale)), Image.Resampling.LANCZOS)


def scaled(box: Box, scale: float) -> Box:
    """A box of the full picture, in the scaled one (still covering every pixel it touches)."""
    left, top, right, bottom = box
    return (
        math.floor(left * scale),
        math.floor(top * scale),
        math.ceil(right * scale),
        math.ceil(bottom * scale),
    )


def ink_mask(image: Image.Image, box: Box, paper: RGB, ink: RGB) -> list[list[bool]]:
    """Which pixels of ``box`` are nearer ``ink`` than ``paper`` (rows of columns)."""
    half = math.dist(paper, ink) / 2
    left, top, right, bottom = box
    return [
        [math.dist(image.getpixel((x, y)), paper) > half for x in range(left, right)]  # type: ignore[arg-type]
        for y in range(top, bottom)
    ]


def ink_size(mask: list[list[bool]]) -> tuple[int, int]:
    """Width and height of the inked part of a mask (0, 0 when there is no ink)."""
    rows = [index for index, row in enumerate(mask) if any(row)]
    columns = [index for index in range(len(mask[0])) if any(row[index] for row in mask)]
    if not rows:
        return (0, 0)
    return (columns[-1] - columns[0] + 1, rows[-1] - rows[0] + 1)


def ink_margins(mask: list[list[bool]]) -> tuple[int, int]:
    """How many columns of paper are left of the ink, and right of it."""
    columns = [index for index in range(len(mask[0])) if any(row[index] for row in mask)]
    return (columns[0], len(mask[0]) - 1 - columns[-1])


def counters(mask: list[list[bool]]) -> int:
    """How many closed holes the ink has: 0 in a 5, 1 in a 6, 2 in an 8."""
    height, width = len(mask), len(mask[0])
    seen = [[False] * width for _ in range(height)]
    holes = 0
    for y in range(height):
        for x in range(width):
            if mask[y][x] or seen[y][x]:
                continue
            touches_edge = _fill(mask, seen, x, y)
            holes += 0 if touches_edge else 1
    return holes


def _fill(mask: list[list[bool]], seen: list[list[bool]], x: int, y: int) -> bool:
    """Marks the paper around (x, y) as seen; says whether it reaches the mask's edge."""
    height, width = len(mask), len(mask[0])
    stack = [(x, y)]
    seen[y][x] = True
    touches_edge = False
    while stack:
        x, y = stack.pop()
        touches_edge = touches_edge or x in (0, width - 1) or y in (0, height - 1)
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < width and 0 <= ny < height and not mask[ny][nx] and not seen[ny][nx]:
                seen[ny][nx] = True
                stack.append((nx, ny))
    return touches_edge
