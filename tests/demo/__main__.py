"""`python -m tests.demo [--out FILE] [--seed N] [--locale de] [--variant tactical]`: play one
game, write its HTML transcript, and beside it the game's replay page and its picture."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from tests.demo.game import LOCALE, VARIANT, run_demo
from tests.demo.replay_copy import DemoFiles


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.demo",
        description=(
            "Run the bot (python -m bot) against a loopback Discord while simulated players "
            "play one whole game; write what they saw as one HTML file, and beside it the "
            "game's replay page (FILE-replay.html) and its picture (FILE-replay.png)."
        ),
    )
    parser.add_argument(
        "--out", type=Path, default=Path("whyfirst-demo.html"), help="the HTML file to write"
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        help="seeds the players' choices (and the deal, for a bot that reads WHYFIRST_SEED)",
    )
    parser.add_argument(
        "--locale",
        default=LOCALE,
        help="the Discord locale of the server and every player (en-US, de, it, ...)",
    )
    parser.add_argument(
        "--variant", choices=("standard", "tactical"), default=VARIANT, help="the game's variant"
    )
    parser.add_argument(
        "--track-picture",
        type=Path,
        metavar="PNG",
        help="also write the picture of the track the bot posted with the last round",
    )
    arguments = parser.parse_args(argv)
    files = DemoFiles(arguments.out)
    run = asyncio.run(run_demo(arguments.seed, arguments.locale, arguments.variant, files))
    files.transcript.write_text(run.html, encoding="utf-8")
    print(f"transcript: {files.transcript.resolve()}")
    if run.replay is not None:
        files.replay_page.write_text(run.replay.html, encoding="utf-8")
        files.replay_picture.write_bytes(run.replay.picture)
        print(f"replay page: {files.replay_page.resolve()}")
        print(f"replay picture: {files.replay_picture.resolve()}")
    if arguments.track_picture is not None and run.track_picture is not None:
        arguments.track_picture.write_bytes(run.track_picture.data)
        print(f"track picture: {arguments.track_picture.resolve()}")
        print(f"its alt text: {run.track_picture.description}")
    missing = [] if run.replay is not None else ["the result had no Replay link"]
    for problem in run.problems + missing:
        print(f"problem: {problem}", file=sys.stderr)
    return 1 if run.problems or missing else 0


if __name__ == "__main__":
    sys.exit(main())
