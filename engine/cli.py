"""`python -m engine replay|simulate`: the engine's command line (the only I/O in engine/)."""

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from .constants import MAX_PLAYERS, MIN_PLAYERS, Variant
from .json_types import JsonObject
from .record_types import RECORD, RecordError
from .records import replay_record
from .simulate import Summary, seat_names, simulate_games
from .state import figure_names

EXIT_ILLEGAL_RECORD = 2
REPLAY_OUTPUT = """\
output: one JSON object per record,
  {"stages": [{"positions": [{figure: space}, one per round], "points": {figure: points}}],
   "totals": {figure: total}, "winners": [figure, ...]}
Figures are the record's player ids, then "Leo" in 2-player games: ids, not display
names, because display names need not be unique. A record with "names" ({player id:
display name}, as the bot writes) adds "names": {figure: display name} for every figure;
one with "ai" ({player id: "casual", "sharp" or "expert"}) adds "ai": {player id: level}.
An illegal record prints where and what is wrong on stderr (with --jsonl: {"error": ...}
on its line) and the exit code is 2."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser(
        "replay",
        help="check a game record and print its results",
        description="Check a game record against the rules and print what happened.",
        epilog=REPLAY_OUTPUT,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    replay.add_argument("file", help="the record's JSON file, or - for standard input")
    replay.add_argument(
        "--jsonl",
        action="store_true",
        help="the input holds one record per line (JSON Lines): one result per line",
    )
    simulate = commands.add_parser("simulate", help="play random legal games")
    simulate.add_argument("--players", type=int, required=True)
    simulate.add_argument("--games", type=int, required=True)
    simulate.add_argument("--seed", type=int, required=True)
    simulate.add_argument(
        "--variant", choices=[v.value for v in Variant], default=Variant.STANDARD.value
    )
    simulate.add_argument(
        "--records", action="store_true", help="print the games' records as JSON lines"
    )
    return parser


def _replay_text(text: str, *, whole_input: bool) -> JsonObject:
    """The replay result of one record's JSON text; RecordError if it is illegal.
    `whole_input`: the text is a whole file or standard input, not one line of --jsonl."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        problem = f"not valid JSON ({error})"
        if whole_input and error.msg == "Extra data" and _looks_like_json_lines(text):
            problem += "; it looks like one record per line: replay it with --jsonl"
        raise RecordError(RECORD, problem) from error
    return replay_record(record).to_dict()


def _looks_like_json_lines(text: str) -> bool:
    """The first two non-empty lines are JSON objects each on its own."""
    lines = [line for line in text.splitlines() if line.strip()][:2]
    if len(lines) < 2:
        return False
    try:
        return all(isinstance(json.loads(line), dict) for line in lines)
    except json.JSONDecodeError:
        return False


def _read(file: str, stdin: TextIO) -> str:
    if file == "-":
        return stdin.read()
    with open(file, encoding="utf-8") as handle:
        return handle.read()


def replay_command(file: str, jsonl: bool, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    try:
        text = _read(file, stdin)
    except OSError as error:
        err.write(f"record: cannot read {file}: {error.strerror}\n")
        return EXIT_ILLEGAL_RECORD
    except UnicodeDecodeError:
        err.write(f"record: {file} is not UTF-8 text\n")
        return EXIT_ILLEGAL_RECORD
    if not jsonl:
        try:
            result = _replay_text(text, whole_input=True)
        except RecordError as error:
            err.write(f"{error}\n")
            return EXIT_ILLEGAL_RECORD
        out.write(json.dumps(result) + "\n")
        return 0
    status = 0
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            result = _replay_text(line, whole_input=False)
        except RecordError as error:
            result = {"error": str(error)}
            status = EXIT_ILLEGAL_RECORD
        out.write(json.dumps(result) + "\n")
    return status


def simulate_command(
    players: int, games: int, seed: int, variant: str, records: bool, out: TextIO, err: TextIO
) -> int:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        err.write(f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}\n")
        return EXIT_ILLEGAL_RECORD
    if games < 0:
        err.write(f"--games cannot be negative ({games})\n")
        return EXIT_ILLEGAL_RECORD
    played = simulate_games(players, games, seed, Variant(variant), with_records=records)
    if records:
        for game in played:
            out.write(json.dumps(game.record) + "\n")
        return 0
    summary = Summary(figure_names(seat_names(players)))
    for game in played:
        summary.add(game)
    heading = f"{players} players, {variant} variant, seed {seed}"
    out.write("\n".join([heading, *summary.lines()]) + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "replay":
        return replay_command(args.file, args.jsonl, sys.stdin, sys.stdout, sys.stderr)
    return simulate_command(
        args.players, args.games, args.seed, args.variant, args.records, sys.stdout, sys.stderr
    )
