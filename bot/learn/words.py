"""The notes in a language: each a sentence or two of the catalog (`learn.<note>`), in the words
of the rules (docs/RULES.md), with this game's figures and numbers where the moment has them."""

from __future__ import annotations

import engine
from bot.i18n import join_names, t
from bot.learn.moments import Note, first_stop, scoring_space
from bot.messages.table import Table

MARK = "💡"


def said(
    notes: tuple[Note, ...], table: Table, state: engine.GameState, locale: str | None
) -> str | None:
    """The notes as the player reads them, one a line; None for no note."""
    if not notes:
        return None
    return "\n".join(f"{MARK} {sentence(note, table, state, locale)}" for note in notes)


def sentence(note: Note, table: Table, state: engine.GameState, locale: str | None) -> str:
    key = f"learn.{note.value}"
    if note is Note.TRACK_END:
        stop = first_stop(state)
        assert stop is not None, "a track's end is noted once a figure stopped there"
        return t(key, locale, figure=table.name(stop.figure), space=stop.space)
    if note is Note.STAGE_END:
        space = scoring_space(state, 1)
        if space is None:
            return t("learn.stage_end_nobody", locale)
        shown = t("reveal.start_space", locale) if space == engine.START else space
        return t(key, locale, space=shown)
    if note is Note.GAME_END:
        return _game_end(table, state, locale)
    return t(key, locale)


def _game_end(table: Table, state: engine.GameState, locale: str | None) -> str:
    """Who won with the second-highest total, and whose highest total did not win."""
    totals = engine.totals(state)
    ranked = sorted(set(totals.values()), reverse=True)
    if len(ranked) == 1:
        return t("learn.game_end_shared", locale, total=ranked[0])

    def named(total: int) -> str:
        figures = [figure for figure, at in totals.items() if at == total]
        return join_names([table.name(figure) for figure in figures], locale)

    highest, winning = ranked[0], ranked[1]
    return t(
        "learn.game_end",
        locale,
        winners=named(winning),
        total=winning,
        leaders=named(highest),
        highest=highest,
    )
