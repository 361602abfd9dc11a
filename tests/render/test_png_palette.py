"""The picture's one palette: solid colours exact, letters smooth, the file small."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from bot.render import Board, Figure, render_track
from bot.render.palette import (
    BACKGROUND,
    FRAME,
    INK,
    KEY_COLOUR_EXCLUSION,
    KEY_COLOURS,
    colour_distance,
)
from bot.render.png_palette import PALETTE_SIZE, png_palette
from tests.render.boards import SEVEN_FIGURES, decoded


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
    assert together == [render_track(board) for board in boards]
