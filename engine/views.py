"""What one player, or anyone watching, may know about a game.

Views are frozen and hashable: every collection in them is a tuple, the per-figure numbers
included (`positions` and `totals` are (figure, number) pairs in figure order).
"""

from dataclasses import dataclass

from .cards import DECK, Card
from .constants import ROUNDS, Phase, Variant
from .state import GameState, figures, positions, totals


class _ByFigure:
    """Lookups in the (figure, number) pairs of a view."""

    __slots__ = ()
    positions: tuple[tuple[str, int], ...]
    totals: tuple[tuple[str, int], ...]

    def position_of(self, figure: str) -> int:
        return _lookup(self.positions, figure)

    def total_of(self, figure: str) -> int:
        return _lookup(self.totals, figure)


def _lookup(pairs: tuple[tuple[str, int], ...], figure: str) -> int:
    for name, number in pairs:
        if name == figure:
            return number
    raise KeyError(figure)


@dataclass(frozen=True, slots=True)
class PublicView(_ByFigure):
    """Public knowledge: positions, totals, who still has to act, revealed move order."""

    stage: int
    round: int
    phase: Phase
    variant: Variant
    players: tuple[str, ...]
    figures: tuple[str, ...]
    waiting_for: tuple[str, ...]
    current_mover: str | None
    moves_left: tuple[tuple[str, int], ...]
    hand_sizes: tuple[tuple[str, int], ...]
    positions: tuple[tuple[str, int], ...]
    totals: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class PlayerView(_ByFigure):
    """One player's knowledge: the public view plus their own hand and pick."""

    player: str
    stage: int
    round: int
    phase: Phase
    variant: Variant
    players: tuple[str, ...]
    figures: tuple[str, ...]
    hand: tuple[Card, ...]
    pick: tuple[int, str | None] | None
    targets: tuple[str, ...]
    waiting_for: tuple[str, ...]
    current_mover: str | None
    moves_left: tuple[tuple[str, int], ...]
    hand_sizes: tuple[tuple[str, int], ...]
    positions: tuple[tuple[str, int], ...]
    totals: tuple[tuple[str, int], ...]


def waiting_for(state: GameState) -> tuple[str, ...]:
    """Players who still have to act, in seat order."""
    if state.phase is Phase.PICKING:
        return tuple(p for p, pick in zip(state.players, state.picks, strict=True) if pick is None)
    if state.phase is Phase.MOVING:
        return (state.move_order[0][0],)
    return ()


def current_mover(state: GameState) -> str | None:
    return state.move_order[0][0] if state.phase is Phase.MOVING else None


def legal_targets(state: GameState, player: str) -> tuple[str, ...]:
    """The figures `player` may aim at right now (empty when they have no target to choose)."""
    if player not in state.players:
        return ()
    if state.phase is Phase.PICKING and state.variant is Variant.STANDARD:
        return (player,) if state.round == ROUNDS else figures(state)
    if state.phase is Phase.MOVING and state.move_order[0][0] == player:
        return figures(state)
    return ()


def public_view(state: GameState) -> PublicView:
    return PublicView(
        stage=state.stage,
        round=state.round,
        phase=state.phase,
        variant=state.variant,
        players=state.players,
        figures=figures(state),
        waiting_for=waiting_for(state),
        current_mover=current_mover(state),
        moves_left=state.move_order,
        hand_sizes=tuple((p, len(h)) for p, h in zip(state.players, state.hands, strict=True)),
        positions=tuple(positions(state).items()),
        totals=tuple(totals(state).items()),
    )


def view_for(state: GameState, player: str) -> PlayerView:
    """`player`'s view; ValueError if they do not play in this game."""
    if player not in state.players:
        raise ValueError(f"{player!r} does not play in this game.")
    seat = state.players.index(player)
    public = public_view(state)
    return PlayerView(
        player=player,
        stage=public.stage,
        round=public.round,
        phase=public.phase,
        variant=public.variant,
        players=public.players,
        figures=public.figures,
        hand=tuple(DECK[number - 1] for number in state.hands[seat]),
        pick=state.picks[seat],
        targets=legal_targets(state, player),
        waiting_for=public.waiting_for,
        current_mover=public.current_mover,
        moves_left=public.moves_left,
        hand_sizes=public.hand_sizes,
        positions=public.positions,
        totals=public.totals,
    )
