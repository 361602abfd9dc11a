-- League nights (bot/league): several tables, a few games, one standings. A league's night
-- is its state (bot/league/night.py, JSON, opaque to SQL) under a version, as a game's is, and
-- `options` the game options its tables play with; its tables' games are ordinary games.
-- `league_players` says who is in which league, for the privacy export and erasure; their
-- names are what the league's post and pages show.
-- PostgreSQL has its own spelling of this file (migrations/postgresql/): an identity id and
-- times in COLLATE "C".
CREATE TABLE leagues (
    id           INTEGER PRIMARY KEY,
    guild_id     BIGINT  NOT NULL,
    channel_id   BIGINT  NOT NULL,
    host_id      BIGINT  NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('open', 'playing', 'finished', 'cancelled')),
    options      TEXT    NOT NULL DEFAULT '{}',
    version      INTEGER NOT NULL CHECK (version >= 1),
    state        TEXT    NOT NULL,
    message_id   BIGINT,
    token        TEXT    NOT NULL UNIQUE,
    created_at   TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL
);

-- At most one open or playing league per channel.
CREATE UNIQUE INDEX leagues_one_active_per_channel
    ON leagues (channel_id) WHERE status IN ('open', 'playing');
CREATE INDEX leagues_guild ON leagues (guild_id);

CREATE TABLE league_players (
    league_id     BIGINT NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id       BIGINT NOT NULL,
    display_name  TEXT   NOT NULL,
    PRIMARY KEY (league_id, user_id)
);

CREATE INDEX league_players_user ON league_players (user_id);
