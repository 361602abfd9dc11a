"""The words written on the picture, reduced to what the bundled font can draw."""

from __future__ import annotations

from bot.i18n import t
from bot.render.board import START_SPACE, Figure
from bot.render.glyphs import drawable


def words(key: str, locale: str | None, **values: object) -> str:
    """A catalog sentence as the picture can write it."""
    return drawable(t(key, locale, **values))


def space_label(space: int, locale: str | None = None) -> str:
    return words("render.start", locale) if space == START_SPACE else str(space)


def figure_initial(figure: Figure) -> str:
    """The figure's initial, or its seat number if the font cannot draw the initial."""
    initial = drawable(figure.initial)[:2].strip()
    if initial:
        return initial
    return "?" if figure.colour is None else str(figure.colour + 1)


def figure_name(figure: Figure, locale: str | None) -> str:
    """The figure's name, or "Player 3" if the font can draw none of it."""
    name = drawable(figure.name)
    if name or figure.colour is None:
        return name or figure_initial(figure)
    return words("render.player_number", locale, number=figure.colour + 1)
