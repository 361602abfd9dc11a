"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const steps = Array.from(document.querySelectorAll(".step"));
  // The same figures in each layout of the track (one row; rows of ten on a phone).
  const layouts = data.layouts.map((layout) => {
    const svg = document.getElementById(layout.svg);
    return {
      geometry: layout,
      figures: Array.from(svg.querySelectorAll(".figure")),
      scoring: svg.querySelector(".scoring"),
    };
  });
  const words = document.getElementById("track-words");
  const result = document.getElementById("result");
  const where = document.getElementById("where");
  const play = document.getElementById("play");
  const buttons = {
    first: document.getElementById("first"),
    back: document.getElementById("back"),
    forward: document.getElementById("forward"),
    last: document.getElementById("last"),
  };
  const scroller = document.querySelector(".track .scroll");
  const svg = document.getElementById("track");
  const last = steps.length - 1;
  let current = 0;
  let timer = null;

  function levels(spaces) {
    return spaces.map((space, index) => spaces.slice(0, index).filter((s) => s === space).length);
  }

  function place(spaces, moving) {
    const stack = levels(spaces);
    layouts.forEach(({ geometry, figures }) => {
      figures.forEach((figure, index) => {
        const [left, top] = geometry.cells[spaces[index] - data.min];
        const x = left + geometry.cell / 2;
        const y = top - data.lift - stack[index] * geometry.stack;
        figure.classList.toggle("moving", moving);
        figure.removeAttribute("transform");
        figure.style.transform = "translate(" + x + "px," + y + "px)";
      });
    });
  }

  function mark(space) {
    layouts.forEach(({ geometry, scoring }) => {
      if (space === null) {
        scoring.setAttribute("visibility", "hidden");
        return;
      }
      const [left, top] = geometry.cells[space - data.min];
      scoring.setAttribute("x", String(left));
      scoring.setAttribute("y", String(top - geometry.top));
      scoring.removeAttribute("visibility");
    });
  }

  function follow(spaces) {
    // On a narrow screen the track scrolls: keep the figures in view.
    const scale = svg.clientWidth / svg.viewBox.baseVal.width;
    const cell = data.layouts[0].cell;
    const low = Math.min(...spaces) - data.min;
    const high = Math.max(...spaces) - data.min + 1;
    const middle = ((low + high) / 2) * cell * scale;
    scroller.scrollLeft = middle - scroller.clientWidth / 2;
  }

  function show(index, animate) {
    current = Math.max(0, Math.min(last, index));
    const step = data.steps[current];
    steps.forEach((element, at) => {
      element.hidden = at !== current;
      element.toggleAttribute("aria-current", at === current);
    });
    result.hidden = current !== last;
    if (animate) {
      place(step.before, false);
      document.body.getBoundingClientRect(); // the figures stand on "before" before they move
    }
    place(step.after, animate);
    follow(step.after);
    mark(step.scoring);
    const sentence = steps[current].querySelector(".words");
    words.textContent = sentence ? sentence.textContent : "";
    where.textContent = steps[current].dataset.label + " (" + current + "/" + last + ")";
    buttons.first.disabled = buttons.back.disabled = current === 0;
    buttons.forward.disabled = buttons.last.disabled = current === last;
    history.replaceState(null, "", "#step-" + current);
  }

  function stop() {
    if (timer !== null) {
      clearInterval(timer);
      timer = null;
    }
    play.textContent = play.dataset.play;
  }

  function toggle() {
    if (timer !== null) {
      stop();
      return;
    }
    if (current === last) show(0, false);
    play.textContent = play.dataset.pause;
    timer = setInterval(() => {
      if (current >= last) stop();
      else show(current + 1, true);
    }, 1400);
    show(current + 1, true);
  }

  buttons.first.addEventListener("click", () => { stop(); show(0, false); });
  buttons.back.addEventListener("click", () => { stop(); show(current - 1, false); });
  buttons.forward.addEventListener("click", () => { stop(); show(current + 1, true); });
  buttons.last.addEventListener("click", () => { stop(); show(last, false); });
  play.addEventListener("click", toggle);
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1 };
    if (event.key in moves) {
      stop();
      show(current + moves[event.key], moves[event.key] > 0);
    } else if (event.key === "Home") {
      stop();
      show(0, false);
    } else if (event.key === "End") {
      stop();
      show(last, false);
    } else if (event.key === " " && !(event.target instanceof HTMLButtonElement)) {
      toggle();
    } else {
      return;
    }
    event.preventDefault();
  });

  document.documentElement.classList.add("js");
  document.getElementById("controls").hidden = false;
  document.getElementById("keys").hidden = false;
  const asked = /^#step-(\d+)$/.exec(location.hash);
  show(asked ? Number(asked[1]) : 0, false);
})();
