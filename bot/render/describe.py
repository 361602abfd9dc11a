"""The board in words: the picture's alt text, and the text fallback when files are not allowed."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from bot.render.board import START_SPACE, Board, Figure

# Discord's limit for an attachment's description.
MAX_DESCRIPTION = 1024


def describe_board(board: Board, locale: str | None = None) -> str:
    """E.g. ``"Stage 2 · Round 3: Anne on 5, Ben and Leo on START. Scoring space: 5."``."""
    parts: list[str] = []
    if board.caption:
        caption = t("render.caption_separator", locale).join(board.caption)
        parts.append(t("render.caption", locale, caption=caption))
    groups = [
        t(
            "render.figures_on_space",
            locale,
            names=join_names([figure.name for figure in board.figures_on(space)], locale),
            space=space_word(space, locale),
        )
        for space in sorted({figure.space for figure in board.figures}, reverse=True)
    ]
    if groups:
        parts.append(
            t("render.positions", locale, positions=t("render.list_separator", locale).join(groups))
        )
    moves = [_move(figure, locale) for figure in board.figures if figure.shows_move]
    if moves:
        parts.append(
            " "
            + t("render.last_moves", locale, moves=t("render.list_separator", locale).join(moves))
        )
    if board.highlight_space is not None:
        parts.append(
            " " + t("render.scoring_space", locale, space=space_word(board.highlight_space, locale))
        )
    return _shorten("".join(parts).strip(), MAX_DESCRIPTION)


def space_word(space: int, locale: str | None = None) -> str:
    return t("render.start", locale) if space == START_SPACE else str(space)


def join_names(names: Sequence[str], locale: str | None = None) -> str:
    """``["Ben"]`` → ``"Ben"``; two → ``"Ben and Leo"``; more → ``"Ann, Ben and Leo"``."""
    if len(names) <= 1:
        return "".join(names)
    if len(names) == 2:
        return t("render.names_two", locale, first=names[0], second=names[1])
    rest = t("render.list_separator", locale).join(names[:-1])
    return t("render.names_many", locale, rest=rest, last=names[-1])


def _move(figure: Figure, locale: str | None) -> str:
    key = "render.move_clamped" if figure.clamped else "render.move"
    return t(key, locale, name=figure.name, delta=figure.delta_label)


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
