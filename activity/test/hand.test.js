// Which card stays chosen when the hand's next state arrives (activity/hand.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { keptSelection } from "../hand.js";

function state(round, picked, playable = [3, 7, 12]) {
  const cards = [3, 7, 12, 20].map((card) => ({ card, playable: playable.includes(card) }));
  return { game: 1, hand: { stage: 1, round, cards, picked } };
}

test("a card chosen but not yet aimed stays chosen when another player's pick redraws the hand", () => {
  assert.equal(keptSelection(state(2, null), state(2, null), 7), 7);
});

test("a card chosen to change a pick stays chosen over the card picked before", () => {
  assert.equal(keptSelection(state(2, 3), state(2, 3), 12), 12);
});

test("the picked card is chosen when nothing else is", () => {
  assert.equal(keptSelection(state(2, null), state(2, 3), null), 3);
});

test("a new round forgets the choice of the round before", () => {
  assert.equal(keptSelection(state(2, 3), state(3, null), 3), null);
});

test("a card no longer playable is not kept", () => {
  assert.equal(keptSelection(state(2, null), state(2, null, [3, 12]), 7), null);
});

test("the first state of a table keeps nothing but the pick it shows", () => {
  assert.equal(keptSelection(null, state(2, 12), 7), 12);
  assert.equal(keptSelection(null, state(2, null), 7), null);
});
