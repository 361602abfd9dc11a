"""SQLite's placeholders as PostgreSQL numbers them."""

from __future__ import annotations

import pytest

from bot.storage.placeholders import arguments, numbered


def test_question_marks_are_numbered_in_order() -> None:
    assert arguments("SELECT a FROM t WHERE b = ? AND c > ?", (1, 2)) == (
        "SELECT a FROM t WHERE b = $1 AND c > $2",
        (1, 2),
    )


def test_a_name_used_twice_is_one_number() -> None:
    sql = "SELECT :game, :user WHERE game_id = :game"
    assert arguments(sql, {"user": 7, "game": 3, "unused": 0}) == (
        "SELECT $1, $2 WHERE game_id = $1",
        (3, 7),
    )


def test_quoted_text_names_and_casts_are_left_alone() -> None:
    sql = "SELECT '?', 'it''s :not', \"odd:name?\", x::text, ? FROM t WHERE y = :y"
    with pytest.raises(ValueError, match="mixes"):
        numbered(sql)
    text, fills = numbered(sql.replace(":y", "?"))
    assert text == "SELECT '?', 'it''s :not', \"odd:name?\", x::text, $1 FROM t WHERE y = $2"
    assert fills == 2


def test_the_wrong_kind_of_parameters_is_refused() -> None:
    with pytest.raises(ValueError, match="needs a mapping"):
        arguments("SELECT :a", (1,))
    with pytest.raises(ValueError, match="needs a sequence"):
        arguments("SELECT ?", {"a": 1})
