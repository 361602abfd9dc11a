"""Engine throughput on one core: record replay, random simulation, the reducer itself.

Goals (issue 2): replay >= 7,000 four-player records/s (JSON parsing excluded) and
simulate >= 5,000 random four-player games/s.  Run: .venv/bin/python bench/engine.py
"""

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

# This file is bench/engine.py: run as a script, its folder comes first on sys.path and
# `import engine` would import this very file instead of the package.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import engine  # noqa: E402
from engine.simulate import Summary, figure_names, seat_names, simulate_games  # noqa: E402

REPLAY_GOAL = 7_000
SIMULATE_GOAL = 5_000


def best_rate(work: Callable[[], int], repeats: int) -> float:
    """Items per CPU second of the fastest of `repeats` runs. CPU time, not wall time:
    the machine is shared, and the goal is per core."""
    best = 0.0
    for _ in range(repeats):
        started = time.process_time()
        items = work()
        best = max(best, items / (time.process_time() - started))
    return best


def replay_rate(variant: engine.Variant, count: int, repeats: int, as_dicts: bool) -> float:
    """replay_record on parsed records; with `as_dicts` also the result's to_dict() (what
    the command line prints, JSON encoding excluded)."""
    games = simulate_games(4, count, seed=2024, variant=variant, with_records=True)
    # Parsed once, outside the timing: the goal excludes JSON parsing.
    records = [json.loads(json.dumps(game.record)) for game in games]

    def work() -> int:
        for record in records:
            result = engine.replay_record(record)
            if as_dicts:
                result.to_dict()
        return len(records)

    return best_rate(work, repeats)


def simulate_rate(variant: engine.Variant, count: int, repeats: int) -> float:
    def work() -> int:
        summary = Summary(figure_names(seat_names(4)))
        for game in simulate_games(4, count, seed=7, variant=variant):
            summary.add(game)
        return count

    return best_rate(work, repeats)


def reducer_rate(count: int) -> float:
    """Whole 4-player games through apply/settle, every player timing out (one action a
    round): the cost of the bot's path, not a goal."""

    def work() -> int:
        for seed in range(count):
            state, _, _ = engine.settle(engine.new_game(["a", "b", "c", "d"], "standard", seed))
            while state.phase is not engine.Phase.FINISHED:
                result = engine.apply(state, engine.Timeout(state.stage, state.round))
                assert isinstance(result, engine.Accepted)
                state, _, _ = engine.settle(result.state)
        return count

    return best_rate(work, 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=5_000, help="records/games per run")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    for variant in engine.Variant:
        rate = replay_rate(variant, args.count, args.repeats, as_dicts=False)
        print(f"replay   {variant.value:8}: {rate:9,.0f} records/s  (goal {REPLAY_GOAL:,})")
        rate = replay_rate(variant, args.count, args.repeats, as_dicts=True)
        print(f"  + to_dict {variant.value:8}: {rate:6,.0f} records/s")
    for variant in engine.Variant:
        rate = simulate_rate(variant, args.count, args.repeats)
        print(f"simulate {variant.value:8}: {rate:9,.0f} games/s    (goal {SIMULATE_GOAL:,})")
    print(f"reducer  standard: {reducer_rate(200):9,.0f} games/s    (apply + settle, no goal)")


if __name__ == "__main__":
    main()
