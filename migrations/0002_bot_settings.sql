-- Small values the bot keeps between runs (e.g. the fingerprint of its synced commands).
CREATE TABLE bot_settings (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
) WITHOUT ROWID;
