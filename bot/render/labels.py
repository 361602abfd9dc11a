"""What the picture writes for a space and a figure, reduced to what its font can draw."""

from __future__ import annotations

from bot.render.board import START_SPACE, Figure
from bot.render.glyphs import drawable
from bot.render.words import PictureWords


def space_label(space: int, words: PictureWords) -> str:
    return words.start if space == START_SPACE else str(space)


def figure_initial(figure: Figure) -> str:
    """The figure's initial, or its seat number if the font cannot draw the initial."""
    initial = drawable(figure.initial)[:2].strip()
    if initial:
        return initial
    return "?" if figure.colour is None else str(figure.colour + 1)


def figure_name(figure: Figure, words: PictureWords) -> str:
    """The figure's name, or "Player 3" if the font can draw no letter or digit of it."""
    name = drawable(figure.name)
    if any(char.isalnum() for char in name):
        return name
    if figure.colour is None:
        return name or figure_initial(figure)
    return words.players[figure.colour]


def move_label(figure: Figure, words: PictureWords) -> str:
    """``"A +3"``, and ``"E +4 (edge)"`` when an end of the track cut the move short."""
    label = f"{figure_initial(figure)} {figure.delta_label}"
    return f"{label} ({words.clamped})" if figure.clamped else label
