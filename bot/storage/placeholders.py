"""SQLite's placeholders turned into PostgreSQL's: `?` becomes $1, $2… in order, and each
distinct `:name` one number (a name used twice is sent once). Quoted text, quoted names and
`::` casts are left alone. Translations are cached: the SQL texts are few."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from bot.storage.sql import Params

_TOKENS = re.compile(r"'(?:[^']|'')*'|\"[^\"]*\"|::|\?|(?<![\w:]):([A-Za-z_]\w*)")


@lru_cache(maxsize=1024)
def numbered(sql: str) -> tuple[str, tuple[str, ...] | int]:
    """The SQL with $n placeholders, and what fills them: the names in order, or the count
    of `?`. Mixing both kinds in one statement is refused, as SQLite refuses it."""
    names: list[str] = []
    questions = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal questions
        token = match[0]
        if token == "?":
            questions += 1
            return f"${questions}"
        if match[1] is None:  # a quoted literal, a quoted name, or a cast
            return token
        if match[1] not in names:
            names.append(match[1])
        return f"${names.index(match[1]) + 1}"

    text = _TOKENS.sub(replace, sql)
    if names and questions:
        raise ValueError(f"SQL mixes ? and :name placeholders: {sql}")
    return text, tuple(names) if names else questions


def arguments(sql: str, params: Params) -> tuple[str, tuple[object, ...]]:
    """The statement to send and its arguments in $n order."""
    text, fills = numbered(sql)
    if isinstance(fills, tuple):
        if not isinstance(params, Mapping):
            raise ValueError(f"SQL with :name placeholders needs a mapping: {sql}")
        return text, tuple(params[name] for name in fills)
    if isinstance(params, Mapping):
        if fills:
            raise ValueError(f"SQL with ? placeholders needs a sequence: {sql}")
        return text, ()
    return text, tuple(params)
