"""The code points the picture's regular face draws (bot/render/typeface/coverage.json), asked
of the font itself through Pillow: a character it lacks is drawn as its "missing glyph" box.

    .venv/bin/python -m tests.render.glyph_coverage    # writes the file again (~30 s)

tests/render/test_glyph_coverage.py holds the file to what this gives.
"""

from __future__ import annotations

import json

from PIL import ImageFont

from bot.render.fonts import REGULAR_FILE
from bot.render.glyphs import COVERAGE_FILE

UNASSIGNED = "\ue000"  # a private-use character: the font draws its "missing glyph" box
SURROGATES = range(0xD800, 0xE000)


def probed_ranges(limit: int = 0x110000) -> list[list[int]]:
    """Every code point below `limit` the face draws, as [first, last] ranges."""
    face = ImageFont.truetype(str(REGULAR_FILE), 20, layout_engine=ImageFont.Layout.BASIC)

    def signature(char: str) -> tuple[tuple[int, int], bytes]:
        mask = face.getmask(char)
        return mask.size, bytes(mask)

    missing = signature(UNASSIGNED)
    ranges: list[list[int]] = []
    for code in range(limit):
        if code in SURROGATES or signature(chr(code)) == missing:
            continue
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code])
    return ranges


def written(ranges: list[list[int]]) -> str:
    return json.dumps(ranges, separators=(",", ":")) + "\n"


if __name__ == "__main__":
    COVERAGE_FILE.write_text(written(probed_ranges()), encoding="utf-8")
