"""A plain clone stands on its own: nothing in the project reads outside the repository."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

from tests import REPOSITORY

THIS_FILE = Path(__file__).resolve()
SCANNED = ("bot", "engine", "tests", "bench", "migrations", "docs", ".ci")
SCANNED_FILES = ("Makefile", "pyproject.toml", "README.md", ".env.example")
TEXT_SUFFIXES = {".py", ".toml", ".sql", ".md", ".sh", ".cfg", ".ini", ".txt", ""}
SKIPPED_FOLDERS = {"__pycache__", ".venv", ".pytest_cache", ".ruff_cache", ".hypothesis"}

PARENTS_INDEX = re.compile(r"\.parents\[(\d+)\]")
PARENT_CHAIN = re.compile(r"(?:\.parent(?![\w\[]))+")
# Up a folder: anywhere in Makefile, shell and configuration; in Python where a path is made
# (a locale such as "../pt" in a test of path traversal is not a path the project reads).
UP_ONE_LEVEL = re.compile(r"\.\./")
UP_ONE_LEVEL_IN_PYTHON = re.compile(
    r"""(?:\b(?:Path|PurePath|open|join|joinpath)\([^)]*|/\s*)[rf]?["']\.\.(?:/|["'])"""
)
# The workspace's folder beside the repository, where the OpenAPI document and the rules
# used to be read from.
SIBLING_FOLDER = re.compile(r"(?<![\w-])shared(?=/)")
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")


def project_files() -> Iterator[Path]:
    for name in SCANNED_FILES:
        yield REPOSITORY / name
    for folder in SCANNED:
        for path in sorted((REPOSITORY / folder).rglob("*")):
            if SKIPPED_FOLDERS.intersection(path.relative_to(REPOSITORY).parts):
                continue
            # This file holds examples of escapes, to show that the scan catches them.
            if path.is_file() and path.suffix in TEXT_SUFFIXES and path != THIS_FILE:
                yield path


def escapes_in(text: str, place: Path) -> list[str]:
    """Every line of `text`, the content of `place`, that points outside the repository,
    as `line number: reason: line`."""
    # parents[depth] of a file `depth` folders deep is the repository's own parent.
    depth = len(place.relative_to(REPOSITORY).parts)
    markdown = place.suffix == ".md"
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        reasons = []
        if any(int(index) >= depth for index in PARENTS_INDEX.findall(line)):
            reasons.append("parents[...] climbs above the repository")
        if any(chain.count(".parent") > depth for chain in PARENT_CHAIN.findall(line)):
            reasons.append(".parent chain climbs above the repository")
        climbing = UP_ONE_LEVEL_IN_PYTHON if place.suffix == ".py" else UP_ONE_LEVEL
        if not markdown and climbing.search(line):
            reasons.append("a relative path goes up a folder")
        if SIBLING_FOLDER.search(line):
            reasons.append("names the workspace's shared folder")
        if markdown:
            reasons.extend(broken_links(place, line))
        found.extend(f"{number}: {reason}: {line.strip()}" for reason in reasons)
    return found


def broken_links(document: Path, line: str) -> list[str]:
    """Relative links of a Markdown line that leave the repository or lead nowhere."""
    problems = []
    for target in MARKDOWN_LINK.findall(line):
        if re.match(r"[a-z]+:|#", target):
            continue
        resolved = (document.parent / target.split("#")[0]).resolve()
        if not resolved.is_relative_to(REPOSITORY):
            problems.append(f"links outside the repository ({target})")
        elif not resolved.exists():
            problems.append(f"links to a file the repository lacks ({target})")
    return problems


def test_no_file_of_the_project_reads_or_links_outside_the_repository() -> None:
    files = list(project_files())
    assert REPOSITORY / "tests" / "loopback" / "schema.py" in files
    assert REPOSITORY / "Makefile" in files
    assert REPOSITORY / "README.md" in files
    escapes = {
        str(path.relative_to(REPOSITORY)): found
        for path in files
        if (found := escapes_in(path.read_text(encoding="utf-8"), path))
    }
    assert escapes == {}


def test_the_scan_catches_each_kind_of_escape() -> None:
    # The indexes are filled in so that a scan of this file's own text (another tool's) does
    # not take these examples for escapes of the tests themselves.
    escaping = [
        f'DOC = Path(__file__).resolve().parents[{3}] / "shared" / "discord" / "openapi.json"',
        "ROOT = Path(__file__).parent.parent.parent.parent",
        'RULES = open("../RULES.md")',
        'SPEC = BASE / "shared/discord/openapi.json"',
        'OUTSIDE = Path("..") / "elsewhere"',
        'SPEC = os.path.join(HERE, "../../..", "discord")',
        'NOTES = REPOSITORY / "../notes.md"',
        f'DEEPER = Path(__file__).parents[{5}] / "x"',
    ]
    inside = [
        "HERE = Path(__file__).resolve().parents[2]",
        "ROOT = Path(__file__).parent.parent.parent",
        "a shared win counts for every winner",
        'LOG = tmp_path.parent / "bot.log"',
        'assert candidate_locales("../secrets") == ("en",)',
    ]
    place = REPOSITORY / "tests" / "loopback" / "sample.py"  # three folders deep
    found = escapes_in("\n".join(escaping + inside), place)
    caught = sorted({int(entry.split(":")[0]) for entry in found})
    assert caught == list(range(1, len(escaping) + 1))


def test_markdown_links_must_stay_inside_the_repository_and_exist() -> None:
    text = (
        "[architecture](docs/ARCHITECTURE.md) [outside](../RULES.md) [gone](docs/NOWHERE.md)\n"
        "[site](https://discord.com/developers) [here](#settings) ![track](docs/track.png)\n"
    )
    found = escapes_in(text, REPOSITORY / "README.md")
    assert len(found) == 2
    assert "outside the repository (../RULES.md)" in found[0]
    assert "lacks (docs/NOWHERE.md)" in found[1]


def test_the_license_pyproject_claims_is_in_the_repository() -> None:
    project = tomllib.loads((REPOSITORY / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["license"] == "MIT"  # an SPDX expression, not a table
    license_text = (REPOSITORY / "LICENSE").read_text(encoding="utf-8")
    assert license_text.startswith("MIT License")
    assert "Copyright (c) 2026 The Why First? for Discord authors" in license_text
