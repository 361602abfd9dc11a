"""What is kept about a person: the export reads every row about them and nobody else's,
docs/PRIVACY.md names every column of the schema that holds personal data, erasing a person
or forgetting a server leaves nothing of them in any column of the schema."""

from __future__ import annotations

import re
import sqlite3
from datetime import timedelta
from pathlib import Path

import asyncpg
import pytest

import engine
from bot.storage import LeaderboardQuery, StillPlaying, Storage
from bot.storage.personal_data import PERSONAL_TABLES, message_names
from tests.commands import owned_tables
from tests.web.stored import store_played_game

from .helpers import T0, open_game, play_finished_game, start

PRIVACY_POLICY = Path(__file__).resolve().parents[2] / "docs" / "PRIVACY.md"
PERSONAL_COLUMN_NAMES = {"user_id", "host_id", "actor_id", "display_name", "locale"}
"""Columns that name a person wherever they are, by their name in the schema."""
PLAYERS_BY_ID = {("games", "state"), ("actions", "action"), ("leagues", "state")}
"""JSON that names the players by their ids."""
NAMED_BY_ID = {("game_messages", "name"), ("game_messages", "message_id")}
"""A player's DM channel and DM hand, kept under names made of their id."""


def sqlite_columns(path: str) -> set[tuple[str, str]]:
    with sqlite3.connect(path) as db:
        tables = [
            row[0] for row in db.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")
        ]
        found = {
            (table, row[1]) for table in tables for row in db.execute(f"PRAGMA table_info({table})")
        }
    db.close()
    return found


async def schema_columns(storage: Storage, database: str) -> set[tuple[str, str]]:
    """Every (table, column) of the database, read from the database itself."""
    if storage.dialect == "sqlite":
        return sqlite_columns(database)
    return await postgres_columns(database)


async def postgres_columns(database: str) -> set[tuple[str, str]]:
    connection = await asyncpg.connect(database)
    try:
        rows = await connection.fetch(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema()"
        )
    finally:
        await connection.close()
    return {(str(row[0]), str(row[1])) for row in rows}


async def test_every_column_holding_personal_data_is_exported_and_named_in_the_policy(
    storage: Storage, database: str
) -> None:
    columns = await schema_columns(storage, database)
    personal = {
        (table, column)
        for table, column in columns
        if column in PERSONAL_COLUMN_NAMES or (table, column) in PLAYERS_BY_ID | NAMED_BY_ID
    }
    owned = tuple(table for tables in await owned_tables() for table in tables.personal)
    listed = {
        (kept.table, column) for kept in (*PERSONAL_TABLES, *owned) for column in kept.personal
    }
    assert personal - listed == set()
    assert listed <= columns
    policy = PRIVACY_POLICY.read_text()
    named = set(re.findall(r"`([a-z_]+)\.([a-z_]+)`", policy))
    assert listed - named == set()


async def test_an_export_holds_every_row_about_the_player_and_none_about_others(
    storage: Storage,
) -> None:
    anne, ben, cleo = 11, 12, 13
    first = await play_finished_game(
        storage, {anne: [1, 2, 3, 4, 5], ben: [5, 4, 3, 2, 1]}, names={anne: "Anne"}
    )
    await play_finished_game(storage, {ben: [2, 2, 2, 2, 2], cleo: [1, 1, 1, 1, 1]}, channel_id=201)
    await storage.set_user_locale(anne, "de", now=T0)
    await storage.set_user_locale(ben, "it", now=T0)

    rows = await storage.personal_rows(anne)

    assert [seat["game_id"] for seat in rows["seats"]] == [str(first.id)]
    assert rows["seats"][0]["display_name"] == "Anne"
    assert [game["id"] for game in rows["games"]] == [str(first.id)]
    assert {row["game_id"] for row in rows["results"]} == {str(first.id)}
    assert len(rows["stage_points"]) == 5
    assert [row["locale"] for row in rows["user_locales"]] == ["de"]
    assert [row["display_name"] for row in rows["player_totals"]] == ["Anne"]
    for found in rows.values():
        for row in found:
            whose = {row.get("user_id"), row.get("actor_id"), row.get("host_id")} - {None}
            assert whose <= {str(anne)}, row
            assert row.get("game_id", row.get("id")) in (None, str(first.id)), row
            assert row.get("display_name") in (None, "Anne"), row


async def holding(database: str, dialect: str, needle: str) -> list[str]:
    """Every table.column of the whole schema with a value that contains `needle`."""
    columns = sqlite_columns(database) if dialect == "sqlite" else await postgres_columns(database)
    found: list[str] = []
    if dialect == "sqlite":
        with sqlite3.connect(database) as db:
            for table, column in sorted(columns):
                sql = f"SELECT count(*) FROM {table} WHERE CAST({column} AS TEXT) LIKE ?"
                if db.execute(sql, (f"%{needle}%",)).fetchone()[0]:
                    found.append(f"{table}.{column}")
        db.close()
        return found
    connection = await asyncpg.connect(database)
    try:
        for table, column in sorted(columns):
            sql = f"SELECT count(*) FROM {table} WHERE CAST({column} AS TEXT) LIKE $1"
            if await connection.fetchval(sql, f"%{needle}%"):
                found.append(f"{table}.{column}")
    finally:
        await connection.close()
    return found


async def test_after_erasing_no_table_holds_the_players_id_or_name_and_others_keep_theirs(
    storage: Storage, database: str
) -> None:
    anne, ben, cleo = 5550001, 5550002, 5550003
    await play_finished_game(
        storage, {anne: [1, 2, 3, 4, 5], ben: [5, 4, 3, 2, 1]}, names={anne: "Annabelle"}
    )
    await play_finished_game(storage, {ben: [2, 2, 2, 2, 2], cleo: [1, 1, 1, 1, 1]})
    await storage.set_user_locale(anne, "de", now=T0)
    board_before = await storage.leaderboard(LeaderboardQuery(100, metric="points", min_games=1))
    ben_before = await storage.player_stats(100, ben)

    erased = await storage.erase_person(anne)

    assert erased == 1
    assert await holding(database, storage.dialect, str(anne)) == []
    assert await holding(database, storage.dialect, "Annabelle") == []
    board = await storage.leaderboard(LeaderboardQuery(100, metric="points", min_games=1))
    assert [row.figures for row in board.rows] == [
        row.figures for row in board_before.rows if row.figures.user_id != anne
    ]
    assert await storage.player_stats(100, anne) is None
    ben_after = await storage.player_stats(100, ben)
    assert ben_after is not None
    assert ben_before is not None
    assert ben_after.figures == ben_before.figures
    assert (await storage.personal_rows(anne)) == {t.table: [] for t in PERSONAL_TABLES}


async def test_a_dm_sent_while_its_player_was_erased_is_not_kept_with_their_id(
    storage: Storage, database: str
) -> None:
    anne, ben = 5550021, 5550022
    game = await play_finished_game(storage, {anne: [1, 2, 3, 4, 5], ben: [5, 4, 3, 2, 1]})
    await storage.erase_person(anne)
    # A hand dealt before the erasure, its DM answered after it: its ids come in late.
    late = dict(zip(message_names(anne), (71, 72, None, 3), strict=True))
    await storage.set_message_ids(game.id, **late, result_message_id=73)
    await storage.set_message_ids(game.id, **dict.fromkeys(message_names(ben), 74))
    assert await holding(database, storage.dialect, str(anne)) == []
    stored = await storage.game(game.id)
    assert stored is not None
    assert stored.message_ids["result_message_id"] == 73
    assert {name: stored.message_ids[name] for name in message_names(ben)} == dict.fromkeys(
        message_names(ben), 74
    )


async def test_a_player_seated_in_an_open_game_is_not_erased(storage: Storage) -> None:
    anne, ben = 5550011, 5550012
    await open_game(storage, [(anne, "Anne"), (ben, "Ben")])
    await storage.set_user_locale(anne, "de", now=T0)
    with pytest.raises(StillPlaying):
        await storage.erase_person(anne)
    assert await storage.user_locale(anne) == "de"
    assert [seat["user_id"] for seat in (await storage.personal_rows(anne))["seats"]] == [str(anne)]


async def test_a_forgotten_server_leaves_nothing_behind_and_other_servers_keep_theirs(
    storage: Storage, database: str
) -> None:
    gone, kept = 7770001, 7770002
    await play_finished_game(storage, {11: [1, 2, 3, 4, 5], 12: [5, 4, 3, 2, 1]}, guild_id=gone)
    await play_finished_game(
        storage, {11: [2, 2, 2, 2, 2], 12: [1, 1, 1, 1, 1]}, guild_id=kept, channel_id=201
    )
    await storage.set_server_hands(gone, "channel")
    await storage.note_server_left(gone, T0)
    await storage.note_server_left(kept, T0 + timedelta(days=1))
    await storage.note_server_back(kept)
    assert await storage.servers_left_before(T0 + timedelta(days=30)) == [gone]

    assert await storage.forget_server(gone) == 1

    assert await holding(database, storage.dialect, str(gone)) == []
    assert await storage.servers_left_before(T0 + timedelta(days=30)) == []
    board = await storage.leaderboard(LeaderboardQuery(kept, metric="points", min_games=1))
    assert len(board.rows) == 2


async def test_only_the_action_logs_of_games_closed_before_the_cutoff_are_deleted(
    storage: Storage,
) -> None:
    old = await play_finished_game(storage, {11: [1, 1, 1, 1, 1], 12: [2, 2, 2, 2, 2]})
    recent = await play_finished_game(
        storage,
        {11: [1, 1, 1, 1, 1], 12: [2, 2, 2, 2, 2]},
        channel_id=201,
        now=T0 + timedelta(days=2),
    )
    running = await start(storage, await open_game(storage, channel_id=202))

    assert await storage.delete_action_logs(T0 + timedelta(days=1)) == 1

    assert await storage.action_log(old.id) == []
    assert await storage.action_log(recent.id) != []
    assert await storage.action_log(running.id) != []
    assert await storage.delete_action_logs(T0 + timedelta(days=1)) == 0


async def test_after_erasing_the_stored_game_and_its_log_still_replay_to_the_same_result(
    storage: Storage,
) -> None:
    anne, ben, cleo = 9990001, 9990002, 9990003
    game = await store_played_game(storage, [(anne, "Anne"), (ben, "Ben"), (cleo, "Cleo")], seed=4)
    assert game.state is not None
    before = engine.replay_record(engine.export_record(engine.state_from_dict(game.state)))

    await storage.erase_person(anne)

    stored = await storage.game(game.id)
    assert stored is not None
    assert stored.state is not None
    state = engine.state_from_dict(stored.state)
    after = engine.replay_record(engine.export_record(state))
    former = next(seat.player for seat in stored.seats if seat.display_name == "a former player")
    renamed = tuple(former if figure == str(anne) else figure for figure in before.figures)
    assert (after.figures, after.totals) == (renamed, before.totals)
    assert after.winners == tuple(former if w == str(anne) else w for w in before.winners)
    # The action log, renamed the same way, still leads from the deal to that state.
    replayed = engine.new_game(state.players, engine.Variant.STANDARD, state.seed)
    # (The first logged action is the storage helper's stand-in for the start.)
    for logged in (await storage.action_log(game.id))[1:]:
        result = engine.apply(replayed, engine.action_from_dict(logged["action"]))
        assert isinstance(result, engine.Accepted), result
        replayed = result.state
    assert replayed == state
