"""One track: the table's script (activity/geometry.js) lays out the replay page's cells
(bot/web/track.py), with the measures the bot sends it, in one row and in rows of ten: every
space in the same column, the rows in the same order, each figure's disc over the middle of its
space. Only a row's room above its cells differs: the table keeps room for the stacks a row
holds, the replay for every figure in every row."""

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


def laid_out_by_the_page(per_row: int, spaces: tuple[int, ...]) -> dict[str, object]:
    script = f"""
        import {{ figureSpots, layout, tallestByRow }} from {json.dumps(GEOMETRY.as_uri())};
        const track = {json.dumps(track_measures("en-US"))};
        const placing = {json.dumps(list(spaces))};
        const drawn = layout(track, {per_row}, tallestByRow(track, {per_row}, [placing]));
        const spots = figureSpots(track, drawn, placing);
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
def test_the_table_lays_the_replays_cells_out_and_its_figures_over_them(
    in_rows: bool, spaces: tuple[int, ...]
) -> None:
    per_row = ROW_SPACES if in_rows else len(SPACES)
    replay = track("t", per_row, ROW_STACK if in_rows else STACK, spaces, None)
    page = laid_out_by_the_page(per_row, spaces)
    drawn = page["drawn"]
    assert isinstance(drawn, dict)
    assert drawn["width"] == replay.width
    rows_of = {y: row for row, y in enumerate(sorted({y for _, _, y in replay.cells}))}
    assert [(c["space"], c["x"], c["row"]) for c in drawn["cells"]] == [
        (space, x, rows_of[y]) for space, x, y in replay.cells
    ]
    spots = page["spots"]
    assert isinstance(spots, list)
    assert [s["x"] for s in spots] == [x for x, _ in replay.figures]
    # No row is higher than the replay's, which keeps room for every figure in each.
    assert all(row["height"] <= replay.band for row in drawn["rows"])
