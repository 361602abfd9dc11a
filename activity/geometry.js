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

// A screen wider than tall (a phone on its side) has no height for rows: it keeps one row down
// to cells this narrow (CSS pixels), its text drawn larger to stay 14 px (textScale).
export const NARROWEST_LANDSCAPE_CELL = 26;

// Whether a track on a screen `width` × `height` CSS pixels is drawn in rows: one row's
// cells would be too small (on a screen wider than tall, smaller still).
export function inRows(track, width, height = Number.POSITIVE_INFINITY) {
  const cell = width / (track.max - track.min + 1);
  return cell < (height < width ? NARROWEST_LANDSCAPE_CELL : NARROWEST_CELL);
}

// The board's text size in its own units, so that drawn `scale` times (rendered width over
// the layout's width) it is 15 px, never under 14.
export function textSize(scale) {
  return Math.max(15, Math.ceil(14.5 / scale));
}

// The centre of each figure's disc (figure order), stacked on its space.
export function figureSpots(track, drawn, spaces) {
  return spaces.map((space, index) => {
    const level = spaces.slice(0, index).filter((other) => other === space).length;
    const cell = drawn.cells[space - track.min];
    return { x: cell.x + track.cell / 2, y: cell.y - track.lift - level * drawn.stack };
  });
}
