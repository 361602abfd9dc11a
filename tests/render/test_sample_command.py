"""`python -m bot.render`: the README's sample picture, run as a developer would run it."""

import subprocess
import sys
from pathlib import Path

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.render", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_help_explains_the_command_and_writes_no_file(tmp_path: Path) -> None:
    done = run("--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: python -m bot.render")
    assert "default: track.png" in done.stdout
    assert list(tmp_path.iterdir()) == []


def test_the_picture_goes_to_the_path_given_or_to_track_png(tmp_path: Path) -> None:
    done = run("sample.png", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "sample.png").read_bytes().startswith(PNG_SIGNATURE)
    assert done.stdout.startswith("sample.png: ")
    assert "Emil on 16" in done.stdout  # the alt text, positions in words
    done = run(cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "track.png").read_bytes().startswith(PNG_SIGNATURE)


def test_an_unknown_option_or_unwritable_path_is_an_error_not_a_file(tmp_path: Path) -> None:
    done = run("--width", "900", cwd=tmp_path)
    assert done.returncode == 2
    assert "unrecognized arguments: --width" in done.stderr
    done = run(str(tmp_path / "missing" / "track.png"), cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.startswith("cannot write ")
    assert list(tmp_path.iterdir()) == []
