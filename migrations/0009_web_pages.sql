-- The web pages (bot/web): every game gets a long, unguessable token when it is opened; its
-- replay is served at /g/<token> once it has finished (games opened before this migration
-- have none). A server's standings are served at /s/<token> while its admins have them on;
-- turning them off deletes the row, so turning them on again makes a fresh token.
ALTER TABLE games ADD COLUMN replay_token TEXT;

CREATE UNIQUE INDEX games_replay_token ON games (replay_token);

CREATE TABLE web_pages (
    guild_id       BIGINT PRIMARY KEY,
    token          TEXT NOT NULL UNIQUE,
    turned_on_at   TEXT NOT NULL
);
