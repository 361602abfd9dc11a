// Whether the table's socket still answers. Discord's phone apps send no close event when they
// go to the background (iOS), and a socket can die without one: when the page comes back into
// sight, goes online again, or is touched after a silence, it pings; no answer within
// ANSWER_MS and the socket is made again (a new one brings the whole state).
export const ANSWER_MS = 1000;
export const QUIET_MS = 5000;

// The browser's timers, called as functions of the window (a method call would be illegal).
const REAL_CLOCK = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id),
};

export class Liveness {
  constructor(ping, reconnect, clock = REAL_CLOCK) {
    this.ping = ping;
    this.reconnect = reconnect;
    this.clock = clock;
    this.lastHeard = clock.now();
    this.deadline = null;
  }

  // Something came from the bot: the socket lives.
  heard() {
    this.lastHeard = this.clock.now();
    if (this.deadline !== null) this.clock.clearTimeout(this.deadline);
    this.deadline = null;
  }

  // Ask the bot for a sign of life (once at a time).
  check() {
    if (this.deadline !== null) return;
    this.ping();
    this.deadline = this.clock.setTimeout(() => {
      this.deadline = null;
      this.reconnect();
    }, ANSWER_MS);
  }

  // The player touched the table: ask only if the bot has been silent a while.
  doubt() {
    if (this.clock.now() - this.lastHeard > QUIET_MS) this.check();
  }
}
