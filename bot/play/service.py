"""The one place where an intention becomes an engine action that is applied, saved and published.

prepare (the engine's verdict, from the game as this process last saw it) -> commit (under the
game's lock: engine.settle, storage.commit_transition). The commit carries the version the
state was prepared from, so of two concurrent callers (even in two processes) exactly one wins;
the loser reads the game again and is judged again against the new state. A click is judged
once, unless another commit got there first. Only a committed change is published.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import engine
from bot import storage as store
from bot.observe.metrics import Metrics
from bot.options import GameOptions
from bot.play.scores import results, stage_points
from bot.play.transition import Change, Ended, EndReason, Refusal, Transition, turn_changed
from bot.play.verdict import ActionBuilder, Prepared, judge
from bot.settings import Settings
from bot.storage import GameRecord

Publisher = Callable[[Change], None]

log = logging.getLogger("whyfirst.game")

COMMIT_ATTEMPTS = 5
LOBBY_IDLE_SECONDS = 15 * 60


def utc_now() -> datetime:
    return datetime.now(UTC)


class GameService:
    """Turns intentions into committed changes; every rule check is the engine's."""

    def __init__(
        self,
        storage: store.Storage,
        settings: Settings,
        metrics: Metrics,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self._storage = storage
        self._settings = settings
        self._metrics = metrics
        self._clock = clock
        # Tests and the demo only: with WHYFIRST_SEED, game seeds follow from it.
        self._seeds = random.Random(settings.seed) if settings.seed is not None else None
        self._subscribers: list[Publisher] = []
        self._locks: dict[int, asyncio.Lock] = {}
        # The latest record this process read or wrote per open game: refusals, the lobby and
        # private controls are answered from it without waiting for the database, actions start
        # from it; the commit's version check sends a caller back to the database whenever
        # another process changed the game meanwhile.
        self._latest: dict[int, GameRecord] = {}
        # The state of each of those records, read once (a click must not parse it again).
        self._states: dict[int, tuple[int, engine.GameState]] = {}

    def subscribe(self, publish: Publisher) -> None:
        """Call `publish` with every committed change, in commit order per game."""
        self._subscribers.append(publish)

    def _publish(self, change: Change) -> None:
        for publish in self._subscribers:
            publish(change)

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def current(self, game_id: int) -> GameRecord | None:
        """The game as last seen by this process (read from the database the first time)."""
        record = self._latest.get(game_id)
        if record is None:
            record = await self._storage.game(game_id)
            self.remember(record)
        return record

    def remember(self, record: GameRecord | None, state: engine.GameState | None = None) -> None:
        """Note a game as just read or written (with its state, when the caller has it): its
        latest record while it is open."""
        if record is None:
            return
        known = self._latest.get(record.id)
        if known is not None and known.version > record.version:
            return  # an answer that overtook this one already brought a newer record
        if record.status in store.ACTIVE_STATUSES:
            self._latest[record.id] = record
            if state is not None:
                self._states[record.id] = (record.version, state)
        else:
            self._latest.pop(record.id, None)
            self._states.pop(record.id, None)
            self._locks.pop(record.id, None)

    def state_of(self, record: GameRecord) -> engine.GameState | None:
        """The engine state of a record (parsed once per version of an open game)."""
        if record.state is None:
            return None
        known = self._states.get(record.id)
        if known is not None and known[0] == record.version:
            return known[1]
        state = engine.state_from_dict(record.state)
        if self._latest.get(record.id) is record:
            self._states[record.id] = (record.version, state)
        return state

    def game_in_channel(self, channel_id: int) -> int | None:
        """The open game this process knows in the channel (the database has the last word)."""
        return next((r.id for r in self._latest.values() if r.channel_id == channel_id), None)

    def _new_seed(self) -> int:
        return self._seeds.getrandbits(63) if self._seeds else secrets.randbits(63)

    def deadline_after(self, seconds: float) -> datetime:
        return self._clock() + timedelta(seconds=self._settings.seconds(seconds))

    # --- lobby -------------------------------------------------------------------------

    async def open_lobby(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        variant: engine.Variant,
        options: GameOptions,
    ) -> GameRecord:
        """A new lobby with the host seated; raises storage.ChannelBusy."""
        seed = self._new_seed()  # the deal's seed first: WHYFIRST_SEED's first game gets it
        record = await self._storage.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            host_name=host_name,
            variant=variant.value,
            options=replace(options, ai_seed=self._new_seed()).to_dict(),
            seed=seed,
            now=self._clock(),
            lobby_deadline=self.deadline_after(LOBBY_IDLE_SECONDS),
            clock_owner=self._settings.process_name,
        )
        self.remember(record)
        return record

    async def start(self, game_id: int, actor_id: int) -> Transition | Refusal:
        """The host starts the lobby's game: deal stage 1 and open the first round."""
        async with self._lock(game_id):
            for _ in range(COMMIT_ATTEMPTS):
                record = await self._storage.game(game_id)
                self.remember(record)
                if record is None:
                    return Refusal("refusal.unknown_game")
                if record.status != "lobby":
                    return Refusal("refusal.already_started")
                if actor_id != record.host_id:
                    return Refusal("refusal.host_only")
                players = [str(seat.user_id) for seat in sorted(record.seats, key=_seat_order)]
                try:
                    state = engine.new_game(players, engine.Variant(record.variant), record.seed)
                except ValueError:
                    return Refusal("refusal.player_count")
                state, actions, events = engine.settle(state)
                try:
                    with self._metrics.commits.time():
                        committed = await self._storage.commit_transition(
                            game_id,
                            expected_version=record.version,
                            actor_id=actor_id,
                            actions=[engine.action_to_dict(action) for action in actions],
                            state=engine.state_to_dict(state),
                            status="running",
                            deadline=self.deadline_after(GameOptions.of(record).pick_seconds),
                            now=self._clock(),
                            clock_owner=self._settings.process_name,
                        )
                except store.StaleVersion:
                    self._metrics.version_conflicts.inc()
                    continue
                self.remember(committed, state)
                transition = Transition(committed, None, state, tuple(events), actor_id)
                self._publish(transition)
                return transition
        return Refusal("refusal.busy")

    # --- running games -----------------------------------------------------------------

    async def prepare(self, game_id: int, build: ActionBuilder) -> Prepared | Refusal:
        """The engine's verdict on the action `build` makes now (nothing is written).

        Judged on the game as this process last saw it; a refusal is checked once more
        against the database, since another process may have moved the game on.
        """
        record = await self.current(game_id)
        verdict = self._prepare(record, build)
        if isinstance(verdict, Refusal) and record is not None:
            fresh = await self.refresh(game_id)
            if fresh is not None and fresh.version != record.version:
                verdict = self._prepare(fresh, build)
        return verdict

    async def refresh(self, game_id: int) -> GameRecord | None:
        """The game as the database has it now (remembered)."""
        record = await self._storage.game(game_id)
        self.remember(record)
        return record

    async def commit(self, prepared: Prepared, actor_id: int | None) -> Transition | Refusal:
        """Commit a prepared action and publish it. Judged again only if the game moved on
        since it was prepared (another click here, or another process)."""
        game_id = prepared.record.id
        async with self._lock(game_id):
            record: GameRecord | None = self._latest.get(game_id)
            for _ in range(COMMIT_ATTEMPTS):
                if record is None:
                    record = await self._storage.game(game_id)
                    self.remember(record)
                if record is not prepared.record:
                    verdict = self._prepare(record, prepared.build)
                    if isinstance(verdict, Refusal):
                        return verdict
                    prepared = verdict
                try:
                    return await self._commit(prepared, actor_id)
                except store.StaleVersion:
                    self._metrics.version_conflicts.inc()
                    record = None
        return Refusal("refusal.busy")

    async def act(
        self, game_id: int, actor_id: int | None, build: ActionBuilder
    ) -> Transition | Refusal:
        """Prepare and commit in one (a deadline's action)."""
        prepared = await self.prepare(game_id, build)
        if isinstance(prepared, Refusal):
            return prepared
        return await self.commit(prepared, actor_id)

    def _prepare(self, record: GameRecord | None, build: ActionBuilder) -> Prepared | Refusal:
        state = self.state_of(record) if record is not None else None
        return judge(record, state, build)

    async def _commit(self, prepared: Prepared, actor_id: int | None) -> Transition:
        record, before = prepared.record, prepared.before
        state, chance, chance_events = engine.settle(prepared.after)
        events = prepared.events + tuple(chance_events)
        finished = state.phase == engine.Phase.FINISHED
        deadline: datetime | store.Unset | None = store.UNSET
        # The process that arms a turn's deadline holds the game's clock (bot/play/sweeper.py).
        owner: str | store.Unset = store.UNSET
        if finished:
            deadline = None
        elif turn_changed(before, state):
            deadline = self.deadline_after(GameOptions.of(record).pick_seconds)
            owner = self._settings.process_name
        with self._metrics.commits.time():
            committed = await self._storage.commit_transition(
                record.id,
                expected_version=record.version,
                actor_id=actor_id,
                actions=[engine.action_to_dict(a) for a in (*prepared.actions, *chance)],
                state=engine.state_to_dict(state),
                status="finished" if finished else None,
                deadline=deadline,
                stage_points=stage_points(record, events),
                results=results(record, events),
                now=self._clock(),
                clock_owner=owner,
            )
        self.remember(committed, state)
        transition = Transition(committed, before, state, events, actor_id)
        self._publish(transition)
        return transition

    async def end(self, game_id: int, reason: EndReason) -> Ended | None:
        """End a lobby or running game early; None when it had already ended."""
        async with self._lock(game_id):
            record = await self._storage.game(game_id)
            if record is None or record.status not in store.ACTIVE_STATUSES:
                return None
            closed = await self._storage.set_status(game_id, reason.status, now=self._clock())
            self.remember(closed)
        ended = Ended(closed, reason)
        self._publish(ended)
        return ended


def _seat_order(seat: store.Seat) -> int:
    return seat.seat
