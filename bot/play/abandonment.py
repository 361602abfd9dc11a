"""A game in which nobody played for a whole stage is abandoned: the rounds in a row that ended
without a single person's action (only deadlines and AI players) are counted from the game's action
log, which every process shares. So is a game whose server or channel went away."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Protocol

import engine
from bot.play.commits import Commits
from bot.play.transition import EndReason, Transition
from bot.storage import GameRecord, LoggedAction

log = logging.getLogger("whyfirst")


def ends_a_round_nobody_may_have_played(transition: Transition) -> bool:
    """Whether the transition ended a round without a person's own action: only then can the
    rounds nobody played have reached a stage's worth (a person's pick resets the count)."""
    before, state = transition.before, transition.state
    if before is None or (before.stage, before.round) == (state.stage, state.round):
        return False
    return transition.actor_id is None and state.phase != engine.Phase.FINISHED


def rounds_nobody_played(log: list[LoggedAction], current: tuple[int, int]) -> int:
    """The finished rounds in a row, the latest first, without a person's action (`current`,
    the round being played, left out)."""
    played_by_someone: dict[tuple[int, int], bool] = {}
    for entry in log:
        action = entry["action"]
        stage, round_ = action.get("stage"), action.get("round")
        if not isinstance(stage, int) or not isinstance(round_, int):  # a deal has no round
            continue
        turn = (stage, round_)
        someone = played_by_someone.get(turn, False) or entry["actor_id"] is not None
        played_by_someone[turn] = someone
    played_by_someone.pop(current, None)
    idle = 0
    for someone in reversed(played_by_someone.values()):
        if someone:
            break
        idle += 1
    return idle


class GameLogs(Protocol):
    async def action_log(self, game_id: int) -> list[LoggedAction]: ...

    async def active_games(self) -> list[GameRecord]: ...


class AbandonmentCheck:
    def __init__(self, storage: GameLogs, commits: Commits) -> None:
        self._storage = storage
        self._commits = commits

    async def after(self, transition: Transition) -> None:
        """End the game if the round this transition ended was the stage's worth of rounds
        nobody played."""
        log = await self._storage.action_log(transition.game_id)
        current = (transition.state.stage, transition.state.round)
        if rounds_nobody_played(log, current) >= engine.ROUNDS:
            await self._commits.end(transition.game_id, EndReason.ABANDONED)

    async def place_gone(self, where: Callable[[GameRecord], bool], reason: str) -> None:
        """The server or channel of the open games `where` picks went away (nobody can see
        them any more): they are abandoned."""
        for record in await self._storage.active_games():
            if where(record) and await self._commits.end(record.id, EndReason.ABANDONED):
                log.info("game %s abandoned: %s", record.id, reason)
