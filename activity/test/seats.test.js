// What each seat says (activity/seats.js): face, name, state, total, and whose it is.
import assert from "node:assert/strict";
import { test } from "node:test";
import { across, seatsOf } from "../seats.js";

const WORDS = {
  ai: "AI player",
  seat_waiting: "to pick",
  seat_moving: "to move",
  seat_picked: "picked",
  seat_away: "away",
  seat_you: "you",
  winner: "winner",
};
const AVATAR = "0123456789abcdef0123456789abcdef";

function figure(name, extra = {}) {
  return { code: "0", name, initial: name[0], colour: 0, user: null, space: 0, total: 0, ...extra };
}

const STATE = {
  game: 1,
  figures: [
    figure("Anne", { user: "11", waiting: true, total: 4 }),
    figure("Ben", { user: "22", colour: 1 }),
    figure("Ada", { colour: 2, ai: true }),
    figure("Cleo", { user: "33", colour: 3, away: true, waiting: true }),
  ],
};

test("a seat says who still picks, who picked, an AI player and who is away", () => {
  const seats = seatsOf(STATE, WORDS, "99", new Map());
  assert.deepEqual(
    seats.map((seat) => seat.state),
    ["to pick", "picked", "AI player", "away"],
  );
  assert.deepEqual(
    seats.map((seat) => seat.total),
    [4, 0, 0, 0],
  );
  assert.equal(seats[0].colour, "f0");
});

test("your own seat is marked and says so first", () => {
  const [anne, ben] = seatsOf(STATE, WORDS, "11", new Map());
  assert.equal(anne.marks.you, true);
  assert.equal(anne.state, "you · to pick");
  assert.equal(ben.marks.you, false);
});

test("a face is the avatar the bot sent, through the page's own address; else the initial", () => {
  const [anne, ben, ada] = seatsOf(STATE, WORDS, "11", new Map([["11", AVATAR]]));
  assert.equal(anne.face, `avatars/11/${AVATAR}.png`);
  assert.equal(ben.face, null);
  assert.equal(ada.face, null);
  assert.equal(ben.initial, "B");
});

test("in a tactical move the one still to act moves; at the end the winners are named", () => {
  const moving = { ...STATE, moving: true };
  assert.equal(seatsOf(moving, WORDS, "99", new Map())[0].state, "to move");
  assert.equal(seatsOf(moving, WORDS, "99", new Map())[1].state, "");
  const over = {
    game: 1,
    over: true,
    figures: [figure("Anne", { user: "11", winner: true }), figure("Ben", { user: "22" })],
  };
  assert.deepEqual(
    seatsOf(over, WORDS, "22", new Map()).map((seat) => [seat.state, seat.marks.winner]),
    [
      ["winner", true],
      ["you", false],
    ],
  );
});

test("a lobby's seats have no total yet, and Leo no state", () => {
  const lobby = { game: 1, lobby: true, figures: [figure("Anne", { user: "11" })] };
  assert.equal(seatsOf(lobby, WORDS, "11", new Map())[0].total, null);
  const leo = { game: 1, figures: [figure("Leo", { colour: null })] };
  assert.deepEqual(seatsOf(leo, WORDS, "11", new Map())[0].state, "");
  assert.equal(seatsOf(leo, WORDS, "11", new Map())[0].colour, "fleo");
});

test("seats side by side as they fit, in even rows", () => {
  assert.equal(across(4, 374), 2);
  assert.equal(across(6, 374), 2);
  assert.equal(across(3, 480), 3);
  assert.equal(across(6, 752), 3);
  assert.equal(across(6, 1000), 6);
  assert.equal(across(6, 0), 1);
  // Never narrower than the narrowest: four seats in 240 px go one under another, not two
  // across at 120 px each.
  assert.equal(across(4, 240), 1);
  assert.equal(across(5, 320), 2);
  // Six figures to choose from on a phone held upright: two rows of three.
  assert.equal(across(6, 374, 104), 3);
  assert.equal(across(3, 374, 104), 3);
});
