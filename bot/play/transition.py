"""What a committed change of a game is, and what a refused one says."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from itertools import groupby
from typing import NamedTuple

import engine
from bot.storage import GameRecord, GameStatus, LoggedAction


@dataclass(frozen=True)
class Refusal:
    """Why nothing changed: the catalog key of the sentence the player is shown."""

    key: str


class TurnKey(NamedTuple):
    """The turn a deadline belongs to: stage, round, and the mover in tactical moves."""

    stage: int
    round: int
    mover: str | None


def turn_of(state: engine.GameState) -> TurnKey:
    return TurnKey(state.stage, state.round, engine.current_mover(state))


def turn_changed(before: engine.GameState, after: engine.GameState) -> bool:
    """Whether `after` waits for a new turn (and so gets a new deadline)."""
    return before.phase != after.phase or turn_of(before) != turn_of(after)


@dataclass(frozen=True)
class Transition:
    """A committed change of a running game, with what happened, for whoever shows it."""

    record: GameRecord
    """The game after the commit."""
    before: engine.GameState | None
    """None when the game has just started."""
    state: engine.GameState
    events: tuple[engine.Event, ...]
    actor_id: int | None
    """The player whose click made it; None for a deadline."""
    answer: asyncio.Future[bool] | None = field(default=None, compare=False)
    """The click's own answer with its player's controls as this state shows them (a pick on
    one's hand in the channel), under way: True once it reached them (no redraw needed)."""
    away: bool = False
    """Its player acted away from their Discord hand (at the table): that hand is redrawn
    to match even if they have not clicked it lately."""
    recovered: bool = False
    """Stored by a process that died before it was shown: its messages may be out already."""

    @property
    def game_id(self) -> int:
        return self.record.id

    @property
    def turn_changed(self) -> bool:
        return self.before is None or turn_changed(self.before, self.state)

    @property
    def finished(self) -> bool:
        return self.state.phase == engine.Phase.FINISHED

    @property
    def tells(self) -> bool:
        """Whether the channel hears of it in a new round message: the start, a reveal, a
        tactical move, a stage scored, or the end."""
        told = engine.RoundRevealed | engine.CardsRevealed | engine.FigureMoved | engine.StageScored
        return self.before is None or self.finished or any(isinstance(e, told) for e in self.events)

    async def answered(self) -> bool:
        """Whether the click answered with its player's controls (waiting for the answer)."""
        return self.answer is not None and await self.answer


class EndReason(Enum):
    """Why a lobby or running game ended before its last round."""

    CANCELLED = "cancelled"
    """By the host, or a member who may manage the server."""
    LOBBY_EXPIRED = "lobby_expired"
    """A lobby idle for too long."""
    ABANDONED = "abandoned"
    """Nobody played for a whole stage, or the game's server or channel went away."""

    @property
    def status(self) -> GameStatus:
        """The game's stored status afterwards."""
        return GameStatus.ABANDONED if self is EndReason.ABANDONED else GameStatus.CANCELLED


@dataclass(frozen=True)
class Ended:
    """A lobby or running game that ended early (committed)."""

    record: GameRecord
    reason: EndReason
    recovered: bool = False

    @property
    def game_id(self) -> int:
        return self.record.id


def changes_since(record: GameRecord, log: list[LoggedAction]) -> list[Transition]:
    """The changes a running or finished game stored after the version its players were shown
    (`record.shown_version`), rebuilt from its action log: the engine is deterministic."""
    players = [seat.player for seat in record.seats]
    state = engine.new_game(players, engine.Variant(record.variant), record.seed)
    before: engine.GameState | None = None
    changes = []
    for version, logged in groupby(log, key=lambda entry: entry["version"]):
        events: list[engine.Event] = []
        actor = None
        for entry in logged:
            accepted = engine.apply(state, engine.action_from_dict(entry["action"]))
            assert isinstance(accepted, engine.Accepted), accepted
            state, actor = accepted.state, actor or entry["actor_id"]
            events += accepted.events
        if version > record.shown_version:
            at = replace(record, version=version)
            changes.append(Transition(at, before, state, tuple(events), actor, recovered=True))
        before = state
    return changes


Answer = Callable[[Transition], Awaitable[bool]]
"""A click's acknowledgement once its change is durable: whether it answered with its player's
controls as the change leaves them (else it was only acknowledged, and the change shows them)."""

Change = Transition | Ended
"""What the game service publishes after each commit."""
