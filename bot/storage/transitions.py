"""SQL that moves a game on: the allowed status moves, and one `TransitionWrite` written in
the transaction the caller opened (its actions, state, deadline, status, scores), with the
notice that tells the other processes at COMMIT (game_notices.py)."""

from __future__ import annotations

import json
from dataclasses import replace

from bot.storage import scores
from bot.storage.errors import GameClosed
from bot.storage.game_notices import notify
from bot.storage.games import check_version, load_existing
from bot.storage.records import CLOSED_STATUSES, GameRecord, GameStatus, Unset
from bot.storage.sql import Session, dump_json
from bot.storage.timefmt import from_db, moment_from_db, to_db, to_db_or_none
from bot.storage.writes import TransitionWrite

_ENDED_EARLY = {GameStatus.CANCELLED, GameStatus.ABANDONED}
_NEXT_STATUSES = {
    GameStatus.LOBBY: {GameStatus.LOBBY, GameStatus.RUNNING, *_ENDED_EARLY},
    GameStatus.RUNNING: {GameStatus.RUNNING, GameStatus.FINISHED, *_ENDED_EARLY},
}


def _validate_status(record: GameRecord, status: GameStatus | None) -> None:
    if record.status in CLOSED_STATUSES:
        raise GameClosed(record.id, record.status)
    if status is not None and status not in _NEXT_STATUSES[record.status]:
        raise ValueError(f"game {record.id} cannot go from {record.status} to {status}")


async def transition(db: Session, change: TransitionWrite) -> GameRecord:
    """The game as it is after the transition (seats and message ids are left as they were,
    so nothing needs reading again)."""
    game_id, status = change.game_id, change.status
    record = await load_existing(db, game_id, to_write=True)
    _validate_status(record, status)
    check_version(record, change.expected_version)
    await scores.check(db, record, change)
    stamp = to_db(change.now)
    after = replace(record, version=record.version + 1, updated_at=moment_from_db(stamp))
    if change.actions:
        await db.execute_many(
            "INSERT INTO actions (game_id, seq, version, actor_id, action, created_at) VALUES "
            "(?, (SELECT coalesce(max(seq), 0) + 1 FROM actions WHERE game_id = ?), ?, ?, ?, ?)",
            [
                (game_id, game_id, after.version, change.actor_id, dump_json(action), stamp)
                for action in change.actions
            ],
        )
    assignments = ["version = ?", "updated_at = ?"]
    values: list[object] = [after.version, stamp]
    if not isinstance(change.state, Unset):
        assignments.append("state = ?")
        text = None if change.state is None else dump_json(change.state)
        values.append(text)
        after = replace(after, state=None if text is None else json.loads(text))
    if not isinstance(change.deadline, Unset):
        assignments.append("deadline = ?")
        deadline_text = to_db_or_none(change.deadline)
        values.append(deadline_text)
        after = replace(after, deadline=from_db(deadline_text))
    if not isinstance(change.clock_owner, Unset):
        assignments.append("clock_owner = ?")
        values.append(change.clock_owner)
    if status is not None and status != record.status:
        assignments.append("status = ?")
        values.append(str(status))
        after = replace(after, status=status)
        if status == GameStatus.RUNNING:
            assignments.append("started_at = ?")
            values.append(stamp)
            after = replace(after, started_at=after.updated_at)
        if status in CLOSED_STATUSES:
            assignments.append("finished_at = ?")
            values.append(stamp)
            after = replace(after, finished_at=after.updated_at)
    await db.execute(
        f"UPDATE games SET {', '.join(assignments)} WHERE id = ? AND version = ?",
        (*values, game_id, record.version),
    )
    if change.stage_points:
        await scores.record_stage_points(db, game_id, change.stage_points)
    if status == GameStatus.FINISHED:
        await scores.record_results(db, record, change.results, stamp)
    await notify(db, after)
    return after
