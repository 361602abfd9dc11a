"""First-game tips: a person with no finished game on record hears each rule once, the moment
it first matters, in their own hand (a DM, or the ephemeral hand in the channel), never in
public; once they have finished a game, or turned tips off, they hear none."""

from __future__ import annotations

from bot.i18n import t
from tests.e2e.learning import Shown, engine_events, first_stop, marked, notes_seen
from tests.e2e.server import Server
from tests.e2e.table import Table

SEED = "7"


def after(turn: tuple[int, int]) -> tuple[int, int]:
    """The turn whose hand comes right after `turn`'s reveal (the last hand: the game's end)."""
    stage, round_ = turn
    if round_ < 5:
        return (stage, round_ + 1)
    return (stage + 1, 1) if stage < 5 else (5, 5)


def first_game_notes(stopped: tuple[int, int] | None) -> set[Shown]:
    """Each note in the hand that comes when it first matters (a reveal's: the next one)."""
    notes = {
        Shown("first_hand", "en", 0, (1, 1), hand=True),
        Shown("first_reveal", "en", 0, (1, 2), hand=True),
        Shown("fifth_round", "en", 0, (1, 5), hand=True),
        Shown("stage_end", "en", 0, (2, 1), hand=True),
        Shown("game_end", "en", 0, (5, 5), hand=True),
    }
    if stopped is not None:
        notes.add(Shown("track_end", "en", 0, after(stopped), hand=True))
    return notes


async def test_a_first_game_explains_each_rule_in_the_newcomers_hands_and_a_second_does_not(
    server: Server,
) -> None:
    server.extra_environment["WHYFIRST_SEED"] = SEED
    await server.start_bot()
    anne, ben, cleo, dan = server.players("Anne", "Ben", "Cleo", "Dan")
    database = server.workdir / "whyfirst.sqlite3"
    first = Table(server.discord, server.games, [anne, ben], seed=3)
    await first.open(pick_seconds=600)
    await first.play_to_the_end()

    stopped = first_stop(engine_events(database, 1))
    print(f"\nthe first stop at the track's end: {stopped}")
    for player in (anne, ben):
        seen = notes_seen(player.dms())
        assert {Shown(s.note, s.locale, 0, s.turn, s.hand) for s in seen} == first_game_notes(
            stopped
        ), player.name
        assert len(seen) == len(first_game_notes(stopped))
    assert not marked(server.games.messages())

    # Anne has finished a game, Cleo has not, Dan turned tips off: with the hands in the
    # channel, only Cleo's ephemeral hand explains.
    off = await dan.slash(server.games, "whyfirst tips off")
    assert off.ephemeral_text == t("learn.tips_off", "en-US")
    second = Table(server.discord, server.games, [anne, cleo, dan], hands_in_channel=True, seed=4)
    await second.open(pick_seconds=600, hands="channel")
    await second.play_turn()
    await second.play_turn()
    assert {(s.note, s.turn) for s in notes_seen(cleo.ephemerals())} == {
        ("first_hand", (1, 1)),
        ("first_reveal", (1, 2)),
    }
    assert not marked(anne.ephemerals())
    assert not marked(dan.ephemerals())
    assert not marked(second.game_messages())
