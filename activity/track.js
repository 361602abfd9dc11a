// The track as the replay page draws it (bot/web/replay_page.py): one cell a space, START
// dark (with a flag: its word is too long for a cell at 14 px), the scoring space lit, each
// figure a disc with its initial stacked above its space, the cards in front of a figure
// beside its disc. The board is the felt the screen leaves; its layout (activity/geometry.js) is
// the rows that draw the track largest in it, each row as high as the stacks it holds in what is
// shown, the whole drawn in the felt's middle. Figures move with the replay's CSS transition.
import { figureSpots, framedHeight, layout, rowsFor, tallestByRow, textSize, viewOf } from "./geometry.js";

const SVG = "http://www.w3.org/2000/svg";
const CARD_WIDTH = 24;
const CARD_HEIGHT = 30;
// Cards in front of one figure overlap by their margins only: each value stays whole (a label is
// drawn up to 14.5 px / scale, about 22 units at a phone's smallest scale).
const CARD_STEP = CARD_WIDTH - 2;

function element(name, attributes, text) {
  const made = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, String(value));
  if (text !== undefined) made.textContent = text;
  return made;
}

// START's flag: a pole and a pennant, drawn in the cell's middle.
function flag(x, y) {
  const drawn = element("g", { class: "flag", transform: `translate(${x - 6},${y - 9})` });
  drawn.append(element("path", { d: "M1 0v18M1 1h11l-3 4 3 4H1" }));
  return drawn;
}

export class Track {
  constructor(svg) {
    this.svg = svg;
    this.drawn = "";
    this.figures = [];
    this.cardLayer = null;
    this.laid = [];
    this.scoring = null;
    this.track = null;
    this.shownFigures = [];
    this.layout = null;
    this.spaces = null;
  }

  // Draws the spaces and the figures' discs anew when the game's figures or the layout change:
  // `placings` are every placing of the figures the table is about to show (each frame of a
  // reveal), for the rows' room.
  draw(track, figures, placings) {
    const box = this.svg.getBoundingClientRect();
    const wide = window.innerWidth > window.innerHeight;
    const perRow = rowsFor(track, box.width || window.innerWidth, box.height || window.innerHeight, figures.length, wide);
    const tallest = tallestByRow(track, perRow, placings);
    const key = JSON.stringify([track, perRow, tallest, figures.map((f) => [f.initial, f.colour])]);
    if (key === this.drawn) return false;
    this.drawn = key;
    this.track = track;
    this.shownFigures = figures;
    this.placings = placings;
    const drawn = layout(track, perRow, tallest);
    // Framed as high as the rows may come to be (geometry.js framedHeight), drawn in its middle.
    const framed = Math.max(drawn.height, framedHeight(track, perRow, figures.length));
    drawn.frame = { x: 0, y: (drawn.height - framed) / 2, width: drawn.width, height: framed };
    this.layout = drawn;
    this.svg.replaceChildren();
    this.svg.dataset.rows = String(drawn.rows.length);
    this.scoring = element("rect", { class: "scoring", x: -100, y: 0, width: track.cell, height: 0 });
    this.scoring.setAttribute("visibility", "hidden");
    this.svg.append(this.scoring);
    for (const { space, x, y } of drawn.cells) {
      const kind = space < track.start ? " below" : space === track.start ? " start" : "";
      this.svg.append(element("rect", { class: `cell${kind}`, x, y, width: track.cell, height: track.cell_height }));
      if (space === track.start) {
        this.svg.append(flag(x + track.cell / 2, y + track.cell_height / 2));
        continue;
      }
      const baseline = y + Math.floor(track.cell_height / 2) + 5;
      this.svg.append(element("text", { class: "number", x: x + track.cell / 2, y: baseline }, String(space)));
    }
    this.figures = figures.map((figure) => {
      const colour = figure.colour === null ? "fleo" : `f${figure.colour}`;
      const disc = element("g", { class: `figure ${colour}` });
      disc.append(element("circle", { r: track.radius }), element("text", { y: 5 }, figure.initial));
      this.svg.append(disc);
      return disc;
    });
    this.cardLayer = element("g", { class: "cards" });
    this.svg.append(this.cardLayer);
    this.laid = [];
    return true;
  }

  // Lays cards beside their figures' discs: [{figure, label}], face down when label is null.
  // A face-up card turns over as it is laid (the stylesheet's animation).
  lay(cards) {
    this.laid = cards.map(({ figure, label }) => {
      const made = element("g", { class: label === null ? "card back" : "card" });
      const face = element("g", { class: "face" });
      face.append(element("rect", { width: CARD_WIDTH, height: CARD_HEIGHT, rx: 4 }));
      if (label !== null) face.append(element("text", { x: CARD_WIDTH / 2, y: CARD_HEIGHT / 2 + 5 }, label));
      made.append(face);
      return { figure, made };
    });
    this.cardLayer.replaceChildren(...this.laid.map(({ made }) => made));
    this.stand();
  }

  // The laid cards beside where their figures stand now, on one side of the disc: on a stack,
  // the sides alternate (a card is higher than a stack's step); a side the board's edge or a
  // neighbour's disc at the same height takes is left for the other.
  stand() {
    if (!this.spaces || !this.laid.length) return;
    const spots = figureSpots(this.track, this.layout, this.spaces);
    const taken = new Set(spots.map(({ x, y }) => `${x},${y}`));
    const { cell, radius } = this.track;
    const width = this.layout.width;
    const sides = this.spaces.map((space, index) => {
      const { x, y } = spots[index];
      const level = this.spaces.slice(0, index).filter((other) => other === space).length;
      const right = { at: x + radius - 4, step: CARD_STEP, next: x + cell };
      const left = { at: x - radius + 4 - CARD_WIDTH, step: -CARD_STEP, next: x - cell };
      const inside = (side) => side.at >= 0 && side.at + CARD_WIDTH <= width;
      const clear = (side) => inside(side) && (side.next < 0 || side.next > width || !taken.has(`${side.next},${y}`));
      const order = level % 2 === 0 ? [right, left] : [left, right];
      return order.find(clear) || order.find(inside) || right;
    });
    const before = new Map();
    for (const { figure, made } of this.laid) {
      const nth = before.get(figure) || 0;
      before.set(figure, nth + 1);
      const { at, step } = sides[figure];
      made.setAttribute("transform", `translate(${at + nth * step},${spots[figure].y - CARD_HEIGHT / 2})`);
    }
  }

  // Rings the figures who scored, and marks the one whose move was cut at the track's end.
  mark(scorers, cut) {
    this.figures.forEach((disc, index) => {
      disc.classList.toggle("scored", scorers.includes(index));
      disc.classList.toggle("cut", index === cut);
    });
  }

  // Stands every figure on its space (figure order); `moving` lets them glide there.
  place(spaces, moving) {
    this.spaces = spaces;
    figureSpots(this.track, this.layout, spaces).forEach(({ x, y }, index) => {
      const figure = this.figures[index];
      figure.classList.toggle("moving", moving);
      figure.style.transform = `translate(${x}px,${y}px)`;
    });
    this.stand();
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
    const row = this.layout.rows[cell.row];
    this.scoring.setAttribute("x", String(cell.x));
    this.scoring.setAttribute("y", String(row.top));
    this.scoring.setAttribute("height", String(row.height));
    this.scoring.removeAttribute("visibility");
  }

  // The board's box changed: one row or rows, as now fits, with the figures where they
  // stood, and the text as large as the board's scale needs.
  fit() {
    if (this.track && this.draw(this.track, this.shownFigures, this.placings) && this.spaces) {
      this.place(this.spaces, false);
    }
    this.sizeText();
  }

  // The frame in the board's middle, as large as it fits (never a poster), and the text as large
  // as that scale needs.
  sizeText() {
    const box = this.svg.getBoundingClientRect();
    if (!this.layout || !box.width || !box.height) return;
    const view = viewOf(this.layout.frame, box.width, box.height);
    this.svg.setAttribute("viewBox", `${view.x} ${view.y} ${view.width} ${view.height}`);
    this.svg.style.setProperty("--text", `${textSize(view.scale)}px`);
  }
}
