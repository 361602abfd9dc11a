-- What a server's admins chose for the games opened there, where /whyfirst start leaves it
-- open: today where the hands are ('dm' or 'channel'; without a row, 'dm').
CREATE TABLE server_defaults (
    guild_id    BIGINT PRIMARY KEY,
    hands       TEXT NOT NULL
);
