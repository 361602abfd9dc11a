"""The file of what the picture's font draws is the font's own (planes 0 and 1: all of it)."""

from __future__ import annotations

from bot.render.glyphs import COVERAGE_FILE, has_glyph
from tests.render.glyph_coverage import UNASSIGNED, probed_ranges, written

LIMIT = 0x20000


def test_the_coverage_file_is_what_the_font_draws() -> None:
    # Fails after the typeface changed: python -m tests.render.glyph_coverage
    assert COVERAGE_FILE.read_text(encoding="utf-8") == written(probed_ranges(LIMIT))


def test_the_font_draws_latin_greek_and_cyrillic_but_not_cjk() -> None:
    assert all(has_glyph(char) for char in "Aé ßΩЖ0")
    assert not any(has_glyph(char) for char in f"漢字{UNASSIGNED}\U00020000")
