"""Runs a part of the suite (the end-to-end tests by default) several times in a row and counts
what failed, so that a test that fails one run in ten shows before CI meets it.

    python -m tests.soak --runs 20                # make soak-tests N=20
    python -m tests.soak --runs 10 --hogs 2       # with two busy processes beside it (HOG=2)

Each run is a whole pytest process (two xdist workers, as `make test` runs them); its JUnit
report names the tests that failed. The summary prints the runs, the failed runs and each
failing test with the runs it failed in; the exit status is 1 when any run failed. A hog is a
process that only burns CPU until the soak ends: a loaded machine changes the order in which
things happen, which is what a race needs to show.
"""

from __future__ import annotations

import argparse
import multiprocessing
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from pathlib import Path

DEFAULT_TARGET = "tests/e2e"


def burn() -> None:
    """A hog: busy until it is terminated."""
    while True:
        pass


def failures(report: Path) -> list[str]:
    """The ids (file::name) of the tests a JUnit report says failed or erred."""
    if not report.exists():
        return ["(no report: pytest did not finish)"]
    failed: list[str] = []
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            path = case.get("classname", "").replace(".", "/")
            failed.append(f"{path}.py::{case.get('name')}")
    return failed


def run_once(target: str, workers: int, report: Path, log: Path) -> tuple[int, float]:
    command = [sys.executable, "-m", "pytest", target, f"--junitxml={report}", "-q"]
    if workers > 0:
        command += ["-n", str(workers), "--dist", "worksteal"]
    started = time.monotonic()
    with log.open("w") as output:
        status = subprocess.run(command, stdout=output, stderr=subprocess.STDOUT, check=False)
    return status.returncode, time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--hogs", type=int, default=0, help="busy processes beside the runs")
    parser.add_argument("--workers", type=int, default=2, help="xdist workers (0: none)")
    parser.add_argument("--target", default=DEFAULT_TARGET, help="what pytest runs")
    parser.add_argument("--logs", type=Path, help="keep each run's output here")
    arguments = parser.parse_args()
    logs = arguments.logs or Path(tempfile.mkdtemp(prefix="whyfirst-soak-"))
    logs.mkdir(parents=True, exist_ok=True)
    hogs = [multiprocessing.Process(target=burn, daemon=True) for _ in range(arguments.hogs)]
    for hog in hogs:
        hog.start()
    failed_in: dict[str, list[int]] = defaultdict(list)
    failed_runs = 0
    try:
        for run in range(1, arguments.runs + 1):
            report, log = logs / f"run-{run}.xml", logs / f"run-{run}.log"
            status, seconds = run_once(arguments.target, arguments.workers, report, log)
            # A test that failed and then erred at teardown is one failure of the run.
            failed = list(dict.fromkeys(failures(report))) if status != 0 else []
            if status != 0 and not failed:
                failed = [f"(pytest exited {status})"]
            for test in failed:
                failed_in[test].append(run)
            failed_runs += bool(failed)
            verdict = "passed" if not failed else "FAILED: " + ", ".join(failed)
            print(f"run {run}/{arguments.runs}: {seconds:.0f} s, {verdict}", flush=True)
    finally:
        for hog in hogs:
            hog.terminate()
    beside = f"{arguments.hogs} hogs beside them"
    print(f"\n{arguments.runs} runs of {arguments.target}, {beside}: {failed_runs} failed")
    print(f"each run's output: {logs}")
    for test, runs in sorted(failed_in.items()):
        print(f"  {test}: failed in run {', '.join(map(str, runs))}")
    return 1 if failed_runs else 0


if __name__ == "__main__":
    sys.exit(main())
