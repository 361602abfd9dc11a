-- A game's write may carry the actions it logs (bot/storage/transitions.py). On SQLite a
-- trigger moves them into `actions` within the same statement (migrations/sqlite/), so that a
-- pick is one statement and commits in the same trip to the writer's thread; PostgreSQL logs
-- them with an INSERT of their own and never sets the column. NULL at rest on both.
ALTER TABLE games ADD COLUMN pending_actions TEXT;
