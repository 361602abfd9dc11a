"""The writes to a game, one frozen dataclass each: what the caller asks, named once. The
play layer builds one, `GameStore` runs it as one unit of work, and the SQL (lobbies.py,
transitions.py) reads its fields."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.storage.records import UNSET, GameStatus, JsonObject, PlayerResult, StagePoints, Unset


@dataclass(frozen=True, kw_only=True)
class NewGame:
    """A lobby opened in a channel, its host in seat 0."""

    guild_id: int
    channel_id: int
    host_id: int
    host_name: str
    variant: str
    options: JsonObject
    seed: int
    now: datetime
    lobby_deadline: datetime | None
    clock_owner: str | None = None
    """The process that holds the game's clock (bot/timers/takeover.py)."""


@dataclass(frozen=True, kw_only=True)
class NewSeat:
    """A player takes the next free seat of a lobby (an AI player: a negative user id and its
    level)."""

    game_id: int
    user_id: int
    display_name: str
    expected_version: int | None
    """None: whatever version the game is at (players joining at once all get in)."""
    now: datetime
    ai_level: str | None = None
    click: JsonObject | None = None
    """The click that seated them, kept for their first hand (bot/announce/recovery.py)."""


@dataclass(frozen=True, kw_only=True)
class VacatedSeat:
    """A player leaves a lobby; the later seats move one place down."""

    game_id: int
    user_id: int
    expected_version: int | None
    now: datetime


@dataclass(frozen=True, kw_only=True)
class TransitionWrite:
    """A game moves on: actions appended to its log, its state snapshot, and optionally its
    status, deadline, stage points and results, all or nothing, version + 1."""

    game_id: int
    expected_version: int | None
    """The version the change was prepared from (StaleVersion if it moved); None: any."""
    now: datetime
    actor_id: int | None = None
    actions: Sequence[JsonObject] = ()
    state: JsonObject | Unset | None = UNSET
    """None clears it, UNSET keeps it."""
    status: GameStatus | None = None
    """None keeps it."""
    deadline: datetime | Unset | None = UNSET
    """None clears it, UNSET keeps it."""
    stage_points: Sequence[StagePoints] = ()
    results: Sequence[PlayerResult] = ()
    """One per seated person, with status "finished" only."""
    unrecorded: bool = False
    """A practice game (bot/learn): nobody's record, it finishes without points or results."""
    clock_owner: str | Unset = UNSET
    """The process that armed the turn's deadline holds the game's clock; UNSET keeps it."""
    click: JsonObject | None = None
    """The click that made it, logged with its first action (bot/announce/recovery.py)."""
