"""The picture's typeface, DejaVu Sans Condensed, at the sizes it uses, cached per thread.

DejaVu draws Latin, Greek and Cyrillic; its files ship in ``typeface/`` with their license. The
condensed cut, because the track gives each of its 29 numbers a 30th of the picture's width:
narrower digits can be drawn taller there, which is what stays legible once Discord shows the
picture 500 px wide. Bold is the real bold face, not a stroked regular one (a stroke fills the
counters: a bold 5 read as 6).

A FreeType face is not safe to share between threads, and the bot renders in worker threads."""

from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

TYPEFACE = Path(__file__).resolve().parent / "typeface"
REGULAR_FILE = TYPEFACE / "DejaVuSansCondensed.ttf"
BOLD_FILE = TYPEFACE / "DejaVuSansCondensed-Bold.ttf"

# Sizes in pixels of the full picture (1000 px wide); Discord shows it at about half that.
TITLE_SIZE = 30
SUBTITLE_SIZE = 22
BRAND_SIZE = 20
NUMBER_SIZE = 18
INITIAL_SIZE = 22
TWO_LETTER_INITIAL_SIZE = 17
LEGEND_INITIAL_SIZE = 18
LEGEND_TWO_LETTER_INITIAL_SIZE = 14
LEGEND_SIZE = 22
MOVE_SIZE = 20
TAG_SIZE = 20

_local = threading.local()


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    cache: dict[tuple[int, bool], ImageFont.FreeTypeFont] = _local.__dict__.setdefault("fonts", {})
    key = (size, bold)
    if key not in cache:
        # Basic layout: no shaping is needed for these scripts, and it is the faster one.
        path = BOLD_FILE if bold else REGULAR_FILE
        cache[key] = ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)
    return cache[key]


@lru_cache(maxsize=4096)
def text_length(text: str, size: int, bold: bool = False) -> float:
    """How many pixels ``text`` advances at ``size`` (the same in every thread)."""
    return font(size, bold).getlength(text)


def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis until it is at most ``width`` pixels long."""
    if text_length(text, size, bold) <= width:
        return text
    while text and text_length(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def wrap(text: str, size: int, width: float, bold: bool = False) -> tuple[str, ...]:
    """``text`` in lines at most ``width`` pixels long, broken between words.

    A single word longer than a line is shortened with an ellipsis."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if line and text_length(candidate, size, bold) > width:
            lines.append(line)
            candidate = word
        line = candidate
    if line:
        lines.append(line)
    return tuple(fit(line, size, width, bold) for line in lines)
