"""What the bot announced at the end, and what `python -m engine replay` says of the record."""

from __future__ import annotations

import asyncio
import json
import re
import sys
from pathlib import Path
from typing import Any

from tests.loopback import Message

ROW = re.compile(r"^(<@(\d+)>|Leo): .* = \*\*(-?\d+)\*\*$")
FIGURE = re.compile(r"<@(\d+)>|\bLeo\b")


def announced_totals(final: Message) -> dict[str, int]:
    totals: dict[str, int] = {}
    for line in final.content.splitlines():
        found = ROW.match(line.strip())
        if found:
            totals[found[2] or "Leo"] = int(found[3])
    return totals


def announced_winners(final: Message) -> list[str]:
    line = next(line for line in final.content.splitlines() if line.startswith("🏆"))
    head = line.split(",  ")[0].split(" with the ")[0].split(" sharing the ")[0]
    return [found[1] or "Leo" for found in FIGURE.finditer(head)]


async def replay(record: dict[str, Any], workdir: Path) -> dict[str, Any]:
    """`python -m engine replay FILE`, as a player would run it on the attached record."""
    path = workdir / f"record-{record.get('game', 'x')}.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "engine",
        "replay",
        str(path),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await process.communicate()
    assert process.returncode == 0, err.decode()
    return json.loads(out)  # type: ignore[no-any-return]


def recorded_plays(record: dict[str, Any]) -> dict[tuple[int, int], list[tuple[str, int, str]]]:
    plays = {}
    for stage_number, stage in enumerate(record["stages"], 1):
        for round_number, entries in enumerate(stage["rounds"], 1):
            plays[(stage_number, round_number)] = sorted(
                (e["player"], e["card"], e["target"]) for e in entries
            )
    return plays


ROUNDS_PER_GAME = 25


def budget_per_round(players: int) -> float:
    """Rate-limited requests a round may spend on average over a whole game: its reveal, and
    the hands a stage needs for players whose tokens have expired (1 + players/8)."""
    return 1 + players / 8
