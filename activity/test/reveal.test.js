// The reveal's frames (activity/reveal.js): the rules' order, one space a step, a cut marked
// where the move stopped, the scoring last, never longer than LONGEST; at once when still.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LONGEST, TURN_OVER, duration, plan } from "../reveal.js";

const ROUND = {
  before: [0, 0, 2, 0],
  after: [3, -1, 2, 1],
  moves: [
    [0, 0, 3, false],
    [1, 0, -1, false],
    [3, 0, 1, false],
  ],
  scoring: null,
  scorers: [],
};

test("the cards turn over first, with every figure where it stood", () => {
  const [first] = plan(ROUND, false);
  assert.deepEqual(first.spaces, ROUND.before);
  assert.equal(first.ms, TURN_OVER);
});

test("figures step one space at a time, in the order of the moves, and end where the state says", () => {
  const frames = plan(ROUND, false);
  const walked = frames.map((shown) => shown.spaces.join(","));
  assert.deepEqual(walked, ["0,0,2,0", "1,0,2,0", "2,0,2,0", "3,0,2,0", "3,-1,2,0", "3,-1,2,1"]);
  assert.ok(duration(frames) <= LONGEST);
});

test("a move cut at the track's end is marked on the space where it stopped", () => {
  const reveal = { ...ROUND, before: [14, 0], after: [16, 0], moves: [[0, 14, 16, true]] };
  const frames = plan(reveal, false);
  assert.deepEqual(
    frames.map((shown) => [shown.spaces[0], shown.cut]),
    [
      [14, null],
      [15, null],
      [16, 0],
    ],
  );
});

test("a figure already at the end shows its cut move where it stands", () => {
  const reveal = { ...ROUND, before: [16, 0], after: [16, 0], moves: [[0, 16, 16, true]] };
  assert.equal(plan(reveal, false).at(-1).cut, 0);
});

test("a stage's scoring comes last: its space and who scored", () => {
  const reveal = { ...ROUND, scoring: 3, scorers: [0] };
  const frames = plan(reveal, false);
  assert.deepEqual(frames.at(-1).spaces, ROUND.after);
  assert.equal(frames.at(-1).scoring, 3);
  assert.deepEqual(frames.at(-1).scorers, [0]);
  assert.ok(frames.slice(0, -1).every((shown) => shown.scoring === null));
});

test("the longest round (six figures, six spaces each, and a scoring) still takes at most 3 s", () => {
  const moves = [0, 1, 2, 3, 4, 5].map((figure) => [figure, 0, 6, false]);
  const reveal = { before: [0, 0, 0, 0, 0, 0], after: [6, 6, 6, 6, 6, 6], moves, scoring: 6, scorers: [0, 1, 2, 3, 4, 5] };
  const frames = plan(reveal, false);
  assert.ok(duration(frames) <= LONGEST, `${duration(frames)} ms`);
  assert.equal(frames.length, 1 + 36 + 1);
});

test("under prefers-reduced-motion the reveal is one frame: where everything ends", () => {
  const frames = plan({ ...ROUND, scoring: 3, scorers: [0] }, true);
  assert.equal(frames.length, 1);
  assert.deepEqual(frames[0].spaces, ROUND.after);
  assert.equal(frames[0].scoring, 3);
});
