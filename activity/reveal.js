// A reveal as the rules play it, planned as frames for the table to show one after another:
// the cards turn over in front of their figures, then the figures step space by space in the
// order the moves were made (a move cut at the track's end is marked where it stopped), then a
// stage's scoring marks its space and who scored. Pure: the page (live.js) draws each frame.

// The longest a reveal may take (ms), its turn-over and its scoring included.
export const LONGEST = 3000;
export const TURN_OVER = 500;
export const SCORING = 700;
// A step is never slower than this, so short moves do not crawl.
export const SLOWEST_STEP = 160;

// One frame: where every figure stands (figure order), the figure whose move was cut (or
// null), the scoring space and its scorers, and how long it shows. Every frame shows the cards
// face up: the first one is when they turn over (TURN_OVER).
function frame(spaces, extra) {
  return { spaces: [...spaces], cut: null, scoring: null, scorers: [], ms: 0, ...extra };
}

// The frames of `reveal` (the state's: before, after, moves, scoring, scorers). With `still`
// (prefers-reduced-motion) one frame: everything where it ends, at once.
export function plan(reveal, still) {
  const scored = reveal.scoring === null ? {} : { scoring: reveal.scoring, scorers: reveal.scorers };
  if (still) return [frame(reveal.after, { ...scored, ms: SCORING })];
  const frames = [frame(reveal.before, { ms: TURN_OVER })];
  const moves = reveal.moves;
  const steps = moves.reduce((sum, [, from, to]) => sum + Math.max(1, Math.abs(to - from)), 0);
  const left = LONGEST - TURN_OVER - (reveal.scoring === null ? 0 : SCORING);
  const step = steps === 0 ? 0 : Math.min(SLOWEST_STEP, Math.floor(left / steps));
  let spaces = [...reveal.before];
  for (const [figure, from, to, cut] of moves) {
    const direction = Math.sign(to - from);
    spaces[figure] = from;
    if (direction === 0) frames.push(frame(spaces, { ms: step, cut: cut ? figure : null }));
    for (let at = from + direction; direction !== 0; at += direction) {
      spaces = [...spaces];
      spaces[figure] = at;
      const last = at === to;
      frames.push(frame(spaces, { ms: step, cut: last && cut ? figure : null }));
      if (last) break;
    }
  }
  const end = frames[frames.length - 1];
  if (!sameSpaces(end.spaces, reveal.after)) frames.push(frame(reveal.after, { ms: step }));
  if (reveal.scoring !== null) frames.push(frame(reveal.after, { ...scored, ms: SCORING }));
  return frames;
}

function sameSpaces(one, other) {
  return one.length === other.length && one.every((space, index) => space === other[index]);
}

// How long the frames take (ms).
export function duration(frames) {
  return frames.reduce((sum, shown) => sum + shown.ms, 0);
}
