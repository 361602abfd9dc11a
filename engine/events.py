"""What happened, for the bot to render. Nothing here reveals an unrevealed pick."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Play:
    """A revealed card: `player` is LEO for Leo's own card. `automatic` after a timeout."""

    player: str
    card: int
    value: int
    target: str
    automatic: bool


@dataclass(frozen=True, slots=True)
class Move:
    """A figure's move: `delta` is what the cards asked for; `clamped` if the track ended it."""

    figure: str
    start: int
    delta: int
    end: int
    clamped: bool


@dataclass(frozen=True, slots=True)
class StageDealt:
    stage: int


@dataclass(frozen=True, slots=True)
class PickMade:
    """Someone chose (or changed) their card this round; says nothing about which."""

    player: str
    stage: int
    round: int


@dataclass(frozen=True, slots=True)
class RoundRevealed:
    """Standard game: every play of the round and the move of every figure."""

    stage: int
    round: int
    plays: tuple[Play, ...]
    moves: tuple[Move, ...]


@dataclass(frozen=True, slots=True)
class CardsRevealed:
    """Tactical game: the chosen cards (target is the player themself) and the move order."""

    stage: int
    round: int
    plays: tuple[Play, ...]
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FigureMoved:
    """Tactical game: one move, made and clamped on its own."""

    stage: int
    round: int
    mover: str
    card: int
    value: int
    target: str
    move: Move
    automatic: bool


@dataclass(frozen=True, slots=True)
class StageScored:
    """`space` is the second-farthest occupied space, None when all figures share one;
    `scorers` are the figures standing on it (START scores 0 but they still stood there)."""

    stage: int
    space: int | None
    points: tuple[tuple[str, int], ...]
    totals: tuple[tuple[str, int], ...]
    scorers: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GameOver:
    totals: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]


Event = StageDealt | PickMade | RoundRevealed | CardsRevealed | FigureMoved | StageScored | GameOver
