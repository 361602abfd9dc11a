"""The schema's history: numbered SQL files, one list per database.

`migrations/NNNN_name.sql` serves both databases, unless a file with the same name in
`migrations/postgresql/` (or `migrations/sqlite/`) replaces it for that one. Each database's
list is numbered 0001, 0002… without gaps, and both lists end at the same version (a test
checks it). How each database applies them: sqlite_migrations.py, postgres_migrations.py."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from bot.storage.errors import StorageError

DEFAULT_MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"
DIALECTS = ("sqlite", "postgresql")
_FILE_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def discover(migrations_dir: Path, dialect: str) -> tuple[Migration, ...]:
    """The dialect's migrations, checked to be numbered 1, 2, 3… without gaps."""
    if dialect not in DIALECTS:
        raise ValueError(f"unknown dialect {dialect!r}")
    chosen = _numbered(migrations_dir)
    for version, path in _numbered(migrations_dir / dialect).items():
        shared = chosen.get(version)
        if shared is not None and shared.name != path.name:
            raise StorageError(
                f"migration {path} replaces {shared} for {dialect}, so it must have the same name"
            )
        chosen[version] = path
    migrations = [
        Migration(version, path.name, path.read_text(encoding="utf-8"))
        for version, path in sorted(chosen.items())
    ]
    for expected, migration in enumerate(migrations, start=1):
        if migration.version != expected:
            raise StorageError(
                f"{dialect} migrations in {migrations_dir} must be numbered from 0001 without "
                f"gaps; found {migration.name} where {expected:04d} was expected"
            )
    return tuple(migrations)


def _numbered(folder: Path) -> dict[int, Path]:
    files: dict[int, Path] = {}
    for path in sorted(folder.glob("*.sql")):
        match = _FILE_NAME.match(path.name)
        if match is None:
            raise StorageError(f"migration file {path} is not named NNNN_name.sql")
        version = int(match[1])
        if version in files:
            raise StorageError(f"migrations {files[version]} and {path} share a number")
        files[version] = path
    return files


def newer_schema(database: str, version: int, latest: int) -> StorageError:
    return StorageError(
        f"database {database} has schema version {version} but this bot only knows up to "
        f"{latest}: it was written by a newer release. Run that release, or restore a "
        "backup; the database was left untouched."
    )
