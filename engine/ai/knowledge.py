"""What an AI player knows at a decision: its view, as figure indexes and card numbers."""

from dataclasses import dataclass

from ..cards import DECK_SIZE
from ..constants import LEO, LEO_STACK_SIZE, Phase, Variant
from ..views import PlayerView

ALL_CARDS = frozenset(range(1, DECK_SIZE + 1))
LARGE_TABLE = 5


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's knowledge. Figures are indexes into `figures` (players in seat order,
    then Leo); `unseen` are the cards this seat has not seen this stage, from which the
    other hands, Leo's face-down stack and the undealt cards are made."""

    tactical: bool
    moving: bool
    stage: int
    round: int
    figures: tuple[str, ...]
    me: int
    player_count: int
    leo: int  # Leo's figure index, -1 without Leo
    positions: tuple[int, ...]
    totals: tuple[int, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]  # per seat
    unseen: tuple[int, ...]
    leo_left: int
    # Tactical MOVING: the moves still to make as (mover's figure index, card), mine first.
    moves_left: tuple[tuple[int, int], ...]

    def budget(self, small: int, large: int) -> int:
        """A search's count of samples: `small` up to four players, `large` from five,
        where a sample costs more and a decision must still keep within its time."""
        return small if self.player_count < LARGE_TABLE else large


def knowledge_of(view: PlayerView) -> Knowledge:
    """ValueError when the view's player has nothing to do."""
    if view.player not in view.waiting_for or view.phase not in (Phase.PICKING, Phase.MOVING):
        raise ValueError(f"{view.player} has nothing to do now ({view.phase.value}).")
    index = {figure: at for at, figure in enumerate(view.figures)}
    hand = tuple(sorted(card.number for card in view.hand))
    seen = set(hand)
    seen.update(play.card for play in view.revealed)
    leo_revealed = sum(1 for play in view.revealed if play.player == LEO)
    with_leo = LEO in index
    sizes = dict(view.hand_sizes)
    return Knowledge(
        tactical=view.variant is Variant.TACTICAL,
        moving=view.phase is Phase.MOVING,
        stage=view.stage,
        round=view.round,
        figures=view.figures,
        me=index[view.player],
        player_count=len(view.players),
        leo=index[LEO] if with_leo else -1,
        positions=tuple(number for _, number in view.positions),
        totals=tuple(number for _, number in view.totals),
        hand=hand,
        hand_sizes=tuple(sizes[player] for player in view.players),
        unseen=tuple(sorted(ALL_CARDS - seen)),
        leo_left=LEO_STACK_SIZE - leo_revealed if with_leo else 0,
        moves_left=tuple((index[mover], card) for mover, card in view.moves_left),
    )
