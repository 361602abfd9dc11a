"""The league's own tables (migrations/0011_leagues.sql) on the bot's database: a league's night
under a version, as a game's state is (of two writers, exactly one wins), and who is in it.
Each write is one unit of work, durable before it returns.

`LEAGUE_TABLES` says what they keep about people and servers: the privacy export shows it, the
erasure renames a person as it does in a game's records, and a forgotten server's leagues go
with it (bot/storage/personal_data.py)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType

from bot.league.codec import night_from_dict, night_to_dict
from bot.league.night import Night, Phase
from bot.storage import JsonObject, PlayerId, StaleVersion, StillPlaying, player_id
from bot.storage.erasure import FORMER_PLAYER_NAME, former_player, renamed
from bot.storage.errors import GameConflict
from bot.storage.personal_data import OwnedTables, PersonalTable
from bot.storage.sql import Row, Session, dump_json
from bot.storage.timefmt import moment_from_db, to_db
from bot.storage.units import Database

ACTIVE = "status IN ('open', 'playing')"
TOKEN_BYTES = 24
"""A league's standings page carries 24 random bytes in its address, as a replay's does."""
_COLUMNS = (
    "id, guild_id, channel_id, host_id, version, state, options, message_id, token, created_at, "
    "(SELECT {} FROM league_players WHERE league_id = leagues.id)"
)


class LeagueBusy(GameConflict):
    def __init__(self, channel_id: int, league_id: int) -> None:
        super().__init__(f"channel {channel_id} already has an open league ({league_id})")
        self.league_id = league_id


@dataclass(frozen=True)
class LeagueRecord:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    version: int
    night: Night
    options: JsonObject
    """The game options its tables play with (bot/options.py)."""
    names: Mapping[PlayerId, str]
    """Every entrant's name, as they joined."""
    message_id: int | None
    """The league's post in its channel."""
    token: str
    """Its standings page's address (/l/<token>)."""
    created_at: datetime

    @property
    def phase(self) -> Phase:
        return self.night.phase


@dataclass(frozen=True, kw_only=True)
class NewLeague:
    guild_id: int
    channel_id: int
    host_id: int
    night: Night
    names: Mapping[PlayerId, str]
    options: JsonObject
    now: datetime


@dataclass(frozen=True, kw_only=True)
class LeagueWrite:
    league_id: int
    expected_version: int
    night: Night
    now: datetime
    names: Mapping[PlayerId, str] = field(default_factory=lambda: MappingProxyType({}))
    """Names of players who joined with this write."""
    message_id: int | None = None
    """The league's post, once posted (None keeps the one stored)."""


class LeagueStore:
    def __init__(self, units: Database) -> None:
        self._units = units

    async def open(self, new: NewLeague) -> LeagueRecord:
        """The new league; LeagueBusy if the channel has an open one."""

        async def work(db: Session) -> LeagueRecord:
            await db.lock_channel(new.channel_id)
            busy = await db.one(
                f"SELECT id FROM leagues WHERE {ACTIVE} AND channel_id = ?", (new.channel_id,)
            )
            if busy is not None:
                raise LeagueBusy(new.channel_id, int(busy[0]))
            stamp = to_db(new.now)
            created = await db.one(
                "INSERT INTO leagues (guild_id, channel_id, host_id, status, options, version, "
                "state, token, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?) "
                "RETURNING id",
                (
                    new.guild_id,
                    new.channel_id,
                    new.host_id,
                    str(new.night.phase),
                    dump_json(new.options),
                    dump_json(night_to_dict(new.night)),
                    secrets.token_urlsafe(TOKEN_BYTES),
                    stamp,
                    stamp,
                ),
            )
            assert created is not None
            await _add_names(db, int(created[0]), new.names)
            return await _load_existing(db, int(created[0]))

        return await self._units.write("open a league", work)

    async def set_message_id(self, league_id: int, message_id: int) -> None:
        """The league's post (its version does not change: the night did not)."""
        await self._units.write(
            "store a league's post",
            lambda db: db.execute(
                "UPDATE leagues SET message_id = ? WHERE id = ?", (message_id, league_id)
            ),
        )

    async def league(self, league_id: int) -> LeagueRecord | None:
        return await self._units.read("load a league", lambda db: _load(db, "id = ?", league_id))

    async def open_in_channel(self, channel_id: int) -> LeagueRecord | None:
        return await self._units.read(
            "load a channel's league",
            lambda db: _load(db, f"{ACTIVE} AND channel_id = ?", channel_id),
        )

    async def by_token(self, token: str) -> LeagueRecord | None:
        return await self._units.read(
            "load a league by its token", lambda db: _load(db, "token = ?", token)
        )

    async def open_leagues(self) -> list[LeagueRecord]:
        """Every open or playing league (what a restarted process goes on with)."""

        async def work(db: Session) -> list[LeagueRecord]:
            sql = f"SELECT {_columns(db)} FROM leagues WHERE {ACTIVE} ORDER BY id"
            return [_record(row) for row in await db.all(sql)]

        return await self._units.read("load the open leagues", work)

    async def commit(self, write: LeagueWrite) -> LeagueRecord:
        """The night after an action, version + 1; StaleVersion if another writer came first."""

        async def work(db: Session) -> LeagueRecord:
            moved = await db.one(
                "UPDATE leagues SET version = version + 1, state = ?, status = ?, "
                "message_id = coalesce(?, message_id), updated_at = ? "
                "WHERE id = ? AND version = ? RETURNING id",
                (
                    dump_json(night_to_dict(write.night)),
                    str(write.night.phase),
                    write.message_id,
                    to_db(write.now),
                    write.league_id,
                    write.expected_version,
                ),
            )
            if moved is None:
                actual = await db.one(
                    "SELECT version FROM leagues WHERE id = ?", (write.league_id,)
                )
                found = -1 if actual is None else int(actual[0])
                raise StaleVersion(write.league_id, write.expected_version, found)
            await _add_names(db, write.league_id, write.names)
            return await _load_existing(db, write.league_id)

        return await self._units.write("store a league", work)


def _columns(db: Session) -> str:
    return _COLUMNS.format(db.dialect.json_pairs.format("user_id", "display_name"))


def _record(row: Row) -> LeagueRecord:
    names = json.loads(row[10] or "{}")
    return LeagueRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        host_id=row[3],
        version=row[4],
        night=night_from_dict(json.loads(row[5])),
        options=json.loads(row[6]),
        names={PlayerId(str(user)): str(name) for user, name in names.items()},
        message_id=row[7],
        token=row[8],
        created_at=moment_from_db(row[9]),
    )


async def _load(db: Session, where: str, value: object) -> LeagueRecord | None:
    row = await db.one(f"SELECT {_columns(db)} FROM leagues WHERE {where}", (value,))
    return None if row is None else _record(row)


async def _load_existing(db: Session, league_id: int) -> LeagueRecord:
    loaded = await _load(db, "id = ?", league_id)
    assert loaded is not None
    return loaded


async def _add_names(db: Session, league_id: int, names: Mapping[PlayerId, str]) -> None:
    await db.execute_many(
        "INSERT INTO league_players (league_id, user_id, display_name) VALUES (?, ?, ?) "
        "ON CONFLICT (league_id, user_id) DO UPDATE SET display_name = excluded.display_name",
        [(league_id, int(player), name) for player, name in names.items()],
    )


async def erase_from_leagues(db: Session, user_id: int) -> None:
    """A person erased: in each league they were in, a former player of that league (by the
    order they joined in) in their place, in its night and its names; StillPlaying while one
    of them is still open."""
    hosting = await db.one(f"SELECT id FROM leagues WHERE host_id = ? AND {ACTIVE}", (user_id,))
    if hosting is not None:
        raise StillPlaying(f"user {user_id} hosts an open league")
    rows = await db.all(
        "SELECT leagues.id, leagues.state, leagues.status FROM leagues "
        "JOIN league_players ON league_players.league_id = leagues.id "
        "WHERE league_players.user_id = ?",
        (user_id,),
    )
    for league_id, state, status in rows:
        if status in ("open", "playing"):
            raise StillPlaying(f"user {user_id} is in an open league")
        night = night_from_dict(json.loads(state))
        joined = next(e.joined for e in night.entrants if e.player == player_id(user_id))
        placeholder = former_player(joined)
        stored = renamed(json.loads(state), str(user_id), str(placeholder))
        await db.execute(
            "UPDATE leagues SET state = ? WHERE id = ?", (dump_json(stored), league_id)
        )
        await db.execute(
            "UPDATE league_players SET user_id = ?, display_name = ? "
            "WHERE league_id = ? AND user_id = ?",
            (placeholder, FORMER_PLAYER_NAME, league_id, user_id),
        )
    await db.execute(
        "UPDATE leagues SET host_id = ? WHERE host_id = ?", (former_player(0), user_id)
    )


LEAGUE_TABLES = OwnedTables(
    personal=(
        PersonalTable(
            "leagues",
            "host_id",
            ("id", "guild_id", "channel_id", "host_id", "status", "state", "created_at"),
            ("host_id", "state"),
        ),
        PersonalTable(
            "league_players",
            "user_id",
            ("league_id", "user_id", "display_name"),
            ("user_id", "display_name"),
        ),
    ),
    erase=erase_from_leagues,
    of_servers=("leagues",),
)
