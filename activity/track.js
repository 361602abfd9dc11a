// The track as the replay page draws it (bot/web/replay_page.py): one cell a space, START
// dark, the scoring space tinted, each figure a disc with its initial stacked above its space.
// Its layout (activity/geometry.js) is one row where the cells stay readable, else rows; it is
// drawn again when the screen's width changes which. Figures move with the replay's CSS
// transition.
import { figureSpots, inRows, layout } from "./geometry.js";

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
    this.track = null;
    this.shownFigures = [];
    this.layout = null;
    this.spaces = null;
  }

  // Draws the spaces and the figures' discs anew when the game's figures or the layout change.
  draw(track, figures) {
    const rows = inRows(track, this.svg.parentElement.clientWidth || window.innerWidth);
    const key = JSON.stringify([track, rows, figures.map((f) => [f.initial, f.colour])]);
    if (key === this.drawn) return false;
    this.drawn = key;
    this.track = track;
    this.shownFigures = figures;
    const drawn = layout(track, figures.length, rows);
    this.layout = drawn;
    this.svg.replaceChildren();
    this.svg.setAttribute("viewBox", `0 0 ${drawn.width} ${drawn.height}`);
    this.svg.classList.toggle("rows", rows);
    this.scoring = element("rect", { class: "scoring", x: -100, y: 0, width: track.cell, height: drawn.band });
    this.scoring.setAttribute("visibility", "hidden");
    this.svg.append(this.scoring);
    for (const { space, x, y } of drawn.cells) {
      const kind = space < track.start ? " below" : space === track.start ? " start" : "";
      this.svg.append(element("rect", { class: `cell${kind}`, x, y, width: track.cell, height: track.cell_height }));
      const label = space === track.start ? track.start_label : String(space);
      const baseline = y + Math.floor(track.cell_height / 2) + 5;
      const number = element("text", { class: `number${space === track.start ? " start" : ""}`, x: x + track.cell / 2, y: baseline }, label);
      this.svg.append(number);
    }
    this.figures = figures.map((figure) => {
      const colour = figure.colour === null ? "fleo" : `f${figure.colour}`;
      const disc = element("g", { class: `figure ${colour}` });
      disc.append(element("circle", { r: track.radius }), element("text", { y: 5 }, figure.initial));
      this.svg.append(disc);
      return disc;
    });
    return true;
  }

  // Stands every figure on its space (figure order); `moving` lets them glide there.
  place(spaces, moving) {
    this.spaces = spaces;
    figureSpots(this.track, this.layout, spaces).forEach(({ x, y }, index) => {
      const figure = this.figures[index];
      figure.classList.toggle("moving", moving);
      figure.style.transform = `translate(${x}px,${y}px)`;
    });
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
    const cell = this.layout.cells[space - this.track.min];
    this.scoring.setAttribute("x", String(cell.x));
    this.scoring.setAttribute("y", String(cell.y - this.layout.top));
    this.scoring.removeAttribute("visibility");
  }

  // The screen's width changed: one row or rows, as now fits, with the figures where they stood.
  fit() {
    if (this.track && this.draw(this.track, this.shownFigures) && this.spaces) this.place(this.spaces, false);
  }
}
