// The table's queue of states (activity/queue.js): shown in order, each after the one before
// has finished (a reveal plays whole), none lost, a failure not stopping the rest.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ShowQueue } from "../queue.js";

const tick = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test("states that arrive during a reveal wait for it and are shown in order", async () => {
  const shown = [];
  const queue = new ShowQueue(async (state) => {
    shown.push(`${state} begins`);
    if (state === "reveal") await tick(30);
    shown.push(`${state} ends`);
  });
  queue.push("reveal");
  queue.push("pick");
  await queue.push("next round");
  assert.deepEqual(shown, ["reveal begins", "reveal ends", "pick begins", "pick ends", "next round begins", "next round ends"]);
});

test("a state whose drawing failed does not stop the states after it", async (context) => {
  context.mock.method(console, "error", () => {});
  const shown = [];
  const queue = new ShowQueue(async (state) => {
    if (state === "broken") throw new Error("drawing failed");
    shown.push(state);
  });
  queue.push("broken");
  await queue.push("next");
  assert.deepEqual(shown, ["next"]);
  assert.equal(console.error.mock.callCount(), 1);
});
