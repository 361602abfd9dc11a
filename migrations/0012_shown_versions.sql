-- What the players were shown of each game: the version whose messages in its channel (a
-- reveal, the result, the notice of an early end) went out last. A process that starts, or
-- takes over the games of one that died, shows what a game stored beyond it
-- (bot/announce/recovery.py). Games stored before this were all shown.
ALTER TABLE games ADD COLUMN shown_version INTEGER NOT NULL DEFAULT 0;
UPDATE games SET shown_version = version;
CREATE INDEX games_unshown ON games (id) WHERE shown_version < version;

-- The click that made a logged change: its interaction token (alive for 15 minutes), so that a
-- restarted process reaches the player's ephemeral hand through it, as the dead one would have.
ALTER TABLE actions ADD COLUMN click TEXT;
-- And the click that seated a player (their Join): their first hand in the channel is its
-- follow-up.
ALTER TABLE seats ADD COLUMN click TEXT;
