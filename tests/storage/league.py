"""A small league: five finished games in one guild, one in another, a cancelled and an
abandoned game, with the figures the leaderboard tests compute by hand."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.storage import Storage, TransitionWrite

from .helpers import open_game, play_finished_game, start


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)  # type: ignore[misc]


GUILD = 100
OTHER_GUILD = 900
ANNE, BEN, CHRIS, DANA = 1, 2, 3, 4
NAMES = {ANNE: "Anne", BEN: "Ben", CHRIS: "Chris", DANA: "Dana"}

# (finished at, points per stage, stages in which the player reached second place)
GAMES = [
    (
        utc(2026, 1, 10, 12),
        {ANNE: [3, 0, 0, 0, 2], BEN: [0, 4, 0, 0, 0], CHRIS: [0, 0, -2, 0, 0]},
        {ANNE: [1, 5], BEN: [2], CHRIS: [3]},
    ),  # totals 5, 4, -2: Ben wins
    (
        utc(2026, 2, 5, 9),
        {ANNE: [0, 0, 6, 0, 0], BEN: [2, 0, 0, 0, 0], DANA: [0, 1, 0, 0, 0]},
        {ANNE: [3], BEN: [1], DANA: [2]},
    ),  # totals 6, 2, 1: Ben wins
    (
        utc(2026, 2, 20, 18),
        {ANNE: [1, 1, 0, 0, 0], CHRIS: [2, 0, 0, 0, 0]},
        {},
    ),  # totals 2, 2: a shared win
    (
        utc(2026, 3, 14, 12),
        {BEN: [0, 0, 0, 7, 0], CHRIS: [0, 3, 0, 0, 0], DANA: [0, 0, 0, 0, 1]},
        {CHRIS: [2, 4], DANA: [5]},
    ),  # totals 7, 3, 1: Chris wins
    (
        utc(2026, 3, 20, 8),
        {ANNE: [0, 0, 0, 0, 4], DANA: [1, 0, 0, 0, 0]},
        {DANA: [1]},
    ),  # totals 4, 1: Dana wins
]


async def seed_league(storage: Storage) -> None:
    for index, (when, points, seconds) in enumerate(GAMES):
        names = dict(NAMES)
        if index == len(GAMES) - 1:
            names[ANNE] = "Annie"  # renamed since: the latest name is shown
        await play_finished_game(storage, points, seconds, now=when, names=names)
    # Cancelled and abandoned games never count, whatever they hold.
    lobby = await open_game(storage, [(ANNE, "Anne"), (BEN, "Ben")], now=utc(2026, 2, 1))
    await storage.commit_transition(
        TransitionWrite(
            game_id=lobby.id,
            expected_version=None,
            status="cancelled",
            now=utc(2026, 2, 1),
        )
    )
    running = await start(storage, await open_game(storage, [(CHRIS, "C"), (DANA, "D")]))
    await storage.commit_transition(
        TransitionWrite(
            game_id=running.id,
            expected_version=None,
            status="abandoned",
            now=utc(2026, 2, 2),
        )
    )
    # Same people, another server.
    await play_finished_game(
        storage,
        {ANNE: [9, 9, 9, 9, 9], BEN: [0, 0, 0, 0, 1]},
        guild_id=OTHER_GUILD,
        now=utc(2026, 2, 10),
        names=NAMES,
    )
