"""Screens a change to the expert cheaply: the last stages of saved games, paired.

A full game of one expert against three sharp seats takes about 1.7 s of one core, and a
difference of a few points needs thousands of them. This tool saves games at the start of a
stage (every seat sharp until then, from fixed seeds; 4 players of the standard game unless
--players and --variant), plays the rest of each once per seat with that seat as the focal
level and the others sharp, and compares two runs position by position. Measured with it
(4 players): from the start of stage 4 the expert wins 25.5% ± 2.3 of 1,200 runs, from the
start of stage 5 25.7% (sharp: 25.0%), against 27.9% ± 1.8 of 2,000 whole games, so the
expert's edge is made mostly in stages 1-3.

    .venv/bin/python bench/expert_screen.py save positions.pkl --games 150 --stage 4
    .venv/bin/python bench/expert_screen.py run positions.pkl base.json
    .venv/bin/python bench/expert_screen.py run positions.pkl big.json expert.WORLDS=48
    .venv/bin/python bench/expert_screen.py compare base.json big.json

`run` takes overrides MODULE.NAME=INTEGER of engine/ai's module constants (expert.WORLDS,
outlook.EXPERT_FUTURES, ...), set before the first game; `--level sharp` gives the parity
line. Shares of shared wins count 1/k; intervals are 95% (normal approximation; the paired
one over the differences).
"""

import argparse
import importlib
import json
import math
import pickle
import sys
import time
from pathlib import Path

# This file is bench/expert_screen.py: run as a script, its folder comes first on sys.path.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import engine  # noqa: E402
from engine.rng import next_u64  # noqa: E402
from engine.rules import winner_indexes  # noqa: E402

PLAYERS = 4  # unless save --players
Saved = list[tuple[int, int, engine.GameState]]  # (game index, AI seed, state)


def play_on(
    state: engine.GameState, level_of: dict[str, engine.Level], ai_seed: int, focal: str
) -> tuple[engine.GameState, list[float]]:
    """The game played to its end, and the focal seat's decision CPU times."""
    times = []
    while state.phase is not engine.Phase.FINISHED:
        player = engine.public_view(state).waiting_for[0]
        view = engine.view_for(state, player)
        started = time.process_time()
        action = engine.choose(view, level_of[player], ai_seed)
        if player == focal:
            times.append(time.process_time() - started)
        result = engine.apply(state, action)
        assert isinstance(result, engine.Accepted), result
        state, _, _ = engine.settle(result.state)
    return state, times


def save(
    path: Path, games: int, stage: int, seed: int, players: int, variant: engine.Variant
) -> None:
    """Games of sharp seats, stopped at the start of `stage`."""
    names = [f"p{seat}" for seat in range(players)]
    saved: Saved = []
    for index in range(games):
        position, deal = next_u64(seed ^ (index * 0x2545F4914F6CDD1D))
        _, ai_seed = next_u64(position)
        state, _, _ = engine.settle(engine.new_game(names, variant, deal))
        while state.stage < stage:
            player = engine.public_view(state).waiting_for[0]
            action = engine.choose(engine.view_for(state, player), engine.Level.SHARP, ai_seed)
            result = engine.apply(state, action)
            assert isinstance(result, engine.Accepted), result
            state, _, _ = engine.settle(result.state)
        saved.append((index, ai_seed, state))
    path.write_bytes(pickle.dumps(saved))


def override(setting: str) -> None:
    """MODULE.NAME=INTEGER: set a module constant of engine/ai."""
    name, _, value = setting.partition("=")
    module, _, constant = name.rpartition(".")
    target = importlib.import_module(f"engine.ai.{module}")
    if not hasattr(target, constant):
        raise SystemExit(f"engine.ai.{module} has no {constant}")
    setattr(target, constant, int(value))


def run(positions: Path, out: Path, level: engine.Level, settings: list[str]) -> None:
    for setting in settings:
        override(setting)
    saved: Saved = pickle.loads(positions.read_bytes())  # our own file
    shares: list[tuple[int, str, float]] = []
    times: list[float] = []
    started = time.time()
    for index, ai_seed, state in saved:
        for focal in state.players:
            level_of = {p: level if p == focal else engine.Level.SHARP for p in state.players}
            final, focal_times = play_on(state, level_of, ai_seed, focal)
            totals = engine.totals(final)
            figures = engine.figures(final)
            winners = winner_indexes([totals[f] for f in figures])
            won = {figures[w]: 1 / len(winners) for w in winners}
            shares.append((index, focal, won.get(focal, 0.0)))
            times.extend(focal_times)
    out.write_text(json.dumps({"settings": settings, "shares": shares}))
    values = [share for _, _, share in shares]
    times.sort()
    p99 = 1000 * times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0
    print(
        f"{out.name}: {interval(values)} n={len(values)} p99 {p99:.0f} ms "
        f"({time.time() - started:.0f} s)"
    )


def interval(values: list[float], signed: bool = False) -> str:
    """Mean ± 95% interval, in percent (points, with a sign, when `signed`)."""
    count = len(values)
    mean = sum(values) / count
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(count - 1, 1))
    half = 196 * spread / math.sqrt(count)
    return f"{100 * mean:+.1f} ± {half:.1f}" if signed else f"{100 * mean:.1f}% ± {half:.1f}"


def compare(base: Path, others: list[Path]) -> None:
    def load(path: Path) -> dict[tuple[int, str], float]:
        return {(i, f): s for i, f, s in json.loads(path.read_text())["shares"]}

    before = load(base)
    for path in others:
        after = load(path)
        keys = sorted(set(before) & set(after))
        differences = [after[key] - before[key] for key in keys]
        mean_after = 100 * sum(after[key] for key in keys) / len(keys)
        mean_before = 100 * sum(before[key] for key in keys) / len(keys)
        print(
            f"{path.name} - {base.name}: {interval(differences, signed=True)} points "
            f"(n={len(keys)}; {mean_after:.1f}% vs {mean_before:.1f}%)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    saving = commands.add_parser("save", help="save sharp games at the start of a stage")
    saving.add_argument("positions", type=Path)
    saving.add_argument("--games", type=int, default=150)
    saving.add_argument("--stage", type=int, default=4)
    saving.add_argument("--seed", type=int, default=7)
    saving.add_argument("--players", type=int, default=PLAYERS)
    saving.add_argument("--variant", default="standard", choices=[v.value for v in engine.Variant])
    running = commands.add_parser("run", help="play the saved games on, each seat focal once")
    running.add_argument("positions", type=Path)
    running.add_argument("out", type=Path)
    running.add_argument("settings", nargs="*", help="MODULE.NAME=INTEGER overrides")
    running.add_argument("--level", default="expert")
    comparing = commands.add_parser("compare", help="paired differences against a base run")
    comparing.add_argument("base", type=Path)
    comparing.add_argument("others", type=Path, nargs="+")
    args = parser.parse_args()
    if args.command == "save":
        variant = engine.Variant(args.variant)
        save(args.positions, args.games, args.stage, args.seed, args.players, variant)
    elif args.command == "run":
        run(args.positions, args.out, engine.Level(args.level), args.settings)
    else:
        compare(args.base, args.others)


if __name__ == "__main__":
    main()
