"""The board in words: the picture's alt text, and the text fallback when files are not allowed."""

from __future__ import annotations

from bot.i18n import join_names, t
from bot.render.board import START_SPACE, Board, Figure

# Discord's limit for an attachment's description.
MAX_DESCRIPTION = 1024
SENTENCE_ENDS = (".", "!", "?", "…", ":")


def describe_board(board: Board, locale: str | None = None) -> str:
    """E.g. ``"Stage 2 · Round 3. Anne on 5, Ben and Leo on START. Scoring space: 5."``.

    In ``locale``, by default the board's own."""
    locale = board.locale if locale is None else locale
    separator = t("render.list_separator", locale)
    sentences = [_caption_sentence(line, locale) for line in board.caption if line.strip()]
    spaces = sorted({figure.space for figure in board.figures}, reverse=True)
    if spaces:
        groups = [_figures_on(board, space, locale) for space in spaces]
        sentences.append(t("render.positions", locale, positions=separator.join(groups)))
    moves = [_move(figure, locale) for figure in board.figures if figure.shows_move]
    if moves:
        sentences.append(t("render.last_moves", locale, moves=separator.join(moves)))
    if board.highlight_space is not None:
        scoring = space_word(board.highlight_space, locale)
        sentences.append(t("render.scoring_space", locale, space=scoring))
    return _shorten(t("render.sentence_separator", locale).join(sentences), MAX_DESCRIPTION)


def _figures_on(board: Board, space: int, locale: str | None) -> str:
    names = join_names([figure.name for figure in board.figures_on(space)], locale)
    return t("render.figures_on_space", locale, names=names, space=space_word(space, locale))


def _caption_sentence(line: str, locale: str | None) -> str:
    """A caption line as a sentence of its own: ``"Stage 2 · Round 3"`` → ``"… Round 3."``."""
    line = line.strip()
    return line if line.endswith(SENTENCE_ENDS) else t("render.caption_line", locale, line=line)


def space_word(space: int, locale: str | None = None) -> str:
    return t("render.start", locale) if space == START_SPACE else str(space)


def _move(figure: Figure, locale: str | None) -> str:
    key = "render.move_clamped" if figure.clamped else "render.move"
    return t(key, locale, name=figure.name, delta=figure.delta_label)


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
