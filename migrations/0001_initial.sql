-- Why First? storage schema, version 1.
-- Applied inside one transaction by bot/storage/migrations.py; no BEGIN/COMMIT here.
-- Times are UTC ISO-8601 text with microseconds ("2026-01-31T12:00:00.000000+00:00"),
-- fixed width, so text order is time order. JSON columns are opaque to SQL.

CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    host_id          INTEGER NOT NULL,
    variant          TEXT    NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}',
    status           TEXT    NOT NULL
        CHECK (status IN ('lobby', 'running', 'finished', 'cancelled', 'abandoned')),
    seed             INTEGER NOT NULL,
    version          INTEGER NOT NULL CHECK (version >= 1),
    state            TEXT,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL,
    started_at       TEXT,
    finished_at      TEXT,
    deadline         TEXT,
    lobby_deadline   TEXT
);

-- At most one lobby or running game per channel, also across processes.
CREATE UNIQUE INDEX games_one_active_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'running');
CREATE INDEX games_active ON games (status) WHERE status IN ('lobby', 'running');
CREATE INDEX games_guild_finished ON games (guild_id, finished_at) WHERE status = 'finished';

CREATE TABLE seats (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 5),
    user_id       INTEGER NOT NULL,
    display_name  TEXT    NOT NULL,
    joined_at     TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
) WITHOUT ROWID;

-- Public message ids of a game by purpose ("lobby_message_id", "round_message_id", ...).
CREATE TABLE game_messages (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    name        TEXT    NOT NULL,
    message_id  INTEGER NOT NULL,
    PRIMARY KEY (game_id, name)
) WITHOUT ROWID;

-- The ordered log of accepted actions; `version` is the game version the action produced.
CREATE TABLE actions (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    version     INTEGER NOT NULL,
    actor_id    INTEGER,
    action      TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE stage_points (
    game_id         INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    stage           INTEGER NOT NULL CHECK (stage BETWEEN 1 AND 5),
    points          INTEGER NOT NULL,
    reached_second  INTEGER NOT NULL CHECK (reached_second IN (0, 1)),
    PRIMARY KEY (game_id, user_id, stage),
    FOREIGN KEY (game_id, user_id) REFERENCES seats (game_id, user_id) ON DELETE CASCADE
) WITHOUT ROWID;

-- Final result per seated player of a finished game, denormalised (guild, time, best stage,
-- second places) so season leaderboards read one covering index.
CREATE TABLE results (
    game_id         INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    guild_id        INTEGER NOT NULL,
    finished_at     TEXT    NOT NULL,
    total           INTEGER NOT NULL,
    won             INTEGER NOT NULL CHECK (won IN (0, 1)),
    best_stage      INTEGER,
    seconds_reached INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, user_id),
    FOREIGN KEY (game_id, user_id) REFERENCES seats (game_id, user_id) ON DELETE CASCADE
) WITHOUT ROWID;

CREATE INDEX results_guild_time ON results
    (guild_id, finished_at, user_id, total, won, best_stage, seconds_reached);

-- Per guild, player and calendar bucket (UTC year "2025", quarter "2025-Q2", month
-- "2025-04"): sums of finished games. A season adds the buckets that fit inside it and
-- reads only its partial edge months from `results` (bot/storage/periods.py).
CREATE TABLE player_periods (
    guild_id        INTEGER NOT NULL,
    period          TEXT    NOT NULL,
    user_id         INTEGER NOT NULL,
    games           INTEGER NOT NULL,
    wins            INTEGER NOT NULL,
    points          INTEGER NOT NULL,
    best_stage      INTEGER,
    seconds_reached INTEGER NOT NULL,
    PRIMARY KEY (guild_id, period, user_id)
) WITHOUT ROWID;

-- A season of exactly one bucket is paged like all time, walking one of these.
CREATE INDEX player_periods_wins ON player_periods (guild_id, period, wins DESC, user_id);
CREATE INDEX player_periods_points ON player_periods (guild_id, period, points DESC, user_id);
CREATE INDEX player_periods_win_rate
    ON player_periods (guild_id, period, CAST(wins AS REAL) / games DESC, user_id);

-- Per guild and player: all-time sums of finished games and the latest display name.
CREATE TABLE player_totals (
    guild_id        INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    display_name    TEXT    NOT NULL,
    games           INTEGER NOT NULL,
    wins            INTEGER NOT NULL,
    points          INTEGER NOT NULL,
    best_stage      INTEGER,
    seconds_reached INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

CREATE INDEX player_totals_wins ON player_totals (guild_id, wins DESC, user_id);
CREATE INDEX player_totals_points ON player_totals (guild_id, points DESC, user_id);
-- The win-rate expression must stay identical to the one in bot/storage/leaderboard.py.
CREATE INDEX player_totals_win_rate
    ON player_totals (guild_id, CAST(wins AS REAL) / games DESC, user_id);
