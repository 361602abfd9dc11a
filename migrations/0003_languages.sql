-- Who speaks what: each user's latest Discord language (the DMs the bot sends on its own, such
-- as a stage's first hand, are written in it), and the language a server's admin chose for its
-- public game messages (without a choice, Discord's server language applies).
CREATE TABLE user_locales (
    user_id     BIGINT PRIMARY KEY,
    locale      TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);

CREATE TABLE server_languages (
    guild_id    BIGINT PRIMARY KEY,
    language    TEXT NOT NULL
);
