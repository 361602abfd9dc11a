"""The system programs some tests need besides Python (Debian's packages): where one is
missing, its tests are skipped with the reason, except under CI=true, where they fail."""

from __future__ import annotations

import os
import shutil

import pytest


def program(name: str, debian_package: str, what: str) -> str:
    """The path of `name`; `what` says what its tests cannot do without it."""
    found = shutil.which(name)
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true, but Debian's {debian_package} package is not installed")
        pytest.skip(f"{name} is not installed (Debian's package: {debian_package}): {what}")
    return found
