"""The table's script is committed (running the bot needs no Node): it must be what its
sources build. npm installs the locked versions, esbuild bundles them with activity/table.js
as `make table` does, and the result equals bot/table/assets/table.js byte for byte."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.programs import program

REPOSITORY = Path(__file__).resolve().parents[2]
SOURCES = REPOSITORY / "activity"
COMMITTED = REPOSITORY / "bot" / "table" / "assets" / "table.js"


def npm() -> str:
    return program("npm", "npm", "the committed table script is not compared with a fresh build")


def test_the_committed_table_script_is_a_fresh_build_of_its_sources(tmp_path: Path) -> None:
    tool = npm()
    build = tmp_path / "activity"
    shutil.copytree(SOURCES, build, ignore=shutil.ignore_patterns("node_modules"))
    subprocess.run(
        [tool, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=build,
        check=True,
        capture_output=True,
        timeout=240,
    )
    built = subprocess.run(
        [tool, "run", "--silent", "build"], cwd=build, check=True, capture_output=True, timeout=120
    ).stdout
    assert built == COMMITTED.read_bytes(), (
        "bot/table/assets/table.js is not what activity/ builds: run make table and commit it"
    )
