"""Text the picture's font can draw.

DejaVu covers Latin, Greek and Cyrillic, so ``Chloé``, ``Αλέξης`` and ``Иван`` are drawn as
they are. Characters it lacks (CJK, emoji) are left out, or written in a form it has when
Unicode gives one (full-width ``Ｔａｒｏ`` → ``Taro``). The words themselves stay intact in
the description, which is plain text."""

from __future__ import annotations

import json
import unicodedata
from bisect import bisect_right
from functools import cache

from bot.render.fonts import TYPEFACE

COVERAGE_FILE = TYPEFACE / "coverage.json"
"""What the regular face draws, [first, last] code point ranges (tests/render/glyph_coverage.py):
asking the font would open a FreeType face (~0.5 MB) in every thread that lays out a name."""
_RANGES: list[list[int]] = json.loads(COVERAGE_FILE.read_text(encoding="utf-8"))
_FIRSTS = [first for first, _ in _RANGES]


def drawable(text: str) -> str:
    """``text`` with every character the font lacks replaced by a form it has, or dropped."""
    # Composed, so that an accent typed as a letter and a combining mark is one glyph.
    composed = unicodedata.normalize("NFC", text)
    spelled = "".join(_spell(char) for char in composed)
    return " ".join(spelled.split())


@cache
def has_glyph(char: str) -> bool:
    found = bisect_right(_FIRSTS, ord(char)) - 1
    return found >= 0 and ord(char) <= _RANGES[found][1]


@cache
def _spell(char: str) -> str:
    if has_glyph(char):
        return char
    compatible = unicodedata.normalize("NFKD", char)
    if compatible == char:
        return ""
    return "".join(
        part for part in compatible if not unicodedata.combining(part) and has_glyph(part)
    )
