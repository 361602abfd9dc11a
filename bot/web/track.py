"""The replay page's track as SVG, in two layouts of the same spaces: one row on a wide
screen, and rows of ten spaces on a phone, where one row of 29 spaces would be too small to
read. The figures stand stacked above their space; the page's script moves them in both."""

from __future__ import annotations

from dataclasses import dataclass

import engine

# One cell a space, figures stacked above their space.
CELL = 36
CELL_HEIGHT = 32
STACK = 30
ROW_STACK = 20
"""On a phone the discs of a stack overlap, each initial still whole: the three rows then
leave the replay's buttons on the first screen."""
DISC_RADIUS = 14
LIFT = DISC_RADIUS + 6
"""From the track's top edge up to the centre of the lowest disc."""
SPACES = tuple(range(engine.MIN_SPACE, engine.MAX_SPACE + 1))
ROW_SPACES = 10
"""Spaces in a row of the phone's layout: at a phone's width a cell is drawn about as
large as on a wide screen, numbers and initials as legible."""


def headroom(figures: int, stack: int) -> int:
    """Room above a row of cells for every figure stacked on one space."""
    return LIFT + DISC_RADIUS + 6 + (figures - 1) * stack


@dataclass(frozen=True)
class Track:
    """One layout of the track: where each space's cell is, and each figure's disc."""

    svg_id: str
    width: int
    height: int
    band: int
    """The height of one row with the room above it."""
    top: int
    """From a row's top edge down to its cells."""
    cell: int
    cell_height: int
    radius: int
    stack: int
    """From one disc of a stack up to the next."""
    cells: tuple[tuple[int, int, int], ...]
    """(space, x of its cell's left edge, y of its top edge)."""
    figures: tuple[tuple[int, int], ...]
    """Where each figure's disc is drawn without the script: after the last round."""
    scoring: tuple[int, int] | None
    """The scoring space's cell's left edge and its row's top edge."""

    def script_data(self) -> dict[str, object]:
        return {
            "svg": self.svg_id,
            "cell": self.cell,
            "top": self.top,
            "stack": self.stack,
            "cells": [[x, y] for _, x, y in self.cells],
        }


def levels(spaces: tuple[int, ...]) -> list[int]:
    """How high each figure stands in the stack on its space (figure order)."""
    return [spaces[:index].count(space) for index, space in enumerate(spaces)]


def track(
    svg_id: str, row_spaces: int, stack: int, spaces: tuple[int, ...], scoring: int | None
) -> Track:
    """The track in rows of `row_spaces` spaces, its figures on `spaces`."""
    top = headroom(len(spaces), stack)
    band = top + CELL_HEIGHT + 4
    cells = tuple(
        (space, (index % row_spaces) * CELL, (index // row_spaces) * band + top)
        for index, space in enumerate(SPACES)
    )
    where = {space: (x, y) for space, x, y in cells}
    figures = tuple(
        (where[space][0] + CELL // 2, where[space][1] - LIFT - level * stack)
        for space, level in zip(spaces, levels(spaces), strict=True)
    )
    rows = -(-len(SPACES) // row_spaces)
    return Track(
        svg_id,
        min(row_spaces, len(SPACES)) * CELL,
        rows * band,
        band,
        top,
        CELL,
        CELL_HEIGHT,
        DISC_RADIUS,
        stack,
        cells,
        figures,
        None if scoring is None else (where[scoring][0], where[scoring][1] - top),
    )


def tracks(spaces: tuple[int, ...], scoring: int | None) -> tuple[Track, Track]:
    """The wide screen's track (one row) and the phone's (rows of ten)."""
    return (
        track("track", len(SPACES), STACK, spaces, scoring),
        track("track-rows", ROW_SPACES, ROW_STACK, spaces, scoring),
    )
