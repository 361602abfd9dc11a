// The seats: every figure's seat with its face (the player's Discord avatar, which the bot
// sends as data and serves at avatars/<user>/<hash>.png, else the figure's disc with its
// initial, in the figure's colours as on the board), its name, its state (still to pick,
// picked, AI, away, the winner), its total; the seat of whoever holds the table marked as
// theirs, and those who have the table open now with a dot.

// The narrowest a seat is drawn side by side with others (CSS pixels): its name and state whole.
export const NARROWEST_SEAT = 150;

// A seat's state, in the bot's words.
export function seatState(figure, state, words) {
  if (figure.colour === null || state.lobby) return figure.ai ? words.ai : "";
  if (figure.winner) return words.winner;
  if (figure.ai) return words.ai;
  if (figure.away) return words.seat_away;
  if (figure.waiting) return state.moving ? words.seat_moving : words.seat_waiting;
  return state.over || state.moving ? "" : words.seat_picked;
}

// What each seat shows: name, state (yours said first), total, face, marks.
export function seatsOf(state, words, you, faces) {
  return state.figures.map((figure) => {
    const yours = figure.user !== null && figure.user === you;
    const said = seatState(figure, state, words);
    const avatar = figure.user === null ? undefined : faces.get(figure.user);
    return {
      user: figure.user,
      name: figure.name,
      initial: figure.initial,
      colour: figure.colour === null ? "fleo" : `f${figure.colour}`,
      state: yours ? [words.seat_you, said].filter(Boolean).join(" · ") : said,
      total: state.lobby ? null : figure.total,
      face: avatar ? `avatars/${figure.user}/${avatar}.png` : null,
      marks: { you: yours, waiting: Boolean(figure.waiting), away: Boolean(figure.away), winner: Boolean(figure.winner) },
    };
  });
}

// How many of `count` things side by side in a box `width` wide, none narrower than
// `narrowest`: as few rows as they fit in, evened out.
export function across(count, width, narrowest = NARROWEST_SEAT) {
  const most = Math.max(1, Math.floor(width / narrowest));
  const rows = Math.ceil(count / most);
  return Math.max(1, Math.ceil(count / rows));
}

function part(tag, className, text) {
  const made = document.createElement(tag);
  made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

// The figure's disc with its initial, where there is no avatar (or it did not load).
function disc(face, seat) {
  face.replaceChildren(part("span", "disc", seat.initial));
}

export class Seats {
  constructor(list, words) {
    this.list = list;
    this.words = words;
    this.here = new Set();
  }

  draw(seats) {
    this.list.style.setProperty("--across", String(across(seats.length, this.list.clientWidth)));
    this.list.replaceChildren(
      ...seats.map((seat) => {
        const item = part("li", "seat");
        if (seat.user) item.dataset.user = seat.user;
        for (const [mark, on] of Object.entries(seat.marks)) item.classList.toggle(mark, on);
        item.classList.toggle("here", this.here.has(seat.user));
        const face = part("span", `face badge ${seat.colour}`);
        face.setAttribute("aria-hidden", "true");
        if (seat.face) {
          const picture = document.createElement("img");
          picture.alt = "";
          picture.src = seat.face;
          picture.addEventListener("error", () => disc(face, seat));
          face.append(picture);
        } else disc(face, seat);
        const who = part("span", "who");
        who.append(part("span", "name", seat.name), part("span", "state", seat.state));
        item.append(face, who);
        if (seat.total !== null) {
          const total = part("span", "total");
          total.append(part("span", "unseen", `${this.words.total} `), String(seat.total));
          item.append(total);
        }
        return item;
      }),
    );
  }

  // The seats whose players have the table open now (Discord's connected participants).
  present(here) {
    this.here = here;
    for (const item of this.list.children) item.classList.toggle("here", here.has(item.dataset.user));
  }

  // A stage's scoring: the points each seat gained beside its total ("+3"), or none.
  gains(gained) {
    [...this.list.children].forEach((item, index) => {
      const gain = gained ? gained[index] : 0;
      const total = item.querySelector(".total");
      if (total && gain) total.dataset.gain = gain > 0 ? `+${gain}` : String(gain);
      else if (total) delete total.dataset.gain;
    });
  }
}
