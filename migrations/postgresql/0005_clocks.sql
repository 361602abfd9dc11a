-- As migrations/0005_clocks.sql; the lease's time compares as text in byte order (COLLATE "C"),
-- which is time order, whatever the database's default collation.
CREATE TABLE processes (
    name         TEXT PRIMARY KEY,
    alive_until  TEXT COLLATE "C" NOT NULL
);

ALTER TABLE games ADD COLUMN clock_owner TEXT;
