"""AI players act as soon as their turn begins (after every transition, and at start-up): each
decides from its seat's view alone (engine.ai) in a process of its own (on a thread a search holds
Python's lock while the loop posts other tables' hands); their actions are committed together
through the game service. A decision depends only on the view and the game's AI seed, so after a
restart the AI players who had not acted act again exactly as they would have."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context

import engine
from bot.options import GameOptions
from bot.play import end_with_parent
from bot.play.background import Background
from bot.play.commits import Commits
from bot.play.open_games import OpenGames
from bot.play.transition import Change, Refusal, Transition
from bot.storage import GameRecord, GameStatus, PlayerId

log = logging.getLogger("whyfirst.ai")


def awaited_ai(record: GameRecord, state: engine.GameState) -> tuple[PlayerId, ...]:
    """The game's AI players who must act now, in seat order."""
    ai = [seat.player for seat in record.seats if seat.is_ai]
    if not ai:
        return ()  # most games: no public view to build after every commit
    waiting = engine.waiting_for(state)
    return tuple(player for player in ai if player in waiting)


class AiSeats:
    def __init__(self, games: OpenGames, commits: Commits, background: Background) -> None:
        self._games = games
        self._commits = commits
        self._background = background
        self._playing: set[int] = set()
        self._again: set[int] = set()
        self._executor: ProcessPoolExecutor | None = None

    def after(self, change: Change) -> None:
        """A committed change: if it began a turn of AI players, they act."""
        if not isinstance(change, Transition) or change.finished:
            return
        if awaited_ai(change.record, change.state):
            self.play_soon(change.game_id)

    def play_soon(self, game_id: int) -> None:
        if game_id in self._playing:
            self._again.add(game_id)  # the running loop looks once more before it stops
            return
        self._playing.add(game_id)
        self._background.spawn(self._play(game_id))

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    async def _play(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                acted = await self._step(game_id)
                if not acted and game_id not in self._again:
                    return
        finally:
            self._playing.discard(game_id)
            self._again.discard(game_id)

    async def _step(self, game_id: int) -> bool:
        """Let the AI players the game awaits now act; whether anything was committed."""
        record = await self._games.current(game_id)
        if record is None or record.status is not GameStatus.RUNNING:
            return False
        state = self._games.state_of(record)
        if state is None:
            return False
        players = awaited_ai(record, state)
        if not players:
            return False
        options = GameOptions.of(record)
        views = tuple(engine.view_for(state, player) for player in players)
        level = engine.ai.Level(options.ai_level)
        worker = self._worker()
        try:
            actions = await asyncio.get_running_loop().run_in_executor(
                worker, engine.ai.choose_each, views, level, options.ai_seed
            )
        except BrokenProcessPool:  # killed or out of memory: forgotten, unless already replaced
            log.warning("game %s: the AI process ended; AI players decide again", game_id)
            self._executor = None if self._executor is worker else self._executor
            await asyncio.sleep(1.0)
            return True

        def build(record: GameRecord, now: engine.GameState) -> tuple[engine.Action, ...] | Refusal:
            # Decided for `state`: if the game moved on meanwhile, decide again.
            return actions if now == state else Refusal("refusal.busy")

        outcome = await self._commits.act(game_id, None, build)
        if isinstance(outcome, Refusal):
            log.info("game %s: AI players decide again (%s)", game_id, outcome.key)
        return True

    def _worker(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # one worker, spawned (a fork of a process with threads may copy a held lock into it)
            self._executor = ProcessPoolExecutor(1, get_context("spawn"), end_with_parent)
        return self._executor
