"""Text pasted from cached stamps looks exactly like text Pillow draws directly, once the
picture is reduced to its palette."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

from bot.render.canvas import Canvas
from bot.render.fonts import font
from bot.render.palette import BACKGROUND, HIGHLIGHT_BAND, HIGHLIGHT_TEXT, INK, MUTED_INK, WHITE
from bot.render.png_palette import palette_bytes

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
    paper: tuple[int, int, int],
    anchor: str | None,
    bold: bool,
) -> Image.Image:
    image = Image.new("RGB", SIZE, paper)
    ImageDraw.Draw(image).text(xy, text, fill=ink, font=font(size, bold), anchor=anchor)
    return as_seen(reduced(image))


def reduced(image: Image.Image) -> Image.Image:
    reference = Image.new("P", (1, 1))
    reference.putpalette(palette_bytes())
    return image.quantize(palette=reference, dither=Image.Dither.NONE)


def as_seen(image: Image.Image) -> Image.Image:
    return image.convert("RGB")


@settings(max_examples=60, deadline=None)
@given(
    xy=positions,
    text=texts,
    size=st.sampled_from([17, 18, 20, 22, 30]),
    colours=st.sampled_from([(INK, BACKGROUND), (MUTED_INK, BACKGROUND), (WHITE, HIGHLIGHT_TEXT)]),
    anchor=anchors,
    bold=st.booleans(),
)
def test_stamped_text_matches_pillows_text_pixel_for_pixel(
    xy: tuple[float, float],
    text: str,
    size: int,
    colours: tuple[tuple[int, int, int], tuple[int, int, int]],
    anchor: str | None,
    bold: bool,
) -> None:
    ink, paper = colours
    canvas = Canvas.new(SIZE, paper)
    canvas.text(xy, text, size, ink, paper, anchor=anchor, bold=bold)
    expected = drawn_by_pillow(xy, text, size, ink, paper, anchor, bold)
    assert ImageChops.difference(as_seen(canvas.image), expected).getbbox() is None


def test_the_same_text_on_another_paper_blends_with_that_paper() -> None:
    canvas = Canvas.new(SIZE, BACKGROUND)
    canvas.draw.rectangle((0, 0, SIZE[0] - 1, SIZE[1] // 2), fill=HIGHLIGHT_BAND)
    canvas.text((10, 10), "Anne", 20, INK, HIGHLIGHT_BAND)
    canvas.text((10.5, 35), "Anne", 20, INK, BACKGROUND)
    expected = Image.new("RGB", SIZE, BACKGROUND)
    draw = ImageDraw.Draw(expected)
    draw.rectangle((0, 0, SIZE[0] - 1, SIZE[1] // 2), fill=HIGHLIGHT_BAND)
    draw.text((10, 10), "Anne", fill=INK, font=font(20))
    draw.text((10.5, 35), "Anne", fill=INK, font=font(20))
    difference = ImageChops.difference(as_seen(canvas.image), as_seen(reduced(expected)))
    assert difference.getbbox() is None


def test_text_with_nothing_to_draw_leaves_the_image_alone() -> None:
    canvas = Canvas.new(SIZE, BACKGROUND)
    canvas.text((10, 10), "", 20, INK, BACKGROUND)
    canvas.text((10, 10), "   ", 20, INK, BACKGROUND)
    assert as_seen(canvas.image).getcolors() == [(SIZE[0] * SIZE[1], BACKGROUND)]


def test_the_canvas_lists_each_text_with_the_box_its_ink_covers() -> None:
    canvas = Canvas.new(SIZE, BACKGROUND)
    canvas.text((20.5, 30), "Zoë +3", 20, INK, BACKGROUND, anchor="lm", bold=True)
    canvas.text((150, 10), "Иван", 17, MUTED_INK, BACKGROUND, anchor="ra")
    blank = Image.new("RGB", SIZE, BACKGROUND)
    first, second = canvas.texts
    assert (first.text, second.text) == ("Zoë +3", "Иван")
    for drawn in canvas.texts:
        only = as_seen(canvas.image)
        other = second if drawn is first else first
        only.paste(BACKGROUND, other.box)
        assert ImageChops.difference(only, blank).getbbox() == drawn.box
