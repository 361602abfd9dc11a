// Where the track's cells and figures stand on the table. The cells are the replay page's
// (bot/web/track.py: one cell a space, the same measures, rows left to right), in one row or in
// rows; a row keeps room above its cells only for the tallest stack of figures it holds in what
// the table shows (the state and its reveal's every frame), so no row carries an empty band.
// tests/table/test_geometry.py checks the cells against the replay's.

// A row's room above its cells when no figure stands in it.
export const MARGIN = 6;
// The narrowest a cell may be drawn (CSS pixels) before more rows are tried: its own measure, so
// that its 14 px numbers are not drawn smaller.
export const FULL_CELL = 36;

// How many spaces a row may hold: the whole track, half of it, or the replay's rows of ten.
export function rowChoices(track) {
  const spaces = track.max - track.min + 1;
  return [spaces, Math.ceil(spaces / 2), track.row_spaces];
}

// Room above a row for a stack of `tallest` figures.
function headroom(track, tallest) {
  return tallest === 0 ? MARGIN : track.lift + track.radius + 6 + (tallest - 1) * track.row_stack;
}

// The tallest stack in each row (of `perRow` spaces) over every placing (figure order spaces).
export function tallestByRow(track, perRow, placings) {
  const spaces = track.max - track.min + 1;
  const tallest = new Array(Math.ceil(spaces / perRow)).fill(0);
  for (const placing of placings) {
    const stacks = new Map();
    for (const space of placing) stacks.set(space, (stacks.get(space) || 0) + 1);
    for (const [space, height] of stacks) {
      const row = Math.floor((space - track.min) / perRow);
      tallest[row] = Math.max(tallest[row], height);
    }
  }
  return tallest;
}

// The layout of `track` in rows of `perRow` spaces, row r with room for a stack of tallest[r].
export function layout(track, perRow, tallest) {
  const spaces = track.max - track.min + 1;
  const rows = [];
  let top = 0;
  for (const stack of tallest) {
    const room = headroom(track, stack);
    const height = room + track.cell_height + 4;
    rows.push({ top, cells: top + room, height });
    top += height;
  }
  const cells = [];
  for (let index = 0; index < spaces; index++) {
    const row = Math.floor(index / perRow);
    cells.push({ space: track.min + index, x: (index % perRow) * track.cell, y: rows[row].cells, row });
  }
  return { width: Math.min(perRow, spaces) * track.cell, height: top, perRow, rows, cells, stack: track.row_stack };
}

// How large `drawn` is drawn in a box `width` × `height` (CSS pixels), whole.
export function scaleIn(drawn, width, height) {
  return Math.min(width / drawn.width, height / drawn.height);
}

// The height the board is framed for in rows of `perRow`, whatever stands where: the start of a
// stage (every figure on START) or a stack of two in every row, whichever is higher. The board
// keeps its size while the figures move; a row's room changes only what is drawn in the frame.
export function framedHeight(track, perRow, figures) {
  const rows = Math.ceil((track.max - track.min + 1) / perRow);
  const atStart = tallestByRow(track, perRow, [new Array(figures).fill(track.start)]);
  const twos = new Array(rows).fill(Math.min(figures, 2));
  return Math.max(layout(track, perRow, atStart).height, layout(track, perRow, twos).height);
}

// A screen wider than tall (a phone on its side) has little height: it keeps one row down to
// cells this narrow (CSS pixels), its text drawn larger to stay 14 px (textSize).
export const NARROWEST_LANDSCAPE_CELL = 26;
// The most the board is enlarged: a wide screen's cells stay a cell's size, not a poster's.
export const LARGEST_SCALE = 1.6;

// How large the track is drawn in rows of `perRow` in a board's box (CSS pixels): its frame
// whole, LARGEST_SCALE at most.
export function scaleFor(track, perRow, figures, width, height) {
  const drawnWidth = Math.min(perRow, track.max - track.min + 1) * track.cell;
  const frame = { width: drawnWidth, height: framedHeight(track, perRow, figures) };
  return Math.min(scaleIn(frame, width, height), LARGEST_SCALE);
}

// The spaces a row holds on a board's box `width` × `height` (`wide`: on a screen wider than
// tall): the rows that draw the track largest, fewer rows where two draw it alike, among those
// whose cells keep their own measure (on a wide screen, down to NARROWEST_LANDSCAPE_CELL); else
// the replay's rows of ten.
export function rowsFor(track, width, height, figures, wide = false) {
  const narrowest = wide ? NARROWEST_LANDSCAPE_CELL : FULL_CELL;
  let best = null;
  let largest = 0;
  for (const perRow of rowChoices(track)) {
    const scale = scaleFor(track, perRow, figures, width, height);
    if (scale * track.cell >= narrowest - 0.01 && scale > largest + 0.01) {
      best = perRow;
      largest = scale;
    }
  }
  return best || track.row_spaces;
}

// The part of the drawing a box `width` × `height` shows: `frame` ({x, y, width, height}, in the
// drawing's units) whole in its middle, LARGEST_SCALE at most.
export function viewOf(frame, width, height) {
  const scale = Math.min(scaleIn(frame, width, height), LARGEST_SCALE);
  const shown = { width: width / scale, height: height / scale };
  return {
    x: frame.x - (shown.width - frame.width) / 2,
    y: frame.y - (shown.height - frame.height) / 2,
    width: shown.width,
    height: shown.height,
    scale,
  };
}

// The board's text size in its own units, so that drawn `scale` times it is 15 px, never under 14.
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
