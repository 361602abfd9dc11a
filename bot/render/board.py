"""What the picture shows: figures on the track, the scoring space, a caption, the last moves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.render.glyphs import drawable

MIN_SPACE = -12
MAX_SPACE = 16
START_SPACE = 0
SEAT_COLOURS = 6
MAX_INITIAL_LENGTH = 2


@dataclass(frozen=True)
class Figure:
    """One figure on the track.

    ``colour`` is the player's seat index (0-5) or None for Leo. ``initial`` (1-2 characters) is
    written on the disc so colour is never the only cue. ``moved_from`` and ``delta`` describe the
    last move, if it should be shown: ``delta`` is the sum of the cards played (``+3``); when the
    figure moved less than that it stopped at an end of the track."""

    name: str
    initial: str
    colour: int | None
    space: int
    moved_from: int | None = None
    delta: int | None = None

    def __post_init__(self) -> None:
        if not MIN_SPACE <= self.space <= MAX_SPACE:
            raise ValueError(f"{self.name}: space {self.space} is off the track")
        if self.moved_from is not None and not MIN_SPACE <= self.moved_from <= MAX_SPACE:
            raise ValueError(f"{self.name}: moved_from {self.moved_from} is off the track")
        if self.colour is not None and not 0 <= self.colour < SEAT_COLOURS:
            raise ValueError(f"{self.name}: colour must be a seat index 0-5 or None for Leo")
        if not 1 <= len(self.initial) <= MAX_INITIAL_LENGTH:
            raise ValueError(f"{self.name}: initial must be 1 or 2 characters")

    @property
    def clamped(self) -> bool:
        """The last move was cut short by an end of the track."""
        if self.delta is None or self.moved_from is None:
            return False
        return self.space - self.moved_from != self.delta

    @property
    def shows_move(self) -> bool:
        """The last move is worth showing: cards summing to 0 (or none) moved nothing."""
        return self.delta is not None and self.delta != 0

    @property
    def delta_label(self) -> str:
        """The last move's cards as a signed number: ``"+3"``, ``"-1"`` (empty if none)."""
        return "" if self.delta is None else f"{self.delta:+d}"


@dataclass(frozen=True)
class Board:
    """Everything ``render_track`` draws and ``describe_board`` says.

    ``figures`` in seat order (Leo last); ``highlight_space`` is the scoring space at stage scoring;
    ``caption`` lines go above the track, the first one large ("Stage 2 · Round 3"). ``locale`` (a
    Discord locale such as ``"de"`` or ``"pt-BR"``; None is English) is the language of the
    picture's own words (START, the scoring tag, ...) and of its description; the caption is written
    as given."""

    figures: tuple[Figure, ...]
    highlight_space: int | None = None
    caption: tuple[str, ...] = ()
    locale: str | None = None

    def __post_init__(self) -> None:
        if self.highlight_space is not None and not MIN_SPACE <= self.highlight_space <= MAX_SPACE:
            raise ValueError(f"highlight_space {self.highlight_space} is off the track")

    def figures_on(self, space: int) -> tuple[Figure, ...]:
        return tuple(figure for figure in self.figures if figure.space == space)

    def stack_index(self, figure_index: int) -> int:
        """How many figures listed before this one stand on the same space."""
        space = self.figures[figure_index].space
        return sum(1 for figure in self.figures[:figure_index] if figure.space == space)

    def tallest_stack(self) -> int:
        return max((len(self.figures_on(figure.space)) for figure in self.figures), default=0)


def distinct_initials(names: Sequence[str]) -> tuple[str, ...]:
    """One short, distinct label per name: ``["Anne", "Ben", "Bob"]`` → ``("A", "Be", "Bo")``.

    The first letter or digit, upper-cased; names that share it get their first two. Names that
    still collide, or have no letter the picture's font can draw, fall back to their seat number
    (1-based)."""
    letters = [_alphanumerics(name) for name in names]
    firsts = [chars[:1].upper() for chars in letters]
    chosen: list[str] = []
    for seat, (chars, first) in enumerate(zip(letters, firsts, strict=True)):
        if not chars:
            chosen.append(str(seat + 1))
        elif firsts.count(first) == 1:
            chosen.append(first)
        else:
            chosen.append(first + chars[1:2].lower())
    return tuple(
        label if chosen.count(label) == 1 else str(seat + 1) for seat, label in enumerate(chosen)
    )


def _alphanumerics(name: str) -> str:
    return "".join(char for char in drawable(name) if char.isalnum())
