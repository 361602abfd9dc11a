"""The picture of a night's final standings, posted with its champion: one row a player, the
champion's on a highlighted band, in the picture's own palette and typeface (bot/render)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import t
from bot.league.night import Night
from bot.render import palette
from bot.render.canvas import Canvas
from bot.render.fonts import LEGEND_SIZE, SUBTITLE_SIZE, TITLE_SIZE, fit
from bot.render.png_palette import encode_png
from bot.storage import PlayerId

WIDTH = 900
MARGIN = 40
TOP = 100
ROW = 44
NAME_WIDTH = 420
COLUMNS = (560, 680, 800)
"""Where the points, wins and games played end (right-aligned)."""


def standings_picture(
    league_id: int, night: Night, names: Mapping[PlayerId, str], locale: str | None
) -> bytes:
    """A PNG of the standings as they stand (a few tens of KB)."""
    board = night.standings()
    height = TOP + ROW * (len(board) + 1) + MARGIN
    canvas = Canvas.new((WIDTH, height), palette.BACKGROUND)
    canvas.text(
        (MARGIN, 30),
        t("league.page_title", locale, league=league_id),
        TITLE_SIZE,
        palette.INK,
        palette.BACKGROUND,
        bold=True,
    )
    headers = (t("league.points", locale), t("league.won", locale), t("league.played", locale))
    for right, header in zip(COLUMNS, headers, strict=True):
        canvas.text(
            (right, TOP), header, SUBTITLE_SIZE, palette.MUTED_INK, palette.BACKGROUND, "ra"
        )
    for place, standing in enumerate(board, start=1):
        top = TOP + ROW * place
        row_paper = palette.HIGHLIGHT_BAND if place == 1 else palette.BACKGROUND
        if place == 1:
            band = (MARGIN - 12, top - 8, WIDTH - MARGIN + 12, top + ROW - 12)
            canvas.draw.rounded_rectangle(band, radius=8, fill=palette.HIGHLIGHT_BAND)
        name = fit(
            f"{place}. {names.get(standing.player, standing.player)}", LEGEND_SIZE, NAME_WIDTH
        )
        canvas.text((MARGIN, top), name, LEGEND_SIZE, palette.INK, row_paper, bold=place == 1)
        figures = (standing.points, standing.wins, standing.played)
        for right, figure in zip(COLUMNS, figures, strict=True):
            canvas.text((right, top), str(figure), LEGEND_SIZE, palette.INK, row_paper, "ra")
    frame = (0, 0, WIDTH - 1, height - 1)
    canvas.draw.rectangle(frame, outline=palette.FRAME, width=2)
    return encode_png(canvas.image)
