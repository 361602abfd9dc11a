-- A game's write may carry the actions it logs, as {"actor": user id or null, "actions": [...]}
-- (bot/storage/transitions.py): this trigger logs them within the same statement, numbered
-- after the game's last, at the version written, and empties the column again. So a pick is
-- one statement: it logs its actions and moves the game on together or not at all, and its
-- COMMIT can follow it in the same trip to the writer's thread. NULL at rest.
ALTER TABLE games ADD COLUMN pending_actions TEXT;

CREATE TRIGGER games_log_pending_actions AFTER UPDATE OF pending_actions ON games
WHEN NEW.pending_actions IS NOT NULL
BEGIN
    INSERT INTO actions (game_id, seq, version, actor_id, action, created_at)
    SELECT NEW.id,
           (SELECT coalesce(max(seq), 0) FROM actions WHERE game_id = NEW.id) + 1 + pending.key,
           NEW.version,
           json_extract(NEW.pending_actions, '$.actor'),
           pending.value,
           NEW.updated_at
    FROM json_each(NEW.pending_actions, '$.actions') AS pending;
    UPDATE games SET pending_actions = NULL WHERE id = NEW.id;
END;
