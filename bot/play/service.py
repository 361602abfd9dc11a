"""The one place where a click becomes an engine action that is applied, saved and published.

load the game (as this process last saw it) -> engine.apply -> engine.settle ->
storage.commit_transition. The commit carries the version the state was loaded at, so of two
concurrent callers (even in two processes) exactly one wins; the loser reloads from the
database and tries again against the new state. A per-game lock keeps callers of this
process in line. Only a committed transition is published to the players.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import engine
from bot import storage as store
from bot.settings import DEFAULT_PICK_SECONDS, Settings

log = logging.getLogger("whyfirst.game")

COMMIT_ATTEMPTS = 5
LOBBY_IDLE_SECONDS = 15 * 60

REFUSAL_BY_CODE: dict[str, str] = {
    "NOT_A_PLAYER": "refusal.not_seated",
    "WRONG_PHASE": "refusal.wrong_phase",
    "STALE_TURN": "refusal.old_round",
    "CARD_NOT_IN_HAND": "refusal.card_not_in_hand",
    "UNKNOWN_TARGET": "refusal.unknown_target",
    "MUST_TARGET_SELF": "refusal.must_target_self",
    "NOT_YOUR_MOVE": "refusal.not_your_move",
    "GAME_OVER": "refusal.game_over",
    "INVALID_DEAL": "refusal.unknown_game",
}


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Refusal:
    """Why nothing changed: a catalog key and the values its sentence needs."""

    key: str
    values: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Transition:
    """A committed change of a game, with what happened, for the announcer."""

    record: Any  # storage.GameRecord after the commit
    before: engine.GameState | None
    state: engine.GameState
    events: tuple[Any, ...]
    actor_id: int | None
    turn_changed: bool
    # The message the acting click redraws itself (the actor's DM, the lobby at Start): the
    # announcer leaves it alone.
    answered_message: int | None = None


Publisher = Callable[[Transition], None]
ActionBuilder = Callable[[Any, engine.GameState], "engine.Action | Refusal"]


def pick_seconds_of(record: Any) -> int:
    options = record.options or {}
    return int(options.get("pick_seconds", DEFAULT_PICK_SECONDS))


def turn_key(state: engine.GameState) -> tuple[Any, ...]:
    """What identifies the current turn: a new turn gets a new deadline."""
    view = engine.public_view(state)
    return (state.phase, state.stage, state.round, view.current_mover)


def is_human_action(action: Any) -> bool:
    return isinstance(action, engine.Pick | engine.ChooseCard | engine.MoveFigure)


class GameService:
    """Turns intentions into committed transitions; every rule check is the engine's."""

    def __init__(
        self,
        storage: store.Storage,
        settings: Settings,
        publish: Publisher,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self._storage = storage
        self._settings = settings
        self._publish = publish
        self._clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        # The latest record this process read or wrote per open game: refusals, the lobby and
        # private controls are answered from it without waiting for the database, actions start
        # from it; the commit's version check sends a caller back to the database whenever
        # another process changed the game meanwhile.
        self._latest: dict[int, Any] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def forget(self, game_id: int) -> None:
        self._locks.pop(game_id, None)
        self._latest.pop(game_id, None)

    async def current(self, game_id: int) -> Any | None:
        """The game as last seen by this process (read from the database the first time)."""
        record = self._latest.get(game_id)
        if record is None:
            record = await self._storage.game(game_id)
            self.remember(record)
        return record

    def remember(self, record: Any | None) -> None:
        """Note a game as just read or written: its latest record while it is open."""
        if record is None:
            return
        game_id = int(record.id)
        known = self._latest.get(game_id)
        if known is not None and known.version > record.version:
            return  # an answer that overtook this one already brought a newer record
        if record.status in ("lobby", "running"):
            self._latest[game_id] = record
        else:
            self._latest.pop(game_id, None)

    def game_in_channel(self, channel_id: int) -> int | None:
        """The open game this process knows in the channel (the database has the last word)."""
        return next((r.id for r in self._latest.values() if r.channel_id == channel_id), None)

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
        pick_seconds: int,
        locale: str | None = None,
    ) -> Any:
        """A new lobby with the host seated; raises storage.ChannelBusy."""
        record = await self._storage.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            host_name=host_name,
            variant=variant.value,
            options={"pick_seconds": pick_seconds, "locale": locale},
            seed=secrets.randbits(63),
            now=self._clock(),
            lobby_deadline=self.deadline_after(LOBBY_IDLE_SECONDS),
        )
        self.remember(record)
        return record

    async def start(
        self, game_id: int, actor_id: int, answered_message: int | None = None
    ) -> Transition | Refusal:
        """The host starts the lobby's game: deal stage 1 and open the first round."""
        async with self.lock(game_id):
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
                    committed = await self._storage.commit_transition(
                        game_id,
                        expected_version=record.version,
                        actor_id=actor_id,
                        actions=[engine.action_to_dict(action) for action in actions],
                        state=engine.state_to_dict(state),
                        status="running",
                        deadline=self.deadline_after(pick_seconds_of(record)),
                        now=self._clock(),
                    )
                except store.StaleVersion:
                    continue
                self.remember(committed)
                transition = Transition(
                    committed, None, state, tuple(events), actor_id, True, answered_message
                )
                self._publish(transition)
                return transition
        return Refusal("refusal.busy")

    # --- running games -----------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        actor_id: int | None,
        build: ActionBuilder,
        answered_message: int | None = None,
    ) -> Transition | Refusal:
        """Apply the action `build` makes from the current state, commit it, publish it."""
        async with self.lock(game_id):
            # The version this process saw last is checked again inside the commit: only when
            # another process moved the game on is it read from the database.
            record = self._latest.get(game_id)
            for _ in range(COMMIT_ATTEMPTS):
                if record is None:
                    record = await self._storage.game(game_id)
                    self.remember(record)
                prepared = _prepare(record, build)
                if isinstance(prepared, Refusal):
                    return prepared
                before, action, outcome = prepared
                state, chance, chance_events = engine.settle(outcome.state)
                events = tuple(outcome.events) + tuple(chance_events)
                try:
                    committed = await self._commit(
                        record, before, state, (action, *chance), events, actor_id
                    )
                except store.StaleVersion:
                    record = None
                    continue
                self.remember(committed)
                transition = Transition(
                    committed,
                    before,
                    state,
                    events,
                    actor_id,
                    turn_key(before) != turn_key(state),
                    answered_message,
                )
                self._publish(transition)
                return transition
        return Refusal("refusal.busy")

    async def check(self, game_id: int, build: ActionBuilder) -> Refusal | None:
        """Why `act` would refuse this action now, if it would (nothing is written)."""
        prepared = _prepare(await self.current(game_id), build)
        return prepared if isinstance(prepared, Refusal) else None

    async def _commit(
        self,
        record: Any,
        before: engine.GameState,
        state: engine.GameState,
        actions: tuple[Any, ...],
        events: tuple[Any, ...],
        actor_id: int | None,
    ) -> Any:
        finished = state.phase == engine.Phase.FINISHED
        extra: dict[str, Any] = {}
        if finished:
            extra["deadline"] = None
        elif turn_key(before) != turn_key(state):
            extra["deadline"] = self.deadline_after(pick_seconds_of(record))
        return await self._storage.commit_transition(
            record.id,
            expected_version=record.version,
            actor_id=actor_id,
            actions=[engine.action_to_dict(action) for action in actions],
            state=engine.state_to_dict(state),
            status="finished" if finished else None,
            stage_points=stage_points(events),
            results=results(events),
            now=self._clock(),
            **extra,
        )

    async def end(self, game_id: int, status: str) -> Any | None:
        """Cancel or abandon a lobby or running game; None when it had already ended."""
        async with self.lock(game_id):
            record = await self._storage.game(game_id)
            if record is None or record.status not in ("lobby", "running"):
                return None
            ended = await self._storage.set_status(game_id, status, now=self._clock())
            self.remember(ended)
            return ended


def _prepare(
    record: Any, build: ActionBuilder
) -> Refusal | tuple[engine.GameState, engine.Action, engine.Accepted]:
    """The engine's verdict on the action `build` makes from the stored game."""
    if record is None:
        return Refusal("refusal.unknown_game")
    if record.status in ("finished", "cancelled", "abandoned"):
        return Refusal("refusal.game_over")
    if record.status != "running" or record.state is None:
        return Refusal("refusal.not_started")
    before = engine.state_from_dict(record.state)
    action = build(record, before)
    if isinstance(action, Refusal):
        return action
    outcome = engine.apply(before, action)
    if isinstance(outcome, engine.Rejected):
        return Refusal(REFUSAL_BY_CODE.get(outcome.code.name, "refusal.invalid"))
    return before, action, outcome


def _seat_order(seat: Any) -> int:
    return int(seat.seat)


def stage_points(events: tuple[Any, ...]) -> list[Any]:
    """Per-stage points of the players, with whether they stood on the scoring space."""
    return [
        store.StagePoints(int(figure), event.stage, points, figure in event.scorers)
        for event in events
        if isinstance(event, engine.StageScored)
        for figure, points in event.points
        if figure != engine.LEO
    ]


def results(events: tuple[Any, ...]) -> list[Any]:
    for event in events:
        if isinstance(event, engine.GameOver):
            return [
                store.PlayerResult(int(figure), total, figure in event.winners)
                for figure, total in event.totals
                if figure != engine.LEO
            ]
    return []
