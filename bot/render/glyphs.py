"""Text the picture's font can draw.

DejaVu covers Latin, Greek and Cyrillic, so ``Chloé``, ``Αλέξης`` and ``Иван`` are drawn as
they are. Characters it lacks (CJK, emoji) are left out, or written in a form it has when
Unicode gives one (full-width ``Ｔａｒｏ`` → ``Taro``). The words themselves stay intact in
the description, which is plain text.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from bot.render.fonts import font

_PROBE_SIZE = 20
_UNASSIGNED = "\ue000"  # a private-use character: the font draws its "missing glyph" box


def drawable(text: str) -> str:
    """``text`` with every character the font lacks replaced by a form it has, or dropped."""
    # Composed, so that an accent typed as a letter and a combining mark is one glyph.
    composed = unicodedata.normalize("NFC", text)
    spelled = "".join(_spell(char) for char in composed)
    return " ".join(spelled.split())


@cache
def has_glyph(char: str) -> bool:
    return _signature(char) != _signature(_UNASSIGNED)


def _signature(char: str) -> tuple[tuple[int, int], bytes]:
    mask = font(_PROBE_SIZE).getmask(char)
    return mask.size, bytes(mask)


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
