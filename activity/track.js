// The track as the replay page draws it (bot/web/replay_page.py): one cell a space, START
// dark, the scoring space tinted, each figure a disc with its initial stacked above its space.
// The geometry comes with every state; figures move with the replay's CSS transition.
const SVG = "http://www.w3.org/2000/svg";

function element(name, attributes, text) {
  const made = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, String(value));
  if (text !== undefined) made.textContent = text;
  return made;
}

export class Track {
  constructor(svg) {
    this.svg = svg;
    this.drawn = "";
    this.figures = [];
    this.scoring = null;
    this.geometry = null;
  }

  // Draws the spaces and the figures' discs anew when the game's figures change.
  draw(geometry, figures) {
    const key = JSON.stringify([geometry, figures.map((f) => [f.initial, f.colour])]);
    if (key === this.drawn) return;
    this.drawn = key;
    this.geometry = geometry;
    const g = geometry;
    const height = g.top + g.cell_height + 4;
    this.svg.replaceChildren();
    this.svg.setAttribute("viewBox", `0 0 ${g.width} ${height}`);
    this.scoring = element("rect", { class: "scoring", x: -100, y: 0, width: g.cell, height });
    this.scoring.setAttribute("visibility", "hidden");
    this.svg.append(this.scoring);
    for (let space = g.min; space <= g.max; space++) {
      const x = (space - g.min) * g.cell;
      const kind = space < g.start ? " below" : space === g.start ? " start" : "";
      this.svg.append(
        element("rect", { class: "cell" + kind, x, y: g.top, width: g.cell, height: g.cell_height }),
      );
      const label = space === g.start ? g.start_label : String(space);
      const y = g.top + Math.floor(g.cell_height / 2) + 5;
      const number = element("text", { class: "number" + (space === g.start ? " start" : ""), x: x + g.cell / 2, y }, label);
      this.svg.append(number);
    }
    this.figures = figures.map((figure) => {
      const colour = figure.colour === null ? "fleo" : "f" + figure.colour;
      const disc = element("g", { class: "figure " + colour });
      disc.append(element("circle", { r: g.radius }), element("text", { y: 5 }, figure.initial));
      this.svg.append(disc);
      return disc;
    });
  }

  // Stands every figure on its space (figure order); `moving` lets them glide there.
  place(spaces, moving) {
    const g = this.geometry;
    const levels = spaces.map((space, index) => spaces.slice(0, index).filter((s) => s === space).length);
    this.figures.forEach((figure, index) => {
      const x = (spaces[index] - g.min) * g.cell + g.cell / 2;
      const y = g.top - g.lift - levels[index] * g.stack;
      figure.classList.toggle("moving", moving);
      figure.style.transform = `translate(${x}px,${y}px)`;
    });
    this.follow(spaces);
  }

  // On a narrow screen the track scrolls: keep the figures in view (as the replay does).
  follow(spaces) {
    const g = this.geometry;
    const scroller = this.svg.parentElement;
    const scale = this.svg.clientWidth / g.width;
    const low = Math.min(...spaces) - g.min;
    const high = Math.max(...spaces) - g.min + 1;
    scroller.scrollLeft = ((low + high) / 2) * g.cell * scale - scroller.clientWidth / 2;
  }

  // The figures stand where they are before they move (a reveal starts from there).
  settle() {
    if (this.figures.length) this.figures[0].getBoundingClientRect();
  }

  score(space) {
    if (space === null) {
      this.scoring.setAttribute("visibility", "hidden");
      return;
    }
    this.scoring.setAttribute("x", String((space - this.geometry.min) * this.geometry.cell));
    this.scoring.removeAttribute("visibility");
  }
}
