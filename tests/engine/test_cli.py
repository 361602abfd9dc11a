"""`python -m engine replay|simulate`, run as a user would run it."""

import json
import subprocess
import sys
from pathlib import Path

import pytest


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.fixture(scope="module")
def records() -> list[str]:
    done = run("simulate", "--players", "3", "--games", "4", "--seed", "21", "--records")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 4
    return lines


def test_replay_of_a_file_prints_one_result(records: list[str], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(records[0])
    done = run("replay", str(path))
    assert done.returncode == 0
    assert done.stderr == ""
    result = json.loads(done.stdout)
    assert set(result) == {"stages", "totals", "winners"}
    assert len(result["stages"]) == 5
    assert run("replay", "-", stdin=records[0]).stdout == done.stdout


def test_an_illegal_record_prints_where_and_what_on_stderr_and_exits_2(
    records: list[str],
) -> None:
    record = json.loads(records[1])
    play = record["stages"][2]["rounds"][4][0]
    player = play["player"]
    play["target"] = next(p for p in record["players"] if p != player)
    done = run("replay", "-", stdin=json.dumps(record))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == f"stage 3 round 5: {player}: round 5 must be played on oneself\n"


def test_jsonl_replay_answers_line_by_line_and_exits_2_after_an_error(
    records: list[str],
) -> None:
    done = run("replay", "--jsonl", "-", stdin="\n".join([records[0], "{}", records[2]]) + "\n")
    assert done.returncode == 2
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == 3
    assert "winners" in lines[0]
    assert "winners" in lines[2]
    assert lines[1]["error"].startswith("record: ")
    assert run("replay", "--jsonl", "-", stdin="\n".join(records)).returncode == 0


def test_broken_json_and_missing_files_are_reported_without_a_traceback(tmp_path: Path) -> None:
    done = run("replay", "-", stdin="{not json")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("record: not valid JSON")
    done = run("replay", str(tmp_path / "absent.json"))
    assert done.returncode == 2
    assert done.stderr.startswith("record: cannot read")
    binary = tmp_path / "game.bin"
    binary.write_bytes(b"\xff\xfe\x00")
    done = run("replay", str(binary))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("record: ")


def test_simulate_prints_a_summary_of_winning_totals_seats_and_silent_stages() -> None:
    done = run(
        "simulate", "--players", "2", "--games", "50", "--seed", "3", "--variant", "tactical"
    )
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert "winning total: mean" in text
    assert "seat 1 (P1)" in text
    assert "Leo:" in text
    assert "stages where nobody scores" in text
    again = run(
        "simulate", "--players", "2", "--games", "50", "--seed", "3", "--variant", "tactical"
    )
    assert again.stdout == text


def test_simulated_records_replay_cleanly_in_both_variants() -> None:
    for variant in ("standard", "tactical"):
        made = run(
            "simulate",
            "--players",
            "2",
            "--games",
            "5",
            "--seed",
            "9",
            "--variant",
            variant,
            "--records",
        )
        done = run("replay", "--jsonl", "-", stdin=made.stdout)
        assert done.returncode == 0, done.stdout
        assert len(done.stdout.splitlines()) == 5
