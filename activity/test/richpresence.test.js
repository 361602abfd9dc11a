// What Discord shows on a player's profile at each state of the table (activity/richpresence.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { RichPresence, activityOf } from "../richpresence.js";

const WORDS = {
  presence_lobby: "Waiting to start",
  presence_picking: "Choosing cards",
  presence_moving: "Moving figures",
  presence_watching: "Watching",
};
const STARTED = 1733450000;

function player(colour, extra = {}) {
  return { colour, user: String(colour), ...extra };
}

function state(extra = {}) {
  return {
    type: "state",
    game: 7,
    started: STARTED,
    headline: "Stage 3 · Round 2",
    figures: [player(0), player(1), player(2, { ai: true }), player(3)],
    watching: null,
    hand: {},
    ...extra,
  };
}

test("no game open: nothing is shown", () => {
  assert.equal(activityOf({ type: "state", game: null, status: "No game" }, WORDS), null);
});

test("the lobby: who is seated of the most a game seats, since it opened", () => {
  const lobby = state({ lobby: true, seats: 6, headline: "Lobby", figures: [player(0), player(1)] });
  assert.deepEqual(activityOf(lobby, WORDS), {
    type: 0,
    details: "Lobby",
    state: "Waiting to start",
    party: { size: [2, 6] },
    timestamps: { start: STARTED },
  });
});

test("choosing, and waiting for the others: the stage and round, the table's players of its seats", () => {
  assert.deepEqual(activityOf(state(), WORDS), {
    type: 0,
    details: "Stage 3 · Round 2",
    state: "Choosing cards",
    party: { size: [4, 4] },
    timestamps: { start: STARTED },
  });
});

test("Leo is no seat; a tactical move and a spectator are said as such", () => {
  const two = state({ figures: [player(0), player(1), player(null)] });
  assert.deepEqual(activityOf(two, WORDS).party, { size: [2, 2] });
  assert.equal(activityOf(state({ moving: true }), WORDS).state, "Moving figures");
  assert.equal(activityOf(state({ watching: "You are watching", hand: null }), WORDS).state, "Watching");
});

test("a reveal and a stage's scoring show the round the state is at", () => {
  const reveal = state({ headline: "Stage 4 · Round 1", reveal: { scoring: 2 } });
  assert.equal(activityOf(reveal, WORDS).details, "Stage 4 · Round 1");
});

test("the end clears it", () => {
  assert.equal(activityOf(state({ over: true }), WORDS), null);
});

test("Discord is told only when what it shows changes, and a refusal stops nothing", async () => {
  const asked = [];
  const discord = {
    commands: {
      setActivity: async (args) => {
        asked.push(args);
        throw new Error("no scope");
      },
    },
  };
  const presence = new RichPresence(discord, WORDS);
  presence.show({ type: "state", game: null });
  presence.show(state());
  presence.show(state({ version: 2 }));
  presence.show(state({ headline: "Stage 3 · Round 3" }));
  presence.show(state({ over: true }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(
    asked.map(({ activity }) => activity?.details ?? null),
    ["Stage 3 · Round 2", "Stage 3 · Round 3", null],
  );
});
