"""The words written on the picture, in the board's language, from the ``[render]`` catalog."""

from __future__ import annotations

from dataclasses import astuple, dataclass
from functools import lru_cache

from bot.i18n import t
from bot.render.board import SEAT_COLOURS
from bot.render.glyphs import drawable


@dataclass(frozen=True)
class PictureWords:
    """Every word of the picture that is not a name, a number or a caption line.

    ``players`` are the stand-ins for names the font cannot draw: ``players[0]`` for seat 0."""

    brand: str
    start: str
    scores: str
    clamped: str
    players: tuple[str, ...]

    def drawable(self) -> bool:
        """The picture's font can draw every letter of every word."""
        texts = [*astuple(self)[:-1], *self.players]
        return all(drawable(text) == " ".join(text.split()) for text in texts)


@lru_cache(maxsize=64)
def picture_words(locale: str | None = None) -> PictureWords:
    """The words in ``locale``; in English if the font cannot draw that language's script."""
    words = _catalog_words(locale)
    return words if words.drawable() else _catalog_words(None)


def _catalog_words(locale: str | None) -> PictureWords:
    return PictureWords(
        brand=t("render.brand", locale),
        start=t("render.start", locale),
        scores=t("render.scores", locale),
        clamped=t("render.legend_clamped", locale),
        players=tuple(
            t("render.player_number", locale, number=seat + 1) for seat in range(SEAT_COLOURS)
        ),
    )
