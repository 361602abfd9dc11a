"""The one update path of a game (boardgame.io's Master.onUpdate: check the version, reduce, save,
then publish): a lobby's start, an action (prepare, then commit) and an early end.

prepare (the engine's verdict, from the game as this process last saw it) -> commit (under the
game's lock: engine.settle, storage.commit_transition). The commit carries the version the state was
prepared from, so of two concurrent callers (even in two processes) exactly one wins; the loser
reads the game again and is judged again against the new state. A click is judged once, unless
another commit got there first. A change is published once it is durable, and only then; a click
that answers with its player's controls does so meanwhile, and the change carries that answer under
way (what follows up the click waits for it)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from typing import Protocol

import engine
from bot import storage as store
from bot.clock import Clock
from bot.crash import crash_point
from bot.observe.metrics import Metrics
from bot.options import GameOptions
from bot.play.open_games import OpenGames
from bot.play.scores import results, stage_points
from bot.play.transition import Answer, Change, Ended, EndReason, Refusal, Transition, turn_changed
from bot.play.verdict import ActionBuilder, Prepared, judge
from bot.storage import GameRecord, GameStatus, JsonObject, TransitionWrite

COMMIT_ATTEMPTS = 5

Publish = Callable[[Change], None]


class TransitionStore(Protocol):
    async def commit_transition(self, change: TransitionWrite) -> GameRecord:
        """Raises storage.StaleVersion when the game's version moved on."""


class Commits:
    def __init__(
        self,
        storage: TransitionStore,
        games: OpenGames,
        metrics: Metrics,
        process_name: str,
        clock: Clock,
    ) -> None:
        self._storage = storage
        self._games = games
        self._metrics = metrics
        self._process_name = process_name
        self._clock = clock
        self._subscribers: list[Publish] = []

    def subscribe(self, publish: Publish) -> None:
        """Call `publish` with every committed change, in commit order per game."""
        self._subscribers.append(publish)

    def _publish(self, change: Change) -> None:
        for publish in self._subscribers:
            publish(change)

    async def start(
        self, game_id: int, actor_id: int, click: JsonObject | None = None
    ) -> Transition | Refusal:
        """The host starts the lobby's game: deal stage 1 and open the first round. `click`:
        the host's click, logged with it (TransitionWrite.click)."""
        async with self._games.lock(game_id):
            for _ in range(COMMIT_ATTEMPTS):
                record = await self._games.refresh(game_id)
                if record is None:
                    return Refusal("refusal.unknown_game")
                if record.status is not GameStatus.LOBBY:
                    return Refusal("refusal.already_started")
                if actor_id != record.host_id:
                    return Refusal("refusal.host_only")
                players = [seat.player for seat in sorted(record.seats, key=lambda seat: seat.seat)]
                try:
                    state = engine.new_game(players, engine.Variant(record.variant), record.seed)
                except ValueError:
                    return Refusal("refusal.player_count")
                state, actions, events = engine.settle(state)
                try:
                    with self._metrics.commits.time():
                        committed = await self._storage.commit_transition(
                            TransitionWrite(
                                game_id=game_id,
                                expected_version=record.version,
                                now=self._clock.now(),
                                actor_id=actor_id,
                                actions=[engine.action_to_dict(action) for action in actions],
                                state=engine.state_to_dict(state),
                                status=GameStatus.RUNNING,
                                deadline=self._clock.after(GameOptions.of(record).pick_seconds),
                                clock_owner=self._process_name,
                                click=click,
                            )
                        )
                except store.StaleVersion:
                    self._metrics.version_conflicts.inc()
                    continue
                crash_point("commit")
                self._games.remember(committed, state)
                transition = Transition(committed, None, state, tuple(events), actor_id)
                self._publish(transition)
                return transition
        return Refusal("refusal.busy")

    async def prepare(self, game_id: int, build: ActionBuilder) -> Prepared | Refusal:
        """The engine's verdict on the action `build` makes now (nothing is written).

        Judged on the game as this process last saw it; a refusal is checked once more against the
        database, since another process may have moved the game on."""
        record = await self._games.current(game_id)
        verdict = self._judge(record, build)
        if isinstance(verdict, Refusal) and record is not None:
            fresh = await self._games.refresh(game_id)
            if fresh is not None and fresh.version != record.version:
                verdict = self._judge(fresh, build)
        return verdict

    async def commit(
        self,
        prepared: Prepared,
        actor_id: int | None,
        answer: Answer | None = None,
        *,
        away: bool = False,
        click: JsonObject | None = None,
    ) -> Transition | Refusal:
        """Commit a prepared action and publish it. Judged again only if the game moved on
        since it was prepared (another click here, or another process). `away`: the player
        acted away from their Discord hand (Transition.away); `click`: theirs, logged with it."""
        game_id = prepared.record.id
        async with self._games.lock(game_id):
            record = self._games.latest(game_id)
            for _ in range(COMMIT_ATTEMPTS):
                if record is None:
                    record = await self._games.refresh(game_id)
                if record is not prepared.record:
                    verdict = self._judge(record, prepared.build)
                    if isinstance(verdict, Refusal):
                        return verdict
                    prepared = verdict
                try:
                    return await self._commit(prepared, actor_id, answer, away, click)
                except store.StaleVersion:
                    self._metrics.version_conflicts.inc()
                    record = None
        return Refusal("refusal.busy")

    async def act(
        self, game_id: int, actor_id: int | None, build: ActionBuilder
    ) -> Transition | Refusal:
        """Prepare and commit in one (a deadline's action, an AI player's)."""
        prepared = await self.prepare(game_id, build)
        if isinstance(prepared, Refusal):
            return prepared
        return await self.commit(prepared, actor_id)

    def _judge(self, record: GameRecord | None, build: ActionBuilder) -> Prepared | Refusal:
        return judge(record, self._games.state_of(record) if record is not None else None, build)

    async def _commit(
        self,
        prepared: Prepared,
        actor_id: int | None,
        answer: Answer | None,
        away: bool,
        click: JsonObject | None,
    ) -> Transition:
        record, before = prepared.record, prepared.before
        state, chance, chance_events = engine.settle(prepared.after)
        events = prepared.events + tuple(chance_events)
        finished = state.phase == engine.Phase.FINISHED
        deadline: datetime | store.Unset | None = store.UNSET
        # The process that arms a turn's deadline holds the game's clock (bot/timers/takeover.py).
        owner: str | store.Unset = store.UNSET
        if finished:
            deadline = None
        elif turn_changed(before, state):
            deadline = self._clock.after(GameOptions.of(record).pick_seconds)
            owner = self._process_name
        with self._metrics.commits.time():
            committed = await self._storage.commit_transition(
                TransitionWrite(
                    game_id=record.id,
                    expected_version=record.version,
                    now=self._clock.now(),
                    actor_id=actor_id,
                    actions=[engine.action_to_dict(a) for a in (*prepared.actions, *chance)],
                    state=engine.state_to_dict(state),
                    status=GameStatus.FINISHED if finished else None,
                    deadline=deadline,
                    stage_points=stage_points(record, events),
                    results=results(record, events),
                    unrecorded=GameOptions.of(record).practice,
                    clock_owner=owner,
                    click=click,
                )
            )
        self._games.remember(committed, state)
        answered = None if answer is None else asyncio.get_running_loop().create_future()
        transition = Transition(committed, before, state, events, actor_id, answered, away)
        if transition.tells:
            crash_point("commit")
        self._publish(transition)
        if answer is not None and answered is not None:
            try:
                answered.set_result(await answer(transition))
            except BaseException:
                answered.set_result(False)
                raise
        if transition.tells and answer is not None:
            crash_point("answered")
        return transition

    async def end(self, game_id: int, reason: EndReason) -> Ended | None:
        """End a lobby or running game early; None when it had already ended."""
        async with self._games.lock(game_id):
            record = await self._games.refresh(game_id)
            if record is None or record.status not in store.ACTIVE_STATUSES:
                return None
            # Whatever its version: an early end wins over a change under way elsewhere.
            closed = await self._storage.commit_transition(
                TransitionWrite(
                    game_id=game_id,
                    expected_version=None,
                    now=self._clock.now(),
                    status=reason.status,
                )
            )
            self._games.remember(closed)
        ended = Ended(closed, reason)
        self._publish(ended)
        return ended
