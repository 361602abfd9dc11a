-- Servers the bot was removed from (GUILD_DELETE that was not an outage), and when: their
-- games and standings are deleted once the grace period has passed, unless it returns first.
CREATE TABLE departed_servers (
    guild_id    BIGINT PRIMARY KEY,
    left_at     TEXT NOT NULL
);
