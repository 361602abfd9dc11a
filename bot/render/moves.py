"""Where each last move is drawn under the track: its lane, and its label beside the arrow.

Moves share a lane when their arrows and labels do not overlap, so a round's moves take a few lanes
instead of one each. The START tag hangs into the first lane, which moves avoid."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.render.board import START_SPACE, Board
from bot.render.fonts import MOVE_SIZE, fit, text_length
from bot.render.geometry import TRACK_LEFT, TRACK_RIGHT, space_x, tag_span
from bot.render.labels import move_label
from bot.render.words import PictureWords

# Between the arrow's ends and its label, and between two things sharing a lane.
LABEL_GAP = 10
LANE_GAP = 12
DOT_RADIUS = 5


@dataclass(frozen=True)
class PlacedMove:
    """One figure's last move: from ``start_x`` to ``end_x`` in ``lane``, with its label.

    The label starts at ``label_x`` when ``label_after``, else ends there."""

    figure_index: int
    lane: int
    start_x: int
    end_x: int
    label: str
    label_x: int
    label_after: bool

    def span(self) -> tuple[int, int]:
        width = round(text_length(self.label, MOVE_SIZE, bold=True))
        left, right = sorted((self.start_x, self.end_x))
        if self.label_after:
            return (left - DOT_RADIUS, self.label_x + width)
        return (self.label_x - width, right + DOT_RADIUS)


def place_moves(board: Board, words: PictureWords) -> tuple[PlacedMove, ...]:
    """Every shown move in seat order, each in the first lane where it has room."""
    lanes: list[list[tuple[int, int]]] = [[tag_span(words.start, START_SPACE)]]
    placed: list[PlacedMove] = []
    for index, figure in enumerate(board.figures):
        if not figure.shows_move:
            continue
        end = space_x(figure.space)
        start = end if figure.moved_from is None else space_x(figure.moved_from)
        move = _with_label(index, start, end, move_label(figure, words))
        lane = _first_lane_with_room(lanes, move.span())
        if lane == len(lanes):
            lanes.append([])
        lanes[lane].append(move.span())
        placed.append(replace(move, lane=lane))
    return tuple(placed)


def _first_lane_with_room(lanes: list[list[tuple[int, int]]], span: tuple[int, int]) -> int:
    left, right = span
    for number, taken in enumerate(lanes):
        if all(right + LANE_GAP <= other or end + LANE_GAP <= left for other, end in taken):
            return number
    return len(lanes)


def _with_label(index: int, start: int, end: int, label: str) -> PlacedMove:
    """The label after the arrow, or before it when it reaches too far right.

    If neither side has room (a very long label and a move across the whole track), the label takes
    the roomier side, shortened."""
    left, right = sorted((start, end))
    room_after = TRACK_RIGHT - (right + LABEL_GAP)
    room_before = (left - LABEL_GAP) - TRACK_LEFT
    width = text_length(label, MOVE_SIZE, bold=True)
    after = width <= room_after or (width > room_before and room_after >= room_before)
    label = fit(label, MOVE_SIZE, room_after if after else room_before, bold=True)
    label_x = right + LABEL_GAP if after else left - LABEL_GAP
    return PlacedMove(index, 0, start, end, label, label_x, after)
