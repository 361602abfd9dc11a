"""The project's tests."""

from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
"""The repository's root folder (this file is tests/__init__.py)."""
