"""Text the bundled font can draw.

Pillow's default font covers ASCII and a few signs only. Accented Latin letters lose their
accents (``Zoë`` → ``Zoe``); characters with no Latin form (emoji, Cyrillic, CJK) are left
out. The words themselves stay intact in the description, which is plain text.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from bot.render.fonts import font

_PROBE_SIZE = 20
_UNASSIGNED = "\ue000"  # a private-use character: the font draws its "missing glyph" box

# Latin letters that Unicode does not decompose into a base letter and an accent.
_LATIN_SPELLINGS = {
    "Æ": "AE", "æ": "ae", "Ø": "O", "ø": "o", "Œ": "OE", "œ": "oe", "ß": "ss", "Þ": "Th",
    "þ": "th", "Ð": "D", "ð": "d", "Đ": "D", "đ": "d", "Ł": "L", "ł": "l", "ı": "i",
    "Ħ": "H", "ħ": "h", "\u00a0": " ",
}  # fmt: skip


def drawable(text: str) -> str:
    """``text`` with every character the font lacks spelled in ASCII or dropped."""
    spelled = "".join(_spell(char) for char in text)
    return " ".join(spelled.split())


@cache
def has_glyph(char: str) -> bool:
    probe = font(_PROBE_SIZE)
    return _signature(probe, char) != _signature(probe, _UNASSIGNED)


def _signature(probe: object, char: str) -> tuple[tuple[int, int], bytes]:
    mask = probe.getmask(char)  # type: ignore[attr-defined]
    return mask.size, bytes(mask)


@cache
def _spell(char: str) -> str:
    if has_glyph(char):
        return char
    if char in _LATIN_SPELLINGS:
        return _LATIN_SPELLINGS[char]
    base = unicodedata.normalize("NFKD", char)
    return "".join(part for part in base if not unicodedata.combining(part) and has_glyph(part))
