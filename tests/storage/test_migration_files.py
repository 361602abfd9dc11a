"""The migration files: one list per database, shared files unless a database replaces one."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage import DEFAULT_MIGRATIONS_DIR, StorageError
from bot.storage.migrations import DIALECTS, discover

from .helpers import migrations_dir


def test_both_databases_have_the_same_migrations() -> None:
    lists = {dialect: discover(DEFAULT_MIGRATIONS_DIR, dialect) for dialect in DIALECTS}
    names = {dialect: [m.name for m in found] for dialect, found in lists.items()}
    assert names["sqlite"] == names["postgresql"]
    assert [m.version for m in lists["sqlite"]] == list(range(1, len(lists["sqlite"]) + 1))


def test_a_shared_file_serves_both_and_an_override_replaces_it_for_one(tmp_path: Path) -> None:
    latest = len(discover(DEFAULT_MIGRATIONS_DIR, "sqlite"))
    name = f"{latest + 1:04d}_user_locales.sql"
    folder = migrations_dir(
        tmp_path,
        latest,
        {name: "-- shared\n", f"postgresql/{name}": "-- postgresql\n"},
    )
    assert discover(folder, "sqlite")[-1].sql == "-- shared\n"
    assert discover(folder, "postgresql")[-1].sql == "-- postgresql\n"


def test_an_override_must_keep_the_shared_name(tmp_path: Path) -> None:
    latest = len(discover(DEFAULT_MIGRATIONS_DIR, "sqlite"))
    folder = migrations_dir(
        tmp_path,
        latest,
        {
            f"{latest + 1:04d}_locales.sql": "SELECT 1;",
            f"postgresql/{latest + 1:04d}_languages.sql": "SELECT 1;",
        },
    )
    with pytest.raises(StorageError, match="same name"):
        discover(folder, "postgresql")


def test_a_gap_in_one_databases_list_is_refused(tmp_path: Path) -> None:
    latest = len(discover(DEFAULT_MIGRATIONS_DIR, "sqlite"))
    folder = migrations_dir(
        tmp_path, latest, {f"postgresql/{latest + 2:04d}_later.sql": "SELECT 1;"}
    )
    assert len(discover(folder, "sqlite")) == latest
    with pytest.raises(StorageError, match=r"postgresql migrations .* without gaps"):
        discover(folder, "postgresql")
