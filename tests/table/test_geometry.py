"""One geometry for the track: the table's script (activity/geometry.js) lays out the cells and
the figures exactly where the replay page's (bot/web/track.py) does, in one row and in rows,
for every number of figures and stacks of them."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import engine
from bot.table.view import track_measures
from bot.web.track import ROW_SPACES, ROW_STACK, SPACES, STACK, track
from tests.programs import program

GEOMETRY = Path(__file__).resolve().parents[2] / "activity" / "geometry.js"
PLACINGS = [
    (engine.START, engine.START),
    (engine.START, engine.START, engine.START, engine.START, engine.START, engine.START, 0),
    (engine.MIN_SPACE, engine.MAX_SPACE, 3, 3, 12),
    (11, 12, 13, 14, 15, 16, 11),
]


def node() -> str:
    return program("node", "nodejs", "the table's layout is not compared with the replay's")


def laid_out_by_the_page(in_rows: bool, spaces: tuple[int, ...]) -> dict[str, object]:
    script = f"""
        import {{ figureSpots, layout }} from {json.dumps(GEOMETRY.as_uri())};
        const track = {json.dumps(track_measures("en-US"))};
        const drawn = layout(track, {len(spaces)}, {json.dumps(in_rows)});
        const spots = figureSpots(track, drawn, {json.dumps(list(spaces))});
        console.log(JSON.stringify({{ drawn, spots }}));
    """
    ran = subprocess.run(
        [node(), "--input-type=module", "-e", script],
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return json.loads(ran.stdout)  # type: ignore[no-any-return]


@pytest.mark.parametrize("spaces", PLACINGS)
@pytest.mark.parametrize("in_rows", [False, True])
def test_the_table_lays_the_track_out_as_the_replay_page(
    in_rows: bool, spaces: tuple[int, ...]
) -> None:
    expected = (
        track("track-rows", ROW_SPACES, ROW_STACK, spaces, None)
        if in_rows
        else track("track", len(SPACES), STACK, spaces, None)
    )
    page = laid_out_by_the_page(in_rows, spaces)
    drawn = page["drawn"]
    assert isinstance(drawn, dict)
    assert (drawn["width"], drawn["height"], drawn["band"], drawn["top"]) == (
        expected.width,
        expected.height,
        expected.band,
        expected.top,
    )
    assert [(c["space"], c["x"], c["y"]) for c in drawn["cells"]] == list(expected.cells)
    spots = page["spots"]
    assert isinstance(spots, list)
    assert [(s["x"], s["y"]) for s in spots] == list(expected.figures)
