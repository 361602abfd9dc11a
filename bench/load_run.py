"""What one load run is asked to do (`Settings`, from bench/load.py's command line) and what
its games did (`Outcome`), shared by bench/load.py, the players (bench/load_players.py,
bench/load_burst.py) and the report (bench/load_report.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

PLAYERS_PER_GAME = 4
ROUNDS_PER_STAGE = 5
HUMAN_CARD_THINK = (2.0, 8.0)
"""Human pace by default: the seconds (uniform) a player thinks before clicking a card."""
HUMAN_TARGET_THINK = (0.5, 2.0)
"""Human pace by default: the seconds (uniform) a player thinks before clicking a target."""


@dataclass(frozen=True)
class Settings:
    """One run's options, as bench/load.py's command line gives them."""

    games: int
    rounds: int
    pace: str
    rest_limit: int
    validate: bool
    seed: int
    open_rate: float
    card_think: tuple[float, float]
    target_think: tuple[float, float]
    round_timeout: float
    bot_log: Path | None = None
    timeline: bool = False
    hands: str = "dm"
    """Where the games keep their hands: "dm", or "channel" (ephemeral, in the channel)."""
    ai: int = 0
    """AI seats per game (the host adds them in the lobby); people take the other seats."""
    ai_level: str = "sharp"

    @property
    def people(self) -> int:
        """People per game."""
        return PLAYERS_PER_GAME - self.ai


@dataclass
class Outcome:
    """What the games did: reveal latencies, waits for hands, revealed game-rounds, rounds that
    got stuck."""

    reveal_latencies: list[float] = field(default_factory=list)
    hand_waits: list[float] = field(default_factory=list)
    """Per player and turn at human pace: from the turn's round message (Start's, or the
    reveal that opened it) to the player's hand showing it, as often as players look."""
    revealed: int = 0
    stuck: list[str] = field(default_factory=list)
    repeated_clicks: int = 0


def turns(rounds: int) -> list[tuple[int, int]]:
    """The (stage, round) of the first `rounds` rounds of a game."""
    return [(1 + k // ROUNDS_PER_STAGE, 1 + k % ROUNDS_PER_STAGE) for k in range(rounds)]
