"""The notes' words carry the moment's own figures and numbers: who stopped where at the track's
end, which space scored, who won with the second-highest total and whose highest did not."""

from __future__ import annotations

import engine
from bot.i18n import t
from bot.learn.moments import Note, first_stop, scoring_space
from bot.learn.words import said, sentence
from bot.messages.table import Table
from bot.storage.records import PlayerId
from tests.learn.test_moments import PLAYERS, played

NAMES = dict(zip(PLAYERS, ("Anne", "Ben", "Cleo", "Dan", "Eve", "Finn"), strict=True))


def table_of(state: engine.GameState) -> Table:
    players = tuple(PlayerId(player) for player in state.players)
    return Table(1, 2, 3, players, {player: NAMES[player] for player in players})


def test_the_end_names_the_winners_and_the_highest_total() -> None:
    state = played(4, "standard", 8)[-1][0]
    totals = engine.totals(state)
    highest, winning = sorted(set(totals.values()), reverse=True)[:2]
    text = sentence(Note.GAME_END, table_of(state), state, "en")
    winners = [NAMES[f] for f, total in totals.items() if total == winning]
    leaders = [NAMES[f] for f, total in totals.items() if total == highest]
    assert text.startswith(f"The second-highest total wins: {winners[0]}")
    assert f"with {winning}. The highest, {highest}, was {leaders[0]}" in text


def test_the_track_end_and_the_scoring_say_where() -> None:
    state = next(
        s for s in (played(6, "standard", seed)[-1][0] for seed in range(1, 30)) if first_stop(s)
    )
    stop = first_stop(state)
    assert stop is not None
    table = table_of(state)
    assert sentence(Note.TRACK_END, table, state, "de").startswith(
        f"{NAMES[stop.figure]} bleibt auf {stop.space} stehen"
    )
    space = scoring_space(state, 1)
    scored = sentence(Note.STAGE_END, table, state, "it")
    shown = t("reveal.start_space", "it") if space == engine.START else space
    assert (f"(qui {shown})" in scored) is (space is not None)


def test_notes_come_one_a_line_behind_the_mark() -> None:
    state = played(4, "standard", 2)[0][0]
    assert said((), table_of(state), state, "en") is None
    both = said((Note.FIRST_HAND, Note.FIFTH_ROUND), table_of(state), state, "en")
    assert both is not None
    assert [line.startswith("💡 ") for line in both.splitlines()] == [True, True]
