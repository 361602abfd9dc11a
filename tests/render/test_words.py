"""The picture speaks the board's language, and writes long words whole, inside the picture."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.i18n import t
from bot.render import Board, Figure, describe_board, layout_for, render_track
from bot.render.canvas import Canvas
from bot.render.track import draw_board
from bot.render.words import PictureWords, picture_words
from tests.render.boards import SEVEN_FIGURES, assert_texts_inside_and_apart

LONG_START = "Ausgangsfeldposition"  # 20 characters
GERMAN = PictureWords(
    brand="Warum Erster?",
    start=LONG_START,
    scores="Punktwertung: Feld 11",
    clamped="am Streckenende gestoppt",
    players=tuple(f"Spielerin oder Spieler {seat}" for seat in range(1, 7)),
)
ENGLISH_WORDS = {"START", "scores", "edge", "Player", "Why First?"}


def board_with_every_word(highlight: int) -> Board:
    """START, the scoring tag, a move cut short, a name the font cannot draw, a long caption."""
    return Board(
        figures=(
            Figure("Anne", "A", 0, 0, moved_from=-3, delta=3),
            Figure("山田", "2", 1, highlight),
            Figure("Emil", "E", 2, 16, moved_from=14, delta=4),
            Figure("Dana", "D", 3, -12, moved_from=-10, delta=-5),
            Figure("Leo", "L", None, 3, moved_from=1, delta=2),
        ),
        highlight_space=highlight,
        caption=(
            "Etappe 3 · Runde 5 · Zweiter gewinnt, Erster geht leer aus, alle anderen warten",
            "Punktwertung: das zweitweiteste Feld, 11, bringt 11 Punkte; das weiteste nichts",
        ),
    )


def written(canvas: Canvas) -> list[str]:
    return [drawn.text for drawn in canvas.texts]


@pytest.mark.parametrize("highlight", [-12, 5, 11, 16])
def test_long_german_words_are_written_whole_inside_the_picture(highlight: int) -> None:
    canvas = draw_board(board_with_every_word(highlight), GERMAN)
    texts = written(canvas)
    for word in (LONG_START, "Punktwertung: Feld 11", "Warum Erster?", "Spielerin oder Spieler 2"):
        assert word in texts
    assert "E +4 (am Streckenende gestoppt)" in texts
    assert f"  {LONG_START}  (+3)" in texts  # Anne's space in the legend
    assert not any("…" in text for text in texts)
    assert_texts_inside_and_apart(canvas)


def test_no_english_word_is_left_in_a_translated_picture() -> None:
    canvas = draw_board(board_with_every_word(11), GERMAN)
    for text in written(canvas):
        assert not any(word in text for word in ENGLISH_WORDS), text


def test_a_long_caption_wraps_beside_the_brand_instead_of_running_into_it() -> None:
    board = board_with_every_word(11)
    layout = layout_for(board, GERMAN)
    assert len(layout.title) >= 2
    assert " ".join(layout.title) == board.caption[0]
    assert " ".join(layout.subtitles) == board.caption[1]
    texts = written(draw_board(board, GERMAN))
    assert all(line in texts for line in (*layout.title, *layout.subtitles))


def test_english_words_come_from_the_catalog() -> None:
    words = picture_words(None)
    assert words.start == t("render.start") == "START"
    assert words.scores == t("render.scores")
    assert words.clamped == t("render.legend_clamped")
    assert words.brand == t("render.brand")
    assert words.players[2] == t("render.player_number", number=3) == "Player 3"
    canvas = draw_board(board_with_every_word(11), words)
    assert {"START", "scores", "E +4 (edge)", "Player 2", "Why First?"} <= set(written(canvas))
    assert_texts_inside_and_apart(canvas)


def test_the_board_locale_reaches_the_picture_and_the_description() -> None:
    board = replace(SEVEN_FIGURES, locale="de")
    assert picture_words("de") != picture_words(None)
    assert render_track(board) == render_track(SEVEN_FIGURES, "de")
    assert render_track(board) != render_track(SEVEN_FIGURES)
    assert describe_board(board) == describe_board(SEVEN_FIGURES, "de")
    assert describe_board(board) != describe_board(SEVEN_FIGURES)


def test_a_locale_without_a_catalog_draws_english_word_for_word() -> None:
    assert picture_words("fr") == picture_words(None)
    assert render_track(replace(SEVEN_FIGURES, locale="fr")) == render_track(SEVEN_FIGURES)


def test_words_in_a_script_the_font_lacks_fall_back_to_english() -> None:
    japanese = replace(GERMAN, start="スタート")
    assert not japanese.drawable()
    russian = replace(GERMAN, start="СТАРТ", scores="очки", players=("Игрок 1",) * 6)
    assert russian.drawable()
