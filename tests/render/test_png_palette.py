"""The picture's one palette: solid colours exact, letters smooth, the file small."""

from __future__ import annotations

import struct
import zlib
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from bot.render import Board, Figure, render_track
from bot.render.palette import (
    BACKGROUND,
    FRAME,
    INK,
    KEY_COLOUR_EXCLUSION,
    KEY_COLOURS,
    colour_distance,
)
from bot.render.png_palette import PALETTE_SIZE, encode_png, png_palette
from bot.render.track import draw_board, picture_words
from tests.render.boards import SEVEN_FIGURES, decoded, picture_differences


def test_palette_keeps_every_key_colour_and_nothing_close_to_one() -> None:
    entries = png_palette()
    assert len(entries) <= PALETTE_SIZE
    assert entries[: len(KEY_COLOURS)] == KEY_COLOURS
    assert len(set(entries)) == len(entries)
    for blend in entries[len(KEY_COLOURS) :]:
        assert all(colour_distance(blend, key) >= KEY_COLOUR_EXCLUSION for key in KEY_COLOURS)


def test_the_frame_keeps_its_colour() -> None:
    image = decoded(SEVEN_FIGURES)
    assert image.getpixel((0, 0)) == FRAME
    assert image.getpixel((image.width - 1, image.height // 2)) == FRAME


def test_dark_letters_on_the_background_have_smooth_edges() -> None:
    image = decoded(SEVEN_FIGURES)
    colours = {colour for _, colour in image.getcolors(1_000_000) or []}
    # Antialiased edges: many tones between the ink and the paper, not just the two.
    between = {
        colour
        for colour in colours
        if all(min(a, b) < c < max(a, b) for a, b, c in zip(INK, BACKGROUND, colour, strict=True))
    }
    assert len(between) >= 12


def test_a_crowded_board_with_long_words_stays_a_small_file() -> None:
    long_names = tuple(
        Figure(f"Maximilian{seat} Wolfgang Amadeus", "M", seat, seat * 3 - 5, seat, seat % 5 - 2)
        for seat in range(6)
    )
    caption = ("Stage 3 · Round 12", "Stage scoring: the second-farthest space, 13, scores 13")
    board = Board((*long_names, Figure("Leo", "L", None, 0, -4, 4)), 13, caption)
    assert len(render_track(board)) < 28_000


def test_different_boards_in_several_threads_give_the_pictures_drawn_one_by_one() -> None:
    boards = [
        Board(
            tuple(
                Figure(f"Thread{number}Player{seat}", "T", seat, (number + seat) % 20 - 4)
                for seat in range(number % 5 + 2)
            ),
            highlight_space=number % 7,
            caption=(f"Stage {number} · Round {number}",),
        )
        for number in range(12)
    ]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(render_track, boards))
    assert not picture_differences(together, [render_track(board) for board in boards])


def test_the_file_holds_the_drawn_picture_as_any_png_reader_would_read_it() -> None:
    canvas = draw_board(SEVEN_FIGURES, picture_words(SEVEN_FIGURES.locale))
    png = encode_png(canvas.image)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    chunks: dict[bytes, bytes] = {}
    at = 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind, data = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", png[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + data), kind
        chunks[kind] = data
        at += 12 + length
    assert list(chunks) == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    width, height = canvas.image.size
    assert chunks[b"IHDR"] == struct.pack(">II5B", width, height, 8, 3, 0, 0, 0)
    assert chunks[b"PLTE"] == bytes(canvas.image.getpalette() or ())
    rows = zlib.decompress(chunks[b"IDAT"])
    stride = width + 1
    assert len(rows) == stride * height
    assert rows[::stride] == bytes(height)  # every row unfiltered
    pixels = b"".join(rows[row * stride + 1 : (row + 1) * stride] for row in range(height))
    assert pixels == canvas.image.tobytes()


def test_only_a_palette_picture_is_encoded() -> None:
    with pytest.raises(ValueError, match="palette"):
        encode_png(Image.new("RGB", (4, 4)))
