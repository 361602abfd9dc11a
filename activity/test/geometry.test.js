// The track's layout on the page (activity/geometry.js): one row where a cell stays readable,
// else rows; figures stacked on their space. (tests/table/test_geometry.py checks the same
// layout against the replay page's, bot/web/track.py.)
import assert from "node:assert/strict";
import { test } from "node:test";
import { NARROWEST_CELL, NARROWEST_LANDSCAPE_CELL, figureSpots, inRows, layout, textSize } from "../geometry.js";

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

test("a phone held upright, or a narrow panel, gets the rows", () => {
  for (const width of [360, 390, 430, 600, SPACES * NARROWEST_CELL - 1]) {
    assert.equal(inRows(TRACK, width), true, `${width} px`);
  }
  for (const width of [SPACES * NARROWEST_CELL, 1280]) assert.equal(inRows(TRACK, width), false, `${width} px`);
});

test("a phone on its side keeps one row, its text drawn larger to stay at least 14 px", () => {
  for (const [width, height] of [
    [844, 390],
    [780, 360],
  ]) {
    assert.equal(inRows(TRACK, width, height), false, `${width} × ${height}`);
    const scale = width / (SPACES * TRACK.cell);
    assert.ok(textSize(scale) * scale >= 14, `${textSize(scale)} at ${scale}`);
  }
  assert.equal(inRows(TRACK, SPACES * NARROWEST_LANDSCAPE_CELL - 1, 300), true);
  assert.equal(textSize(1), 15);
});

test("in rows, every space has its cell, ten a row, rows one under another", () => {
  const drawn = layout(TRACK, 4, true);
  assert.equal(drawn.cells.length, SPACES);
  assert.deepEqual(
    drawn.cells.map((cell) => cell.space),
    Array.from({ length: SPACES }, (_, index) => TRACK.min + index),
  );
  assert.equal(drawn.width, 10 * TRACK.cell);
  assert.equal(drawn.height, 3 * drawn.band);
  assert.deepEqual(drawn.cells[10], { space: TRACK.min + 10, x: 0, y: drawn.band + drawn.top });
});

test("figures on one space stand stacked, the first lowest", () => {
  const drawn = layout(TRACK, 3, false);
  const [first, second, alone] = figureSpots(TRACK, drawn, [0, 0, 5]);
  assert.equal(first.x, second.x);
  assert.equal(first.y - second.y, TRACK.stack);
  assert.equal(alone.y, first.y);
  assert.equal(alone.x - first.x, 5 * TRACK.cell);
});
