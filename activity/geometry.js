// Where the track's cells and figures stand, as bot/web/track.py places them for the replay page
// (tests/table/test_geometry.py runs both on the same tracks): one row on a wide screen, rows of
// `row_spaces` on a narrow one, each row with room above it for a stack of every figure.

// The narrowest a cell of the one-row track may be drawn (CSS pixels) before the rows are used:
// no smaller than its own measure, so that its 14 px numbers are not drawn smaller.
export const NARROWEST_CELL = 36;

function headroom(track, figures, stack) {
  return track.lift + track.radius + 6 + (figures - 1) * stack;
}

// The layout of `track` (the state's geometry) for `figures` figures: in one row, or in rows.
export function layout(track, figures, inRows) {
  const perRow = inRows ? track.row_spaces : track.max - track.min + 1;
  const stack = inRows ? track.row_stack : track.stack;
  const top = headroom(track, figures, stack);
  const band = top + track.cell_height + 4;
  const spaces = track.max - track.min + 1;
  const cells = [];
  for (let index = 0; index < spaces; index++) {
    const x = (index % perRow) * track.cell;
    const y = Math.floor(index / perRow) * band + top;
    cells.push({ space: track.min + index, x, y });
  }
  const rows = Math.ceil(spaces / perRow);
  return { width: Math.min(perRow, spaces) * track.cell, height: rows * band, band, top, stack, cells };
}

// Whether a track `width` CSS pixels wide is drawn in rows: one row's cells would be too small.
export function inRows(track, width) {
  return width / (track.max - track.min + 1) < NARROWEST_CELL;
}

// The centre of each figure's disc (figure order), stacked on its space.
export function figureSpots(track, drawn, spaces) {
  return spaces.map((space, index) => {
    const level = spaces.slice(0, index).filter((other) => other === space).length;
    const cell = drawn.cells[space - track.min];
    return { x: cell.x + track.cell / 2, y: cell.y - track.lift - level * drawn.stack };
  });
}
