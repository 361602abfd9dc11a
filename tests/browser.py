"""Debian's headless Chromium, as the browser tests drive it through Playwright."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ARTEFACTS = Path(os.environ.get("WHYFIRST_TEST_ARTEFACTS", "build/test-artefacts"))
# As root, Chromium runs only without its sandbox; this machine's network is closed, and
# Chromium's background connections would only fail.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium() -> str:
    """Chromium's path; without it the test is skipped, except under CI=true."""
    found = shutil.which("chromium")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true, but Debian's chromium package is not installed")
        pytest.skip("headless Chromium is not installed (Debian's package: chromium)")
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    return found
