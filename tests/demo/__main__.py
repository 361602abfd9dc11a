"""`python -m tests.demo [--out FILE] [--seed N] [--locale de] [--variant tactical]`: play one
game, write its HTML transcript."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from tests.demo.game import LOCALE, REPLAY_PICTURE, VARIANT, run_demo


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.demo",
        description=(
            "Run the bot (python -m bot) against a loopback Discord while simulated players "
            "play one whole game; write what they saw as one HTML file."
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
    arguments = parser.parse_args(argv)
    run = asyncio.run(run_demo(arguments.seed, arguments.locale, arguments.variant))
    arguments.out.write_text(run.html, encoding="utf-8")
    if run.replay is not None:
        # The game's replay page beside the transcript, as the bot's web server showed it.
        picture = arguments.out.with_name(f"{arguments.out.stem}-replay.png")
        page = arguments.out.with_name(f"{arguments.out.stem}-replay.html")
        picture.write_bytes(run.replay.picture)
        page.write_text(run.replay.html.replace(REPLAY_PICTURE, picture.name), encoding="utf-8")
        print(page.resolve())
    else:
        print("problem: the result had no Replay link", file=sys.stderr)
    for problem in run.problems:
        print(f"problem: {problem}", file=sys.stderr)
    print(arguments.out.resolve())
    return 1 if run.problems else 0


if __name__ == "__main__":
    sys.exit(main())
