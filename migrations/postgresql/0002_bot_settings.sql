-- Small values the bot keeps between runs (e.g. the fingerprint of its synced commands).
-- As migrations/0002_bot_settings.sql, without SQLite's WITHOUT ROWID.
CREATE TABLE bot_settings (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
