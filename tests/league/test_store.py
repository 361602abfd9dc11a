"""The league's own tables, on both databases: a night under a version as a game's state is,
and what privacy exports, erases and forgets of them once the bot has registered them."""

from __future__ import annotations

import dataclasses

import pytest

from bot.league.night import Join, Night, Phase, apply
from bot.league.store import LeagueBusy, LeagueStore, LeagueWrite
from bot.storage import StaleVersion, StillPlaying, Storage, player_id
from tests.commands import owned_tables
from tests.storage.test_personal_data import holding

from .leagues import T0, finished_league, opened_league

ANNE, BEN, CLEO, DAN = 6660001, 6660002, 6660003, 6660004
NAMES = {ANNE: "Annabelle", BEN: "Ben", CLEO: "Cleo", DAN: "Dan"}


@pytest.fixture
async def kept(storage: Storage) -> Storage:
    """The storage as the bot uses it: the features' own tables registered."""
    storage.own(await owned_tables())
    return storage


async def test_a_league_reads_back_as_it_was_opened(storage: Storage) -> None:
    leagues = LeagueStore(storage.units)
    opened = await opened_league(storage, NAMES)
    assert opened.phase is Phase.OPEN
    assert opened.version == 1
    assert opened.night.players == tuple(player_id(user) for user in NAMES)
    assert opened.names[player_id(ANNE)] == "Annabelle"
    assert opened.options == {"variant": "standard"}
    assert await leagues.league(opened.id) == opened
    assert await leagues.by_token(opened.token) == opened
    assert await leagues.open_in_channel(300) == opened
    assert await leagues.open_leagues() == [opened]


async def test_one_open_league_per_channel(storage: Storage) -> None:
    first = await opened_league(storage, NAMES)
    with pytest.raises(LeagueBusy):
        await opened_league(storage, NAMES)
    other = await opened_league(storage, NAMES, channel_id=301)
    assert {league.id for league in await LeagueStore(storage.units).open_leagues()} == {
        first.id,
        other.id,
    }


async def test_of_two_writers_of_one_version_exactly_one_wins(storage: Storage) -> None:
    leagues = LeagueStore(storage.units)
    opened = await opened_league(storage, dict(list(NAMES.items())[:3]))
    joined = apply(opened.night, Join(player_id(DAN), rating=990.0))
    assert isinstance(joined, Night)
    write = LeagueWrite(
        league_id=opened.id,
        expected_version=1,
        night=joined,
        names={player_id(DAN): "Dan"},
        now=T0,
    )
    after = await leagues.commit(write)
    assert after.version == 2
    assert after.names[player_id(DAN)] == "Dan"
    with pytest.raises(StaleVersion):
        await leagues.commit(dataclasses.replace(write, message_id=55))
    assert await leagues.league(opened.id) == after


async def test_a_finished_league_frees_its_channel(storage: Storage) -> None:
    finished = await finished_league(storage, NAMES)
    assert finished.phase is Phase.FINISHED
    assert finished.night.champion() is not None
    leagues = LeagueStore(storage.units)
    assert await leagues.open_in_channel(300) is None
    assert await leagues.open_leagues() == []
    await opened_league(storage, NAMES)


async def test_an_export_shows_the_leagues_a_person_was_in(kept: Storage) -> None:
    league = await finished_league(kept, NAMES)
    rows = await kept.personal_rows(BEN)
    assert rows["league_players"] == [
        {"league_id": str(league.id), "user_id": str(BEN), "display_name": "Ben"}
    ]
    assert rows["leagues"] == []
    hosted = (await kept.personal_rows(ANNE))["leagues"]
    assert [row["id"] for row in hosted] == [str(league.id)]
    assert str(ANNE) in str(hosted[0]["state"])


async def test_erasing_a_person_leaves_no_trace_of_them_in_a_league(
    kept: Storage, database: str
) -> None:
    league = await finished_league(kept, NAMES)
    standings_before = [(s.points, s.wins, s.played) for s in league.night.standings()]
    await kept.erase_person(ANNE)
    assert await holding(database, kept.dialect, str(ANNE)) == []
    assert await holding(database, kept.dialect, "Annabelle") == []
    after = await LeagueStore(kept.units).league(league.id)
    assert after is not None
    assert [(s.points, s.wins, s.played) for s in after.night.standings()] == standings_before
    assert after.names[player_id(BEN)] == "Ben"


async def test_a_person_in_an_open_league_is_not_erased(kept: Storage) -> None:
    league = await opened_league(kept, NAMES)
    with pytest.raises(StillPlaying):
        await kept.erase_person(BEN)
    assert await LeagueStore(kept.units).league(league.id) == league


async def test_a_forgotten_server_takes_its_leagues(kept: Storage, database: str) -> None:
    gone = 7770011
    await finished_league(kept, NAMES, guild_id=gone)
    kept_league = await finished_league(kept, NAMES, guild_id=7770012, channel_id=301)
    await kept.forget_server(gone)
    assert await holding(database, kept.dialect, str(gone)) == []
    assert await LeagueStore(kept.units).league(kept_league.id) == kept_league
