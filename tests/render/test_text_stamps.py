"""Text pasted from cached masks looks exactly like text Pillow draws directly."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

from bot.render.canvas import Canvas
from bot.render.fonts import font
from bot.render.palette import BACKGROUND, HIGHLIGHT_BAND, INK, MUTED_INK, WHITE

SIZE = (160, 60)
texts = st.sampled_from(
    ["Anne", "START", "-12", "A +3", "Stage 2 · Round 5", "W", "Be", "…", "Chloé", "Иван", "Αλέξης"]
)
anchors = st.sampled_from([None, "mm", "lm", "rm", "ra"])
positions = st.tuples(
    st.floats(40, 120, allow_nan=False).map(lambda x: round(x * 64) / 64),
    st.floats(15, 45, allow_nan=False).map(lambda y: round(y * 64) / 64),
)


def drawn_by_pillow(
    xy: tuple[float, float],
    text: str,
    size: int,
    ink: tuple[int, int, int],
    anchor: str | None,
    bold: bool,
) -> Image.Image:
    image = Image.new("RGB", SIZE, BACKGROUND)
    ImageDraw.Draw(image).text(xy, text, fill=ink, font=font(size, bold), anchor=anchor)
    return image


@settings(max_examples=60, deadline=None)
@given(
    xy=positions,
    text=texts,
    size=st.sampled_from([17, 18, 20, 22, 30]),
    ink=st.sampled_from([INK, MUTED_INK, WHITE]),
    anchor=anchors,
    bold=st.booleans(),
)
def test_stamped_text_matches_pillows_text_pixel_for_pixel(
    xy: tuple[float, float],
    text: str,
    size: int,
    ink: tuple[int, int, int],
    anchor: str | None,
    bold: bool,
) -> None:
    canvas = Canvas.new(SIZE, BACKGROUND)
    canvas.text(xy, text, size, ink, anchor=anchor, bold=bold)
    expected = drawn_by_pillow(xy, text, size, ink, anchor, bold)
    assert ImageChops.difference(canvas.image, expected).getbbox() is None


def test_the_same_text_on_another_paper_blends_with_that_paper() -> None:
    canvas = Canvas.new(SIZE, HIGHLIGHT_BAND)
    canvas.text((10, 10), "Anne", 20, INK)
    canvas.text((10.5, 35), "Anne", 20, INK)
    expected = Image.new("RGB", SIZE, HIGHLIGHT_BAND)
    draw = ImageDraw.Draw(expected)
    draw.text((10, 10), "Anne", fill=INK, font=font(20))
    draw.text((10.5, 35), "Anne", fill=INK, font=font(20))
    assert ImageChops.difference(canvas.image, expected).getbbox() is None


def test_text_with_nothing_to_draw_leaves_the_image_alone() -> None:
    canvas = Canvas.new(SIZE, BACKGROUND)
    canvas.text((10, 10), "", 20, INK)
    canvas.text((10, 10), "   ", 20, INK)
    assert canvas.image.getcolors() == [(SIZE[0] * SIZE[1], BACKGROUND)]


def test_the_canvas_lists_each_text_with_the_box_its_ink_covers() -> None:
    canvas = Canvas.new(SIZE, BACKGROUND)
    canvas.text((20.5, 30), "Zoë +3", 20, INK, anchor="lm", bold=True)
    canvas.text((150, 10), "Иван", 17, MUTED_INK, anchor="ra")
    blank = Image.new("RGB", SIZE, BACKGROUND)
    first, second = canvas.texts
    assert (first.text, second.text) == ("Zoë +3", "Иван")
    for drawn in canvas.texts:
        only = canvas.image.copy()
        other = second if drawn is first else first
        only.paste(BACKGROUND, other.box)
        assert ImageChops.difference(only, blank).getbbox() == drawn.box
