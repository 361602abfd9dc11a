"""SQL that moves a game on: the allowed status moves, and one `TransitionWrite` written in the
transaction the caller opened (its actions, state, deadline, status, scores), with the notice that
tells the other processes at COMMIT (game_notices.py).

A change that needs nothing of the stored game to be checked first (a version to expect, no status,
no points, no results: a pick) is written at once, guarded by that version: the actions logged and
the game updated, which returns the game as it now is. Nothing is read before. On SQLite that is one
statement, the UPDATE carrying the actions that a trigger logs (`Dialect.logs_pending_actions`), and
the unit's last: its COMMIT follows it in the same trip to the connection's thread. Should the guard
fail, nothing was written, and the game is read to tell why."""

from __future__ import annotations

from bot.storage import scores
from bot.storage.errors import GameClosed
from bot.storage.game_notices import notify
from bot.storage.games import ACTIVE, check_version, columns, load_existing, record
from bot.storage.records import CLOSED_STATUSES, GameRecord, GameStatus, Unset
from bot.storage.sql import Session, dump_json
from bot.storage.timefmt import to_db, to_db_or_none
from bot.storage.writes import TransitionWrite

_ENDED_EARLY = {GameStatus.CANCELLED, GameStatus.ABANDONED}
_NEXT_STATUSES = {
    GameStatus.LOBBY: {GameStatus.LOBBY, GameStatus.RUNNING, *_ENDED_EARLY},
    GameStatus.RUNNING: {GameStatus.RUNNING, GameStatus.FINISHED, *_ENDED_EARLY},
}
_AT_VERSION = f"id = ? AND version = ? AND {ACTIVE}"
"""The guard of a write: the game is open and still at the version the change comes from."""


def _validate_status(record: GameRecord, status: GameStatus | None) -> None:
    if record.status in CLOSED_STATUSES:
        raise GameClosed(record.id, record.status)
    if status is not None and status not in _NEXT_STATUSES[record.status]:
        raise ValueError(f"game {record.id} cannot go from {record.status} to {status}")


def _checks_nothing(change: TransitionWrite) -> bool:
    """Whether the change, given a version to expect, can be written before the stored game
    is read: nothing else of it needs checking against the game."""
    return change.status is None and not change.stage_points and not change.results


async def transition(db: Session, change: TransitionWrite) -> GameRecord:
    if change.expected_version is not None and _checks_nothing(change):
        if db.dialect.logs_pending_actions:
            after = await _write_at_once(db, change, change.expected_version)
        else:
            after = await _write(db, change, change.expected_version, None)
        if after is not None:
            await notify(db, after)
            return after
    before = await load_existing(db, change.game_id, to_write=True)
    _validate_status(before, change.status)
    check_version(before, change.expected_version)
    await scores.check(db, before, change)
    after = await _write(db, change, before.version, before.status)
    # Checked under the row's lock (PostgreSQL) or the file's (SQLite): the guard holds.
    assert after is not None
    if change.stage_points:
        await scores.record_stage_points(db, change.game_id, change.stage_points)
    if change.status == GameStatus.FINISHED:
        await scores.record_results(db, before, change.results, to_db(change.now))
    await notify(db, after)
    return after


async def _write(
    db: Session, change: TransitionWrite, version: int, status: GameStatus | None
) -> GameRecord | None:
    """Logs the actions and moves the game from `version` (whose status is `status`, None if
    not read) to the next; the game as written, or None (nothing written) if it was not open
    at `version`. The actions go first: on PostgreSQL their INSERT locks the game's row
    (the guard is checked again on the latest row once the lock is had), so that two
    changes of one game take turns, the second finding the version moved on."""
    game_id, stamp = change.game_id, to_db(change.now)
    if change.actions:
        # The click goes with the change's first action (the trigger's way on SQLite).
        clicks = [None if change.click is None else dump_json(change.click)]
        clicks += [None] * (len(change.actions) - 1)
        await db.execute_many(
            "INSERT INTO actions (game_id, seq, version, actor_id, action, created_at, click) "
            "SELECT id, (SELECT coalesce(max(seq), 0) + 1 FROM actions WHERE game_id = ?), "
            f"?, ?, ?, ?, ? FROM games WHERE {_AT_VERSION}{db.dialect.lock_row}",
            [
                (game_id, version + 1, change.actor_id, dump_json(a), stamp, c, game_id, version)
                for a, c in zip(change.actions, clicks, strict=True)
            ],
        )
    row = await db.one(*_update(db, change, version, status, carrying_actions=False))
    return None if row is None else record(row)


async def _write_at_once(db: Session, change: TransitionWrite, version: int) -> GameRecord | None:
    """`_write` in one statement, the unit's last unless its guard failed (it then wrote
    nothing, and the game is read after it): the actions ride on the game's UPDATE and a
    trigger logs them."""
    row = await db.last(*_update(db, change, version, None, carrying_actions=True))
    return None if row is None else record(row)


def _update(
    db: Session,
    change: TransitionWrite,
    version: int,
    status: GameStatus | None,
    *,
    carrying_actions: bool,
) -> tuple[str, tuple[object, ...]]:
    """The guarded UPDATE … RETURNING that moves the game from `version` to the next, and its
    parameters; `carrying_actions`: with the change's actions for the trigger to log."""
    stamp = to_db(change.now)
    assignments, values = _assignments(change, status, stamp)
    if carrying_actions and change.actions:
        assignments += ", pending_actions = ?"
        pending = {"actor": change.actor_id, "actions": change.actions, "click": change.click}
        values.append(dump_json(pending))
    return (
        f"UPDATE games SET version = ?, updated_at = ?{assignments} WHERE {_AT_VERSION} "
        f"RETURNING {columns(db.dialect)}",
        (version + 1, stamp, *values, change.game_id, version),
    )


def _assignments(
    change: TransitionWrite, status: GameStatus | None, stamp: str
) -> tuple[str, list[object]]:
    """The columns the change sets besides its version and time, as `, name = ?` each, and
    their values; `status`: the game's before the change."""
    columns: list[tuple[str, object]] = []
    if not isinstance(change.state, Unset):
        columns.append(("state", None if change.state is None else dump_json(change.state)))
    if not isinstance(change.deadline, Unset):
        columns.append(("deadline", to_db_or_none(change.deadline)))
    if not isinstance(change.clock_owner, Unset):
        columns.append(("clock_owner", change.clock_owner))
    if change.status is not None and change.status != status:
        columns.append(("status", str(change.status)))
        if change.status == GameStatus.RUNNING:
            columns.append(("started_at", stamp))
        if change.status in CLOSED_STATUSES:
            columns.append(("finished_at", stamp))
    return "".join(f", {name} = ?" for name, _ in columns), [value for _, value in columns]
