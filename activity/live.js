// The channel's game, live: a WebSocket to the bot (api/live, relative to the page, so it
// works behind Discord's proxy). Each state is whole, so a table that lost its connection
// reconnects and catches up with the next message. Reveals play one after another, in the
// rules' order (activity/reveal.js); under prefers-reduced-motion each shows at once.
import { Hand } from "./hand.js";
import { Liveness } from "./liveness.js";
import { ShowQueue } from "./queue.js";
import { plan } from "./reveal.js";
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

export class Live {
  // `measures`: the track's geometry, the same for every game (sent with the sign-in).
  constructor(session, words, say, renew, measures) {
    this.session = session;
    this.measures = measures;
    this.renew = renew;
    this.words = words;
    this.say = say;
    this.track = new Track(byId("track"));
    window.addEventListener("resize", () => this.track.fit());
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
    this.here = new Set();
    this.queue = new ShowQueue((state) => this.show(state));
    this.retry = 0;
    this.served = false;
    byId("col-figure").textContent = words.figure;
    byId("col-space").textContent = words.space;
    byId("col-total").textContent = words.total;
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
    if (message.type === "refused") {
      if (!this.served) this.given_up = true;
      if (!this.served || byId("hand").hidden) this.say("note", message.error);
      else this.hand.refuse(message.error);
      return;
    }
    if (message.type !== "state") return;
    this.served = true;
    this.renewed = false;
    this.retry = 0;
    byId("note").hidden = true;
    this.queue.push(message);
  }

  async lost(code) {
    if (this.given_up) return;
    if (code === SESSION_GONE) {
      // The session expired: sign in again (once until the bot serves this table again).
      if (this.renewed) {
        this.say("note", byId("table").dataset.failed);
        return;
      }
      this.renewed = true;
      this.served = false;
      try {
        this.session = await this.renew();
      } catch {
        this.say("note", byId("table").dataset.failed);
        return;
      }
      this.connect();
      return;
    }
    this.say("note", this.words.reconnecting);
    this.served = false;
    const delay = Math.min(10000, 500 * 2 ** this.retry++);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  async show(state) {
    const game = byId("game");
    if (state.game === null) {
      game.hidden = true;
      this.shown = null;
      this.say("note", state.status);
      return;
    }
    const figures = state.figures.map((figure) => figure.space);
    const fresh = !this.shown || this.shown.game !== state.game;
    this.track.draw(this.measures, state.figures);
    game.hidden = false;
    this.track.sizeText();
    if (state.reveal && !fresh) await this.reveal(state.reveal);
    this.track.mark([], null);
    this.track.place(figures, !fresh && !stillness.matches);
    this.track.lay(faceDown(state));
    this.track.score(null);
    byId("headline").textContent = state.headline;
    byId("waiting").textContent = state.status;
    byId("track-words").textContent = state.words;
    const watching = byId("watching");
    watching.hidden = state.watching === null;
    watching.textContent = state.watching || "";
    this.totals(state);
    this.hand.show(state);
    this.shown = state;
  }

  // The cards turn over in front of their figures, the figures step, the scoring shows.
  async reveal(reveal) {
    const revealed = byId("revealed");
    revealed.textContent = reveal.words;
    revealed.hidden = false;
    const still = stillness.matches;
    const frames = plan(reveal, still);
    this.track.place(frames[0].spaces, false);
    this.track.settle();
    this.track.lay(reveal.plays.map(([figure, label]) => ({ figure, label })));
    for (const shown of frames) {
      this.track.place(shown.spaces, !still);
      this.track.mark(shown.scorers, shown.cut);
      this.track.score(shown.scoring);
      await wait(shown.ms);
    }
  }

  // The seats of the players who have the table open now are marked (a dot by their name).
  present(here) {
    this.here = here;
    for (const row of document.querySelectorAll("#totals tbody tr")) {
      row.classList.toggle("here", this.here.has(row.dataset.user));
    }
  }

  totals(state) {
    const rows = state.figures.map((figure) => {
      const row = document.createElement("tr");
      row.classList.toggle("waiting", figure.waiting);
      if (figure.user) row.dataset.user = figure.user;
      row.classList.toggle("here", this.here.has(figure.user));
      const name = document.createElement("th");
      name.scope = "row";
      const badge = document.createElement("span");
      const colour = figure.colour === null ? "fleo" : `f${figure.colour}`;
      badge.className = `badge ${colour}`;
      badge.setAttribute("aria-hidden", "true");
      badge.textContent = figure.initial;
      name.append(badge, ` ${figure.name}`);
      if (figure.ai) {
        const ai = document.createElement("span");
        ai.className = "ai";
        ai.textContent = this.words.ai;
        name.append(" ", ai);
      }
      const space = document.createElement("td");
      space.className = "space";
      const { start, start_label } = this.measures;
      space.textContent = figure.space === start ? start_label : String(figure.space);
      const total = document.createElement("td");
      total.className = "total";
      total.textContent = String(figure.total);
      row.append(name, space, total);
      return row;
    });
    document.querySelector("#totals tbody").replaceChildren(...rows);
  }
}
