"""The plain values storage hands out and takes in."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum, StrEnum
from functools import cached_property
from typing import Final, NewType, TypedDict


class GameStatus(StrEnum):
    """Where a game is in its life; stored as its value."""

    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"
    ABANDONED = "abandoned"


ACTIVE_STATUSES: Final = (GameStatus.LOBBY, GameStatus.RUNNING)
CLOSED_STATUSES: Final = (GameStatus.FINISHED, GameStatus.CANCELLED, GameStatus.ABANDONED)
MAX_SEATS: Final = 6
METRICS: Final = ("wins", "win_rate", "points")
JsonObject = dict[str, object]
"""A JSON-safe dict, stored as text (game options, states, actions); its readers check each
value before trusting it."""


PlayerId = NewType("PlayerId", str)
"""A player inside the bot and the engine: their Discord user id as text (an AI player's is
negative). Made only by `player_id` (or `Seat.player`), read back only by `user_id_of`."""


def player_id(user_id: int) -> PlayerId:
    # One string per player, however many clicks, tables and caches hold it (~1 KiB a game).
    return PlayerId(sys.intern(str(user_id)))


def user_id_of(player: PlayerId) -> int:
    return int(player)


class Unset(Enum):
    """Marks an argument left out, where None means "clear it"."""

    UNSET = "UNSET"


UNSET: Final = Unset.UNSET


@dataclass(frozen=True, slots=True)
class Seat:
    user_id: int
    display_name: str
    seat: int
    ai_level: str | None = None
    """Set when an AI player sits here (its user id is then negative)."""

    @property
    def is_ai(self) -> bool:
        return self.ai_level is not None

    @property
    def player(self) -> PlayerId:
        return player_id(self.user_id)


@dataclass(frozen=True)
class StagePoints:
    user_id: int
    stage: int
    points: int
    reached_second: bool


@dataclass(frozen=True)
class PlayerResult:
    user_id: int
    total: int
    won: bool


class LoggedAction(TypedDict):
    """One action of a game's log with its bookkeeping."""

    seq: int
    version: int
    actor_id: int | None
    action: JsonObject
    created_at: str


@dataclass(frozen=True)
class GameRecord:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    variant: str
    options_json: str  # as stored: bot.options reads them
    status: GameStatus
    seed: int
    version: int
    state_json: str | None  # as stored: the game service keeps an open game's state parsed
    seats: tuple[Seat, ...]
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    deadline: datetime | None
    lobby_deadline: datetime | None
    message_ids: dict[str, int] = field(default_factory=dict)
    replay_token: str | None = None
    """The replay page's token (bot/web); None for games opened before replays existed."""
    shown_version: int = 0
    """The version whose messages in the channel went out last (bot/announce/recovery.py)."""

    @cached_property
    def state(self) -> JsonObject | None:
        state: JsonObject | None = None if self.state_json is None else json.loads(self.state_json)
        return state

    @property
    def lobby_message_id(self) -> int | None:
        return self.message_ids.get("lobby_message_id")

    @property
    def round_message_id(self) -> int | None:
        return self.message_ids.get("round_message_id")

    def seat_of(self, user_id: int) -> Seat | None:
        return next((seat for seat in self.seats if seat.user_id == user_id), None)


@dataclass(frozen=True)
class PlayerFigures:
    """One player's standing in a guild over a period."""

    user_id: int
    display_name: str
    games: int
    wins: int
    points: int
    best_stage: int | None
    seconds_reached: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_points(self) -> float:
        return self.points / self.games if self.games else 0.0


class _Paged:
    ranked_players: int
    page_size: int

    @property
    def page_count(self) -> int:
        """How many pages the board has (one, even when empty)."""
        return max(1, -(-self.ranked_players // self.page_size))


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int
    figures: PlayerFigures


@dataclass(frozen=True)
class LeaderboardQuery:
    """One page of a server's leaderboard by a metric over the period [since, until);
    `min_games` applies to win_rate only."""

    guild_id: int
    metric: str = "wins"
    page: int = 0
    page_size: int = 10
    since: datetime | None = None
    until: datetime | None = None
    min_games: int = 3


@dataclass(frozen=True)
class LeaderboardPage(_Paged):
    guild_id: int
    metric: str
    page: int
    page_size: int
    ranked_players: int
    rows: tuple[LeaderboardRow, ...]


@dataclass(frozen=True)
class PlayerStats:
    figures: PlayerFigures
    ranks: dict[str, int | None]
    """Rank under each metric; None for win_rate below the minimum number of games."""


@dataclass(frozen=True)
class RatedPlayer:
    """A person's rating in a server and period: the conservative estimate (mu − 3·sigma)."""

    user_id: int
    display_name: str
    rating: float
    games: int
    last_change: float


@dataclass(frozen=True)
class RatingRow:
    rank: int
    player: RatedPlayer


@dataclass(frozen=True)
class RatingPage(_Paged):
    guild_id: int
    period: str
    """'all', or a season's key ("2026-Q4")."""
    page: int
    page_size: int
    min_games: int
    ranked_players: int
    rows: tuple[RatingRow, ...]


@dataclass(frozen=True)
class PlayerRating:
    player: RatedPlayer
    rank: int | None
    """Among the players listed (at least the minimum of rated games); None below it."""
