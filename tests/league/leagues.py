"""Leagues stored as the bot stores them, for the tests of their tables."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.league.night import Join, Night, Phase, Start, TableEnded, apply
from bot.league.store import LeagueRecord, LeagueStore, LeagueWrite, NewLeague
from bot.storage import Storage, player_id

T0 = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)


def joined(names: dict[int, str], games: int = 2) -> Night:
    night = Night(games=games, table_size=4, seed=5)
    for user in names:
        outcome = apply(night, Join(player_id(user), rating=1000.0))
        assert isinstance(outcome, Night)
        night = outcome
    return night


async def opened_league(
    storage: Storage, names: dict[int, str], *, guild_id: int = 100, channel_id: int = 300
) -> LeagueRecord:
    """A league opened by the first of `names`, all of them in it."""
    return await LeagueStore(storage.units).open(
        NewLeague(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=next(iter(names)),
            night=joined(names),
            names={player_id(user): name for user, name in names.items()},
            options={"variant": "standard"},
            now=T0,
        )
    )


async def finished_league(
    storage: Storage, names: dict[int, str], *, guild_id: int = 100, channel_id: int = 300
) -> LeagueRecord:
    """A league of two games whose every table the first seated player won."""
    record = await opened_league(storage, names, guild_id=guild_id, channel_id=channel_id)
    night = _applied(record.night, Start())
    while night.phase is Phase.PLAYING:
        for table in night.open_tables():
            night = _applied(night, TableEnded(night.game, table, (night.tables[table][0],)))
    return await LeagueStore(storage.units).commit(
        LeagueWrite(league_id=record.id, expected_version=record.version, night=night, now=T0)
    )


def _applied(night: Night, action: object) -> Night:
    outcome = apply(night, action)  # type: ignore[arg-type]
    assert isinstance(outcome, Night), outcome
    return outcome
