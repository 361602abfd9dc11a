"""Persistence for Why First?: games, seats, the action log, scores and leaderboards in one SQLite
file (aiosqlite: one connection writes, group-committing the units of work waiting at a moment,
each in its own savepoint when there are several; two read; WAL, foreign keys, busy timeout,
synchronous=FULL, a writer's cache of 256 KiB) or one PostgreSQL database (asyncpg, a pool of up
to 10 connections, synchronous_commit=on). Both give the same API, errors and results; what
differs is said below. `Storage` (storage.py) opens and closes; its methods come from seven
stores, one module each: `GameStore` (game_store.py: games, seats, the action log),
`ProcessStore` (process_store.py: health, leases, clocks), `SettingsStore` (settings_store.py:
languages, bot settings), `StandingsStore` (standings_store.py: leaderboards, ratings),
`PrivacyStore` (privacy_store.py: what is kept about a person), `ServerStore` (server_store.py:
servers the bot left) and `WebStore` (web_store.py: replay and standings pages). A write with
more than three parameters takes one frozen dataclass (writes.py), built by its caller and
passed whole down to the SQL.

The bot opens one `Storage` and hands it to each part that needs it, but no part names
`Storage` itself: each names the few methods it uses as a `typing.Protocol` next to it (the
game service's `GameStorage`, `Languages`' `LanguageStore`, the health checks' `Answering`…),
which `Storage` meets structurally; mypy checks each where bot/rooms.py builds the parts.

Storage does not import the engine: states and actions are JSON-safe dicts it stores as
opaque text (the game service converts with `state_to_dict` / `action_to_dict`). Times are
timezone-aware datetimes (naive ones raise ValueError), stored as UTC ISO text.

Opening
    `await Storage.open(database, *, migrations_dir=None, busy_timeout=10.0) -> Storage`
    `database` is a PostgreSQL URL (`postgresql://user:password@host:port/name`, or
    `postgres://…`; `is_postgresql_url(text)` tells), else an SQLite file path. Migrates the
    schema first (below). A newer schema, or a database that cannot be used (missing file or
    folder, corrupt file, server unreachable, wrong password, no such database), raises
    `StorageError` and touches nothing. `busy_timeout`: how long a write waits for a lock
    another process holds (SQLite: the file; PostgreSQL: the game's row).
    `storage.dialect` is "sqlite" or "postgresql"; `storage.database` the path or the URL
    without its password (what messages say); `storage.path` the SQLite file, or None.
    `await storage.close()` waits for the units of work in flight, also those whose caller
    was cancelled; `Storage` is also an async context manager.

Migrations (plain SQL; `python -m bot.storage migrate DATABASE` applies them without the bot)
    `migrations/NNNN_name.sql` serves both databases unless `migrations/postgresql/` (or
    `migrations/sqlite/`) holds a file of the same name, which replaces it for that one.
    Each database's list runs 0001, 0002… without gaps and both end at the same number
    (tests/storage/test_migration_files.py). Adding one: write `NNNN_name.sql` in SQL both
    accept (BIGINT for Discord ids, no WITHOUT ROWID, no PRAGMA); add an override only where
    they cannot agree (an identity column, an index on a double, a time column: TEXT, which
    PostgreSQL wants COLLATE "C" so that text order stays time order).
    SQLite: each file atomically, version in PRAGMA user_version, after an online backup
    `<db>-v<old>-<stamp>.bak` when the file already holds data.
    PostgreSQL: each file in its own transaction, versions in the table `schema_migrations`,
    under an advisory lock, so that of several processes starting at once one migrates and
    the others wait. No backup is taken: that is the server's (pg_dump, base backups).

Copying (`python -m bot.storage copy SOURCE TARGET`; --help tells the exit codes)
    Copies an SQLite database into an empty PostgreSQL one: every table of the schema (parents
    before children, as its foreign keys say) in one transaction,
    the identity of `games.id` moved past the copied ids, then the row counts compared and
    printed. `await copy_database(source, target) -> dict[str, int]` (rows per table) from
    `bot.storage.copying` does the same from code; it raises `CopyError` (`TargetNotEmpty`)
    or `StorageError`.

Games (a game's `version` starts at 1 and goes up by one with every write below except
`set_message_ids`; every write is one unit of work, all or nothing, acknowledged once durable.
SQLite runs a process's units one after another, several in one transaction (each in its own
savepoint), and serialises processes with BEGIN IMMEDIATE; PostgreSQL runs
units at once and serialises the writes to one game by locking its row, and new games in one
channel by an advisory lock on the channel id; a write's dataclass takes keywords only)
    `create_game(NewGame(guild_id, channel_id, host_id, host_name, variant, options, seed,
        now, lobby_deadline, clock_owner=None)) -> GameRecord`  host in seat 0;
        `ChannelBusy` if the channel has a lobby or running game.
    `game(game_id) -> GameRecord | None`; `active_game_in_channel(channel_id)`;
    `active_games() -> list[GameRecord]` (lobby + running: restart recovery).
    `join(NewSeat(game_id, user_id, display_name, expected_version, now, ai_level=None))
        -> GameRecord` (an AI player's seat: a negative user id and its level)
        raises `GameNotFound`, `NotInLobby`, `AlreadySeated`, `GameFull` (6 seats), then
        `StaleVersion` (checked in that order; `expected_version=None` skips the version).
    `leave(VacatedSeat(game_id, user_id, expected_version, now))` (`NotSeated`); later
        seats move one place down.
    `commit_transition(TransitionWrite(game_id, expected_version, now, actor_id=None,
        actions=(), state=UNSET, status=None, deadline=UNSET, stage_points=(), results=(),
        clock_owner=UNSET)) -> GameRecord`
        Appends `actions` to the log, stores the state snapshot, version + 1, and the
        optional status / deadline (None clears, UNSET keeps) / stage points / results, all
        or nothing. `StaleVersion` (with `.expected`, `.actual`) if the version moved:
        exactly one of several racing callers wins (`expected_version=None`, as an early
        end, skips the check). `GameClosed` once finished, cancelled or
        abandoned. Status moves: lobby -> running | cancelled | abandoned; running ->
        finished | cancelled | abandoned. "running" stamps started_at; a closing status
        stamps finished_at. Finishing needs one `PlayerResult` per seated player (results
        are refused otherwise); stage points only for seated players, once per stage.
    `set_message_ids(game_id, **ids)` e.g. `lobby_message_id=1, round_message_id=None`
        (None forgets one). `GameRecord.message_ids` holds them all;
        `.lobby_message_id` and `.round_message_id` are shortcuts.
    `actions(game_id) -> list[dict]` the ordered log; `action_log(game_id)` the same with
        seq, version, actor_id, created_at.
    `actions_at(game_id, version) -> list[dict]` the actions the write that brought the game
        to `version` logged (what another process's change was made of).
    `finished_game_export(game_id) -> dict` keys game, seats, actions, action_log,
        stage_points, results, state (`GameNotFinished` unless finished).

Processes sharing the database
    `ping()` proves the database answers (StorageError if not); `open_games() -> dict[str,
        int]` counts the lobby and running games by status.
    `renew_lease(name, *, now, lease) -> int` keeps a process alive and counts the live ones;
        `release_lease(name)`; `claim_clocks(name, *, now, own_too) -> list[int]` takes the
        clocks of open games whose holder is dead or unknown (`games.clock_owner`, set by
        `NewGame.clock_owner` and `TransitionWrite.clock_owner`).
    `game_notices(receiver) -> GameNoticeListener | None` (game_notices.py): on PostgreSQL,
        every `commit_transition` also sends `GameNotice(game_id, version, channel_id)` by
        NOTIFY, delivered at COMMIT; the listener (`await .start()`, `await .close()`) hears
        them on one connection of its own and calls `receiver.changed(notice)` for each,
        `receiver.missed()` after its lost connection was made again. None on SQLite.

Languages
    `user_locale(user_id) -> str | None`, `set_user_locale(user_id, locale, *, now)`: each
        user's latest Discord locale. `server_language(guild_id) -> str | None`,
        `set_server_language(guild_id, language: str | None)` (None forgets the choice).
    `server_hands(guild_id) -> str | None`, `set_server_hands(guild_id, hands)`: where a
        server's new games keep their hands ("dm" or "channel") unless their host says.

Bot settings
    `get_setting(key) -> str | None`, `set_setting(key, value: str | None)` (None forgets),
        `replace_setting(key, expected, value) -> bool` (compare and set: one process wins).

Leaderboards (per guild; finished games only; a shared win is a win)
    `leaderboard(LeaderboardQuery(guild_id, metric="wins" | "win_rate" | "points", page=0,
        page_size=10, since=None, until=None, min_games=3)) -> LeaderboardPage`
        Period is [since, until). Rank: 1 + players strictly ahead (ties share a rank, rows
        in a tie by user id). `min_games` applies to win_rate only. The display name is the
        one from the player's latest finished game in the guild.
    `player_stats(guild_id, user_id, *, since=None, until=None, min_games=3)
        -> PlayerStats | None` figures plus `ranks` per metric (win_rate None below
        min_games).
    `LeaderboardPage(guild_id, metric, page, page_size, ranked_players, rows)` with
        `.page_count`; each `LeaderboardRow(rank, figures)`; `PlayerFigures(user_id,
        display_name, games, wins, points, best_stage, seconds_reached)` with `.win_rate`
        and `.average_points`. `best_stage` is None if no stage points were recorded.
    Speed: all time, and seasons of exactly one calendar year, quarter or month (UTC), walk
        an index (about a millisecond at 100,000 games; 1 to 3 ms on PostgreSQL); other
        periods sum stored buckets plus the partial edge months' single results (tens of
        ms on both; see bench/storage.py).
    A game finished with fewer than two people (the rest AI players) counts for no leaderboard:
        `games_against_ai(guild_id, user_id) -> (games, wins)` reads those apart.
    `rebuild_statistics()` recomputes the stored sums from the results (after bulk loads).

Ratings (per guild, all time and by season; rated in the finishing transaction)
    `rating_board(guild_id, period, *, page=0, page_size=10, min_games=3) -> RatingPage`;
    `player_rating(guild_id, user_id, period=ALL_TIME, *, min_games=3)`;
    `rating_changes(game_id) -> dict[int, float]`; `rerate(guild_id=None) -> int`.

A person, servers, web pages
    `personal_rows(user_id)` every row about a person, table by table (personal_data.py);
        `erase_person(user_id) -> int` (`StillPlaying` while seated in an open game);
    `own(tables)`: the features' own tables (`OwnedTables`: bot/league's), exported, erased and
        forgotten with the rest from then on (`owned` lists them); `units` runs a feature's
        own store's units of work on this database (bot/league/store.py).
        `delete_action_logs(closed_before) -> int`.
    `note_server_left(guild_id, now)`, `note_server_back(guild_id)`,
        `servers_left_before(moment)`, `forget_server(guild_id, left_before=None) -> int`.
    `finished_game_by_token(token)`, `standings_page_token(guild_id)`,
        `turn_standings_page_on(guild_id, now) -> str`, `turn_standings_page_off(guild_id)`,
        `server_by_standings_token(token)`, `latest_game_locale(guild_id)`.

Errors: `StorageError` (database unusable: log it, tell the player, write nothing) and
`GameConflict` subclasses (a refused write; nothing was written). On PostgreSQL a unit the
server rolled back whole (a deadlock, a connection lost before COMMIT was sent) runs again,
up to 3 times; one whose COMMIT got no answer is a StorageError (it may have committed).
"""

from bot.storage.erasure import is_former_player
from bot.storage.errors import (
    AlreadySeated,
    ChannelBusy,
    GameClosed,
    GameConflict,
    GameFull,
    GameNotFinished,
    GameNotFound,
    NotInLobby,
    NotSeated,
    StaleVersion,
    StillPlaying,
    StorageError,
)
from bot.storage.game_notices import GameNotice, GameNoticeListener, NoticeReceiver
from bot.storage.migrations import DEFAULT_MIGRATIONS_DIR
from bot.storage.postgres import is_postgresql_url
from bot.storage.ratings import ALL_TIME, season_containing
from bot.storage.records import (
    ACTIVE_STATUSES,
    CLOSED_STATUSES,
    MAX_SEATS,
    METRICS,
    STATUSES,
    UNSET,
    GameRecord,
    GameStatus,
    JsonObject,
    LeaderboardPage,
    LeaderboardQuery,
    LeaderboardRow,
    LoggedAction,
    PlayerFigures,
    PlayerId,
    PlayerRating,
    PlayerResult,
    PlayerStats,
    RatedPlayer,
    RatingPage,
    RatingRow,
    Seat,
    StagePoints,
    Unset,
    player_id,
    user_id_of,
)
from bot.storage.storage import DEFAULT_DATABASE, Storage
from bot.storage.writes import NewGame, NewSeat, TransitionWrite, VacatedSeat

__all__ = [
    "ACTIVE_STATUSES",
    "ALL_TIME",
    "CLOSED_STATUSES",
    "DEFAULT_DATABASE",
    "DEFAULT_MIGRATIONS_DIR",
    "MAX_SEATS",
    "METRICS",
    "STATUSES",
    "UNSET",
    "AlreadySeated",
    "ChannelBusy",
    "GameClosed",
    "GameConflict",
    "GameFull",
    "GameNotFinished",
    "GameNotFound",
    "GameNotice",
    "GameNoticeListener",
    "GameRecord",
    "GameStatus",
    "JsonObject",
    "LeaderboardPage",
    "LeaderboardQuery",
    "LeaderboardRow",
    "LoggedAction",
    "NewGame",
    "NewSeat",
    "NotInLobby",
    "NotSeated",
    "NoticeReceiver",
    "PlayerFigures",
    "PlayerId",
    "PlayerRating",
    "PlayerResult",
    "PlayerStats",
    "RatedPlayer",
    "RatingPage",
    "RatingRow",
    "Seat",
    "StagePoints",
    "StaleVersion",
    "StillPlaying",
    "Storage",
    "StorageError",
    "TransitionWrite",
    "Unset",
    "VacatedSeat",
    "is_former_player",
    "is_postgresql_url",
    "player_id",
    "season_containing",
    "user_id_of",
]
