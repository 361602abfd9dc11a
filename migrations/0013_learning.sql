-- Learning the game (bot/learn). A practice game is an ordinary game whose options say
-- `practice`; nothing is counted of it. `tip_preferences`: who chose with /whyfirst tips
-- whether their hand explains the rules until they finish a game (without a row: on).
CREATE TABLE tip_preferences (
    user_id  BIGINT NOT NULL PRIMARY KEY,
    tips     TEXT   NOT NULL CHECK (tips IN ('on', 'off'))
);

-- Whether a person had finished a game when another began (who gets first-game tips).
CREATE INDEX results_person ON results (user_id, finished_at);
CREATE INDEX unranked_results_person ON unranked_results (user_id, finished_at);
