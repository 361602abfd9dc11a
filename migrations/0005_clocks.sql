-- Several processes may share one database. Each one renews its lease here while it lives; a
-- game's clock (the timers of its deadline) belongs to the process that last armed it, and a
-- process whose lease has run out is dead: another takes its games' clocks over.
CREATE TABLE processes (
    name         TEXT PRIMARY KEY,
    alive_until  TEXT NOT NULL
);

ALTER TABLE games ADD COLUMN clock_owner TEXT;
