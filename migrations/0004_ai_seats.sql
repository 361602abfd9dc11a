-- AI players. A seat may be taken by an AI player (its level; its user id is negative, which no
-- Discord user has). A game with fewer than two people in it counts for each person's own
-- statistics only, apart from the others ("against AI players"), and never for the server's
-- leaderboards: its results go to unranked_results, not to results and the sums.
ALTER TABLE seats ADD COLUMN ai_level TEXT;

CREATE TABLE unranked_results (
    game_id      BIGINT  NOT NULL,
    user_id      BIGINT  NOT NULL,
    guild_id     BIGINT  NOT NULL,
    finished_at  TEXT    NOT NULL,
    total        INTEGER NOT NULL,
    won          INTEGER NOT NULL CHECK (won IN (0, 1)),
    PRIMARY KEY (game_id, user_id),
    FOREIGN KEY (game_id, user_id) REFERENCES seats (game_id, user_id) ON DELETE CASCADE
);

CREATE INDEX unranked_results_player ON unranked_results (guild_id, user_id, won);
