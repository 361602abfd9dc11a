"""Pillow's bundled font at the sizes the picture uses, cached per thread.

A FreeType face is not safe to share between threads, and the bot renders in worker threads.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

TITLE_SIZE = 32
SUBTITLE_SIZE = 20
NUMBER_SIZE = 17
INITIAL_SIZE = 20
LEGEND_INITIAL_SIZE = 16
LEGEND_SIZE = 20
SMALL_SIZE = 15

_local = threading.local()


def font(size: int) -> Font:
    cache: dict[int, Font] = _local.__dict__.setdefault("fonts", {})
    if size not in cache:
        cache[size] = ImageFont.load_default(size=size)
    return cache[size]


@lru_cache(maxsize=2048)
def text_length(text: str, size: int) -> float:
    """How many pixels ``text`` advances at ``size`` (the same in every thread)."""
    return font(size).getlength(text)


def fit(text: str, size: int, width: float) -> str:
    """``text`` shortened with an ellipsis until it is at most ``width`` pixels long."""
    if text_length(text, size) <= width:
        return text
    while text and text_length(text + "…", size) > width:
        text = text[:-1]
    return text + "…"
