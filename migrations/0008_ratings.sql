-- Skill ratings (bot/rating): per server, period and person, openskill's estimate after the
-- person's rated games of that period, rated in the order the games finished. The period is
-- 'all' (all time) or a season, a calendar quarter ("2026-Q4"): a new season starts everyone
-- from a newcomer's estimate, and the rows of the seasons before stay. `rating` is
-- mu - 3 * sigma, the conservative estimate the leaderboard orders by; `last_change` is its
-- change in the person's latest rated game. `python -m bot.storage rerate` recomputes all of
-- it from `results`.
CREATE TABLE ratings (
    guild_id     BIGINT           NOT NULL,
    period       TEXT             NOT NULL,
    user_id      BIGINT           NOT NULL,
    mu           DOUBLE PRECISION NOT NULL,
    sigma        DOUBLE PRECISION NOT NULL,
    rating       DOUBLE PRECISION NOT NULL,
    games        INTEGER          NOT NULL CHECK (games >= 0),
    last_change  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, period, user_id)
);

CREATE INDEX ratings_order ON ratings (guild_id, period, rating DESC, user_id);

-- A rated game's change of each person's all-time conservative estimate (shown with the
-- result); NULL until the game is rated.
ALTER TABLE results ADD COLUMN rating_change DOUBLE PRECISION;
