// The channel's game, live: a WebSocket to the bot (api/live, relative to the page, so it
// works behind Discord's proxy). Each state is whole, so a table that lost its connection
// reconnects and catches up with the next message. Reveals play one after another, in the
// rules' order (activity/reveal.js); under prefers-reduced-motion each shows at once. The
// screen: the header line, the board, the status line, the seats, the hand.
import { Hand } from "./hand.js";
import { Liveness } from "./liveness.js";
import { ShowQueue } from "./queue.js";
import { plan } from "./reveal.js";
import { Seats, seatsOf } from "./seats.js";
import { Track } from "./track.js";

const SESSION_GONE = 4001;
const stillness = window.matchMedia("(prefers-reduced-motion: reduce)");

function byId(id) {
  return document.getElementById(id);
}

function wait(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// The seated player's picked card, face down in front of the figure it lies before.
function faceDown(state) {
  const lies = state.hand ? state.hand.lies : null;
  const figure = state.figures.findIndex((shown) => shown.code === lies);
  return lies === null || figure < 0 ? [] : [{ figure, label: null }];
}

// The points each figure gained since `before` (a stage's scoring), by figure.
function gainsSince(before, state) {
  if (!before || before.game !== state.game) return null;
  return state.figures.map((figure, index) => figure.total - (before.figures[index] ? before.figures[index].total : 0));
}

export class Live {
  // `signedIn`: the sign-in's answer (who you are, the track's geometry, the page's words);
  // `presence`: what Discord shows on the player's profile (activity/richpresence.js).
  constructor(session, signedIn, renew, presence) {
    this.session = session;
    this.measures = signedIn.track;
    this.words = signedIn.words;
    this.you = signedIn.you;
    this.renew = renew;
    this.presence = presence;
    this.faces = new Map();
    this.track = new Track(byId("track"));
    this.seats = new Seats(byId("seat-list"), this.words);
    new ResizeObserver(() => this.track.fit()).observe(byId("board"));
    this.liveness = new Liveness(
      () => this.send({ type: "ping" }),
      () => this.connect(),
    );
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.liveness.check();
    });
    for (const back of ["online", "pageshow"]) window.addEventListener(back, () => this.liveness.check());
    document.addEventListener("pointerdown", () => this.liveness.doubt());
    this.hand = new Hand((play) => this.send(play));
    this.shown = null;
    this.gained = null;
    this.queue = new ShowQueue((state) => this.show(state));
    this.retry = 0;
    this.served = false;
  }

  // The status line: one sentence, the game's or (`note`) the table's own.
  status(text) {
    byId("status").textContent = text;
  }

  // A new socket; the one before it, if any, is let go unheard (it no longer answered).
  connect() {
    clearTimeout(this.retryTimer);
    const old = this.socket;
    this.socket = null;
    if (old) old.close();
    const address = new URL("api/live", location.href);
    address.protocol = address.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(address);
    this.socket = socket;
    socket.addEventListener("open", () => socket.send(JSON.stringify({ session: this.session })));
    socket.addEventListener("message", (event) => {
      if (socket === this.socket) this.receive(JSON.parse(event.data));
    });
    socket.addEventListener("close", (event) => {
      if (socket === this.socket) this.lost(event.code);
    });
  }

  send(play) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(play));
  }

  receive(message) {
    this.liveness.heard();
    if (message.type === "pong") return;
    if (message.type === "faces") {
      for (const [user, avatar] of Object.entries(message.faces)) this.faces.set(user, avatar);
      if (this.shown) this.drawSeats(this.shown);
      return;
    }
    if (message.type === "refused") {
      if (!this.served) this.given_up = true;
      if (!this.served || byId("hand").hidden) this.status(message.error);
      else this.hand.refuse(message.error);
      return;
    }
    if (message.type !== "state") return;
    this.served = true;
    this.renewed = false;
    this.retry = 0;
    this.queue.push(message);
  }

  async lost(code) {
    if (this.given_up) return;
    if (code === SESSION_GONE) {
      // The session expired: sign in again (once until the bot serves this table again).
      if (this.renewed) {
        this.status(byId("table").dataset.failed);
        return;
      }
      this.renewed = true;
      this.served = false;
      try {
        this.session = await this.renew();
      } catch {
        this.status(byId("table").dataset.failed);
        return;
      }
      this.connect();
      return;
    }
    this.status(this.words.reconnecting);
    this.served = false;
    const delay = Math.min(10000, 500 * 2 ** this.retry++);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  async show(state) {
    this.presence.show(state);
    if (state.game === null) {
      for (const part of ["board", "seats", "hand", "watching"]) byId(part).hidden = true;
      byId("headline").textContent = "";
      this.shown = null;
      this.status(state.status);
      return;
    }
    const spaces = state.figures.map((figure) => figure.space);
    const fresh = !this.shown || this.shown.game !== state.game;
    const frames = state.reveal && !fresh ? plan(state.reveal, stillness.matches) : [];
    byId("board").hidden = false;
    byId("seats").hidden = false;
    this.track.draw(this.measures, state.figures, [spaces, ...frames.map((shown) => shown.spaces)]);
    this.track.sizeText();
    this.gained = null;
    if (frames.length) await this.reveal(state, frames);
    this.track.mark([], null);
    this.track.place(spaces, !fresh && !stillness.matches);
    this.track.lay(faceDown(state));
    this.track.score(null);
    byId("headline").textContent = state.headline;
    this.status(state.status);
    byId("track-words").textContent = state.words;
    const watching = byId("watching");
    watching.hidden = state.watching === null;
    watching.textContent = state.watching || "";
    this.drawSeats(state);
    this.hand.show(state);
    this.shown = state;
  }

  drawSeats(state) {
    this.seats.draw(seatsOf(state, this.words, this.you, this.faces));
    this.seats.gains(this.gained);
  }

  // The cards turn over in front of their figures, the figures step, the scoring shows (the
  // seats' totals with what each gained).
  async reveal(state, frames) {
    const reveal = state.reveal;
    byId("revealed").textContent = reveal.words;
    byId("revealed").hidden = false;
    byId("headline").textContent = reveal.caption;
    this.status(reveal.words);
    this.track.place(frames[0].spaces, false);
    this.track.settle();
    this.track.lay(reveal.plays.map(([figure, label]) => ({ figure, label })));
    for (const shown of frames) {
      this.track.place(shown.spaces, !stillness.matches);
      this.track.mark(shown.scorers, shown.cut);
      this.track.score(shown.scoring);
      if (shown.scoring !== null && this.gained === null) {
        this.gained = gainsSince(this.shown, state);
        // The new totals; the next round's turn is not shown before the reveal ends.
        this.drawSeats({ ...state, figures: state.figures.map((figure) => ({ ...figure, waiting: false })) });
      }
      await wait(shown.ms);
    }
  }

  // The seats of the players who have the table open now are marked.
  present(here) {
    this.seats.present(here);
  }
}
