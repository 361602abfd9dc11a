// The track's layout on the table (activity/geometry.js): as large as the board's box allows, one
// row or rows; each row only as high as the stacks it holds. (tests/table/test_geometry.py checks
// the cells against the replay page's, bot/web/track.py.)
import assert from "node:assert/strict";
import { test } from "node:test";
import { LARGEST_SCALE, MARGIN, boardHeight, figureSpots, layout, rowsFor, tallestByRow, textSize } from "../geometry.js";

const TRACK = {
  min: -12,
  max: 16,
  start: 0,
  cell: 36,
  cell_height: 32,
  radius: 14,
  stack: 30,
  row_spaces: 10,
  row_stack: 20,
  lift: 20,
};
const SPACES = TRACK.max - TRACK.min + 1;

test("a phone held upright gets rows of ten, a desktop panel one row, a phone on its side one row", () => {
  assert.equal(rowsFor(TRACK, 363), 10);
  assert.equal(rowsFor(TRACK, 396), 10);
  assert.equal(rowsFor(TRACK, 1260, true), SPACES);
  assert.equal(rowsFor(TRACK, 816, true), SPACES);
  assert.equal(rowsFor(TRACK, 300), 10);
});

test("a tablet gets two rows of fifteen", () => {
  assert.equal(rowsFor(TRACK, 750), 15);
});

test("the board is as high as its frame at the scale its width allows, never a poster", () => {
  const frame = (figures) => boardHeight(TRACK, 10, figures, 360);
  assert.ok(frame(6) >= frame(2));
  // A phone's board: rows of ten for four figures at most ~290 px, not three rows of headroom.
  assert.ok(frame(4) <= 290, String(frame(4)));
  const wide = boardHeight(TRACK, SPACES, 4, 4000);
  assert.equal(wide, boardHeight(TRACK, SPACES, 4, SPACES * TRACK.cell) * LARGEST_SCALE);
});

test("every space has its cell, rows one under another, left to right", () => {
  const drawn = layout(TRACK, 10, [1, 6, 0]);
  assert.equal(drawn.cells.length, SPACES);
  assert.deepEqual(
    drawn.cells.map((cell) => cell.space),
    Array.from({ length: SPACES }, (_, index) => TRACK.min + index),
  );
  assert.equal(drawn.width, 10 * TRACK.cell);
  assert.deepEqual(drawn.cells[10], { space: TRACK.min + 10, x: 0, y: drawn.rows[1].cells, row: 1 });
  assert.equal(drawn.height, drawn.rows.reduce((sum, row) => sum + row.height, 0));
});

test("a row is as high as its tallest stack: no empty band where no figure stands", () => {
  const start = [0, 0, 0, 0];
  const tallest = tallestByRow(TRACK, 10, [start]);
  assert.deepEqual(tallest, [0, 4, 0]);
  const drawn = layout(TRACK, 10, tallest);
  assert.equal(drawn.rows[0].cells, MARGIN);
  assert.equal(drawn.rows[2].cells - drawn.rows[2].top, MARGIN);
  // The top of the stack's highest disc stays inside its row.
  const spots = figureSpots(TRACK, drawn, start);
  const highest = Math.min(...spots.map((spot) => spot.y));
  assert.ok(highest - TRACK.radius >= drawn.rows[1].top, `${highest} in ${JSON.stringify(drawn.rows[1])}`);
  // Four figures at START: the board far lower than with room for six in every row.
  assert.ok(drawn.height < 3 * (TRACK.lift + TRACK.radius + 6 + 5 * TRACK.row_stack + TRACK.cell_height + 4) / 2);
});

test("the rows' room counts every placing shown: a reveal's frames too", () => {
  const before = [5, 5, 6];
  const after = [-12, 5, 16];
  assert.deepEqual(tallestByRow(TRACK, 10, [after]), [1, 1, 1]);
  assert.deepEqual(tallestByRow(TRACK, 10, [after, before]), [1, 2, 1]);
  assert.deepEqual(tallestByRow(TRACK, SPACES, [after, before]), [2]);
});

test("figures on one space stand stacked, the first lowest", () => {
  const drawn = layout(TRACK, SPACES, [2]);
  const [first, second, alone] = figureSpots(TRACK, drawn, [0, 0, 5]);
  assert.equal(first.x, second.x);
  assert.equal(first.y - second.y, TRACK.row_stack);
  assert.equal(alone.y, first.y);
  assert.equal(alone.x - first.x, 5 * TRACK.cell);
});

test("text is drawn 14 px at least however small the board", () => {
  for (const scale of [0.5, 0.7, 0.78, 1, 1.5]) assert.ok(textSize(scale) * scale >= 14, String(scale));
  assert.equal(textSize(1), 15);
});
