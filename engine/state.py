"""The game state: an immutable value, read through the helpers below."""

from collections.abc import Sequence
from dataclasses import dataclass

from .constants import LEO, MAX_PLAYERS, MIN_PLAYERS, START, Phase, Variant
from .rng import seed_position

# One play of a finished round, as records store it: (player, card number, target).
RecordedPlay = tuple[str, int, str]
# Per player: None, or (card, target); target None for a tactical card not yet moved.
Picks = tuple[tuple[int, str | None] | None, ...]


@dataclass(frozen=True, slots=True)
class StageLog:
    """What a record needs of one stage: the deal and the plays of its finished rounds.

    `hands` is in seat order; each round lists its plays in seat order.
    """

    hands: tuple[tuple[int, ...], ...]
    leo: tuple[int, ...]
    rounds: tuple[tuple[RecordedPlay, ...], ...]


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything about one game. Per-figure tuples follow `figures(state)` order.

    picks: per player, None or (card, target); target is None for a tactical card that
    has not moved yet. move_order: tactical MOVING, the moves still to make as
    (mover, card), the current mover first (Leo's moves are made at once, so the first
    entry is always a player). stage_points: per scored stage, per figure.
    """

    variant: Variant
    players: tuple[str, ...]
    seed: int
    rng: int
    phase: Phase
    stage: int
    round: int
    positions: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    leo_stack: tuple[int, ...]
    picks: Picks
    move_order: tuple[tuple[str, int], ...]
    stage_points: tuple[tuple[int, ...], ...]
    history: tuple[StageLog, ...]


def figure_names(players: tuple[str, ...]) -> tuple[str, ...]:
    return (*players, LEO) if len(players) == 2 else players


def check_players(players: Sequence[str]) -> tuple[str, ...]:
    """Seat order as a tuple; ValueError with an English sentence if the table is illegal."""
    seats = tuple(players)
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise ValueError(
            f"Why First? needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(seats)}."
        )
    for player in seats:
        if not isinstance(player, str) or not player:
            raise ValueError(f"Players are named by non-empty strings, not {player!r}.")
    if LEO in seats:
        raise ValueError(f"No player may be called {LEO}: the name is reserved for Leo.")
    if len(set(seats)) != len(seats):
        raise ValueError("Every player may sit at the table only once.")
    return seats


def new_game(players: Sequence[str], variant: Variant, seed: int) -> GameState:
    """A game waiting for the first stage's deal (phase DEALING, stage 1)."""
    seats = check_players(players)
    variant = Variant(variant)
    if type(seed) is not int:
        raise ValueError(f"The seed must be an integer, not {seed!r}.")
    return GameState(
        variant=variant,
        players=seats,
        seed=seed,
        rng=seed_position(seed),
        phase=Phase.DEALING,
        stage=1,
        round=1,
        positions=(START,) * len(figure_names(seats)),
        hands=((),) * len(seats),
        leo_stack=(),
        picks=(None,) * len(seats),
        move_order=(),
        stage_points=(),
        history=(),
    )


def figures(state: GameState) -> tuple[str, ...]:
    """Players in seat order, then LEO in 2-player games."""
    return figure_names(state.players)


def positions(state: GameState) -> dict[str, int]:
    return dict(zip(figures(state), state.positions, strict=True))


def totals(state: GameState) -> dict[str, int]:
    names = figures(state)
    sums = [0] * len(names)
    for stage in state.stage_points:
        for index, points in enumerate(stage):
            sums[index] += points
    return dict(zip(names, sums, strict=True))
