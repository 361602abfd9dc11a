"""What one player, or anyone watching, may know about a game.

Views are frozen and hashable: every collection in them is a tuple, the per-figure numbers
included (`positions` and `totals` are (figure, number) pairs in figure order).
"""

from dataclasses import dataclass

from .cards import DECK, VALUES, Card
from .constants import LEO, ROUNDS, Phase, Variant
from .state import GameState, figures, positions, totals


@dataclass(frozen=True, slots=True)
class RevealedPlay:
    """A card turned face up in this stage, as everyone at the table saw it.

    `player` is LEO for Leo's own card. `target` is the figure the card moved (standard:
    the figure it lay in front of); None for a tactical card whose move is still to come.
    """

    round: int
    player: str
    card: int
    value: int
    target: str | None


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
    """Public knowledge: positions, totals, who still has to act, revealed move order, and
    every card revealed in this stage so far."""

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
    revealed: tuple[RevealedPlay, ...]


@dataclass(frozen=True, slots=True)
class PlayerView(PublicView):
    """One player's knowledge: the public view plus their own hand and pick."""

    player: str
    hand: tuple[Card, ...]
    pick: tuple[int, str | None] | None
    targets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HandView:
    """What one player's hand shows: their cards and pick, whom they may aim at, and whose
    move it is; the part of `PlayerView` that needs no look at the board."""

    player: str
    stage: int
    round: int
    phase: Phase
    variant: Variant
    hand: tuple[Card, ...]
    pick: tuple[int, str | None] | None
    targets: tuple[str, ...]
    current_mover: str | None
    moves_left: tuple[tuple[str, int], ...]


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
        revealed=revealed_plays(state),
    )


def revealed_plays(state: GameState) -> tuple[RevealedPlay, ...]:
    """The cards of the current stage that are face up: every finished round's plays
    (players in seat order, then Leo's card), and in tactical MOVING this round's cards."""
    if len(state.history) != state.stage:
        return ()  # the stage is not dealt yet
    log = state.history[-1]
    revealed: list[RevealedPlay] = []
    for round_number, plays in enumerate(log.rounds, start=1):
        revealed.extend(
            RevealedPlay(round_number, player, card, VALUES[card], target)
            for player, card, target in plays
        )
        if round_number <= len(log.leo):
            leo_card = log.leo[round_number - 1]
            revealed.append(RevealedPlay(round_number, LEO, leo_card, VALUES[leo_card], LEO))
    if state.phase is Phase.MOVING:
        for player, pick in zip(state.players, state.picks, strict=True):
            if pick is not None:
                card, target = pick
                revealed.append(RevealedPlay(state.round, player, card, VALUES[card], target))
        if state.round <= len(log.leo):
            leo_card = log.leo[state.round - 1]
            still_to_move = (LEO, leo_card) in state.move_order
            revealed.append(
                RevealedPlay(
                    state.round, LEO, leo_card, VALUES[leo_card], None if still_to_move else LEO
                )
            )
    return tuple(revealed)


def view_for(state: GameState, player: str) -> PlayerView:
    """`player`'s view; ValueError if they do not play in this game."""
    own = hand_view(state, player)
    public = public_view(state)
    return PlayerView(
        player=player,
        stage=public.stage,
        round=public.round,
        phase=public.phase,
        variant=public.variant,
        players=public.players,
        figures=public.figures,
        hand=own.hand,
        pick=own.pick,
        targets=own.targets,
        waiting_for=public.waiting_for,
        current_mover=public.current_mover,
        moves_left=public.moves_left,
        hand_sizes=public.hand_sizes,
        positions=public.positions,
        totals=public.totals,
        revealed=public.revealed,
    )


def hand_view(state: GameState, player: str) -> HandView:
    """`player`'s `HandView`, the same as in `view_for` at a fraction of its cost (no positions,
    totals or revealed cards); ValueError if they do not play in this game."""
    if player not in state.players:
        raise ValueError(f"{player!r} does not play in this game.")
    seat = state.players.index(player)
    return HandView(
        player=player,
        stage=state.stage,
        round=state.round,
        phase=state.phase,
        variant=state.variant,
        hand=tuple(DECK[number - 1] for number in state.hands[seat]),
        pick=state.picks[seat],
        targets=legal_targets(state, player),
        current_mover=current_mover(state),
        moves_left=state.move_order,
    )
