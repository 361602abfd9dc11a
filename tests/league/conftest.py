"""The league's tables are tested on both databases, as every storage test is."""

from tests.storage.conftest import database, db_path, storage

__all__ = ["database", "db_path", "storage"]
