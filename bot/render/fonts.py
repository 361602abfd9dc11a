"""Pillow's bundled font at the sizes the picture uses, cached per thread.

A FreeType face is not safe to share between threads, and the bot renders in worker threads.
"""

from __future__ import annotations

import threading

from PIL import ImageFont

_local = threading.local()


def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    cache: dict[int, ImageFont.FreeTypeFont | ImageFont.ImageFont] = _local.__dict__.setdefault(
        "fonts", {}
    )
    if size not in cache:
        cache[size] = ImageFont.load_default(size=size)
    return cache[size]
