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


def test_a_card_given_as_a_decimal_number_is_named_as_such(records: list[str]) -> None:
    record = json.loads(records[0])
    play = record["stages"][0]["rounds"][0][0]
    play["card"] = float(play["card"])
    done = run("replay", "-", stdin=json.dumps(record))
    assert done.returncode == 2
    assert "already played" not in done.stderr
    assert done.stderr.endswith("is not a card number: card numbers are whole numbers 1 to 32\n")
    assert f"{play['card']!r}" in done.stderr


def test_a_jsonl_file_without_jsonl_is_told_to_add_it(records: list[str], tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(records) + "\n")
    done = run("replay", str(path))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("record: not valid JSON (Extra data: line 2")
    assert "one record per line: replay it with --jsonl" in done.stderr
    assert run("replay", "--jsonl", str(path)).returncode == 0


def test_extra_data_that_is_not_one_record_per_line_gets_no_jsonl_hint() -> None:
    done = run("replay", "-", stdin='{"variant": "standard"} {"variant": "standard"}\n')
    assert done.returncode == 2
    assert "Extra data" in done.stderr
    assert "--jsonl" not in done.stderr


def test_a_bot_record_shows_display_names_and_ai_seats(records: list[str]) -> None:
    record = json.loads(records[0])
    record["names"] = {"P1": "Anne", "P2": "Ben", "P3": "Chloé"}
    record["ai"] = {"P3": "casual"}
    done = run("replay", "-", stdin=json.dumps(record))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["names"] == {"P1": "Anne", "P2": "Ben", "P3": "Chloé"}
    assert result["ai"] == {"P3": "casual"}
    assert set(result["totals"]) == {"P1", "P2", "P3"}
    assert all(winner in result["names"] for winner in result["winners"])


def test_the_replay_help_describes_the_output() -> None:
    done = run("replay", "--help")
    assert done.returncode == 0
    for words in ('"names"', '"ai"', "--jsonl", "player ids", '"winners"'):
        assert words in done.stdout
