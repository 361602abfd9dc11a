// The table's check that its socket still answers (activity/liveness.js), on a fake clock.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ANSWER_MS, Liveness, QUIET_MS } from "../liveness.js";

function fakeClock() {
  const clock = { time: 0, timers: new Map(), next: 1 };
  clock.now = () => clock.time;
  clock.setTimeout = (run, ms) => {
    clock.timers.set(clock.next, { run, at: clock.time + ms });
    return clock.next++;
  };
  clock.clearTimeout = (id) => clock.timers.delete(id);
  clock.advance = (ms) => {
    clock.time += ms;
    for (const [id, timer] of [...clock.timers]) {
      if (timer.at <= clock.time) {
        clock.timers.delete(id);
        timer.run();
      }
    }
  };
  return clock;
}

function watched() {
  const clock = fakeClock();
  const seen = { pings: 0, reconnects: 0 };
  const liveness = new Liveness(
    () => seen.pings++,
    () => seen.reconnects++,
    clock,
  );
  return { clock, seen, liveness };
}

test("a socket that answers the ping is kept", () => {
  const { clock, seen, liveness } = watched();
  liveness.check();
  clock.advance(ANSWER_MS / 2);
  liveness.heard();
  clock.advance(ANSWER_MS * 5);
  assert.deepEqual(seen, { pings: 1, reconnects: 0 });
});

test("a socket that stays silent is made again once, within ANSWER_MS", () => {
  const { clock, seen, liveness } = watched();
  liveness.check();
  liveness.check();
  clock.advance(ANSWER_MS);
  assert.deepEqual(seen, { pings: 1, reconnects: 1 });
});

test("a touch pings only after a silence", () => {
  const { clock, seen, liveness } = watched();
  liveness.doubt();
  assert.equal(seen.pings, 0);
  clock.advance(QUIET_MS + 1);
  liveness.doubt();
  assert.equal(seen.pings, 1);
});
