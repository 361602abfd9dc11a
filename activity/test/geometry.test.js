// The track's layout on the table (activity/geometry.js): as large as the board's box allows, one
// row or rows; each row only as high as the stacks it holds. (tests/table/test_geometry.py checks
// the cells against the replay page's, bot/web/track.py.)
import assert from "node:assert/strict";
import { test } from "node:test";
import { LARGEST_SCALE, MARGIN, figureSpots, layout, rowsFor, scaleFor, tallestByRow, textSize, viewOf } from "../geometry.js";

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

test("a phone held upright gets rows of ten, a phone on its side one row", () => {
  assert.equal(rowsFor(TRACK, 374, 300, 6), 10);
  assert.equal(rowsFor(TRACK, 396, 340, 6), 10);
  assert.equal(rowsFor(TRACK, 300, 200, 6), 10);
  assert.equal(rowsFor(TRACK, 828, 170, 6, true), SPACES);
});

test("the rows that draw the track largest in the felt: fewer where two draw it alike", () => {
  // A wide, low felt: one row. The desktop panel's felt: rows of fifteen draw it larger.
  assert.equal(rowsFor(TRACK, 1262, 230, 6, true), SPACES);
  assert.equal(rowsFor(TRACK, 1262, 500, 6, true), 15);
  assert.ok(scaleFor(TRACK, 15, 6, 1262, 500) > scaleFor(TRACK, SPACES, 6, 1262, 500));
  // A tablet's tall felt: rows of ten at the largest scale; a huge screen: one row, as large.
  assert.equal(rowsFor(TRACK, 744, 600, 6), 10);
  assert.equal(rowsFor(TRACK, 4000, 2000, 6, true), SPACES);
  assert.equal(scaleFor(TRACK, SPACES, 6, 4000, 2000), LARGEST_SCALE);
});

test("the frame is shown whole in the felt's middle, never a poster", () => {
  const frame = { x: 0, y: -10, width: 360, height: 288 };
  const fitted = viewOf(frame, 374, 600);
  assert.equal(fitted.scale, 374 / 360);
  assert.ok(Math.abs(fitted.width - 360) < 1e-9);
  assert.ok(fitted.y < frame.y && fitted.y + fitted.height > frame.y + frame.height);
  assert.ok(Math.abs(fitted.y + fitted.height / 2 - (frame.y + frame.height / 2)) < 1e-9);
  const large = viewOf(frame, 2000, 2000);
  assert.equal(large.scale, LARGEST_SCALE);
  assert.equal(large.x + large.width / 2, frame.width / 2);
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
