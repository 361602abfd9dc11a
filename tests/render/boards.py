"""Boards the render tests share, and how they read a picture back."""

from __future__ import annotations

import io
import itertools

from PIL import Image, ImageChops

from bot.render import Board, Figure, render_track
from bot.render.canvas import Canvas

# The picture's frame: no text may reach under it.
FRAME_WIDTH = 2


def open_png(data: bytes) -> Image.Image:
    """PNG bytes decoded to RGB, as Discord shows them."""
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.convert("RGB")


def decoded(board: Board) -> Image.Image:
    """The board's picture as Discord shows it: the PNG decoded to RGB."""
    return open_png(render_track(board))


def picture_differences(pictures: list[bytes], references: list[bytes]) -> list[str]:
    """What tells each picture from its reference, decoded: which pixels, or only the bytes."""
    differences = []
    for index, (picture, reference) in enumerate(zip(pictures, references, strict=True)):
        if picture == reference:
            continue
        drawn, expected = open_png(picture), open_png(reference)
        if drawn.size != expected.size:
            differences.append(f"picture {index}: {drawn.size} where {expected.size}")
            continue
        changed = ImageChops.difference(drawn, expected).convert("L").point(lambda v: 255 * bool(v))
        count = changed.histogram()[255]
        where = changed.getbbox()
        what = f"{count} pixels differ within {where}" if count else "the same pixels, other bytes"
        differences.append(f"picture {index}: {what}")
    return differences


def assert_texts_inside_and_apart(canvas: Canvas) -> None:
    """Every text lies inside the picture, clear of its frame, and no two texts overlap."""
    width, height = canvas.image.size
    for drawn in canvas.texts:
        left, top, right, bottom = drawn.box
        assert min(left, top) >= FRAME_WIDTH, drawn
        assert right <= width - FRAME_WIDTH, drawn
        assert bottom <= height - FRAME_WIDTH, drawn
    for first, second in itertools.combinations(canvas.texts, 2):
        apart = (
            first.box[2] <= second.box[0]
            or second.box[2] <= first.box[0]
            or first.box[3] <= second.box[1]
            or second.box[3] <= first.box[1]
        )
        assert apart, (first, second)


SEVEN_FIGURES = Board(
    figures=(
        Figure("Anne", "A", 0, 5, moved_from=2, delta=3),
        Figure("Ben", "B", 1, 0, moved_from=1, delta=-1),
        Figure("Chris", "C", 2, -2, moved_from=2, delta=-4),
        Figure("Dana", "D", 3, 5, moved_from=6, delta=-1),
        Figure("Eve", "E", 4, 16, moved_from=14, delta=5),
        Figure("Wolfgang", "W", 5, 5, moved_from=5, delta=0),
        Figure("Leo", "L", None, 0, moved_from=-3, delta=3),
    ),
    highlight_space=5,
    caption=("Stage 2 · Round 5", "Stage scoring"),
)

ALL_ON_ONE_SPACE = Board(
    figures=tuple(Figure(name, name[0], seat, -12) for seat, name in enumerate("UVWXYZ")),
    caption=("Stage 1 · Round 1",),
)

TWO_PLAYERS = Board(
    figures=(
        Figure("Anne", "A", 0, 3),
        Figure("Ben", "B", 1, -1),
        Figure("Leo", "L", None, 3),
    ),
)
