"""Datetimes in the database: UTC ISO-8601 text of fixed width, so text order is time order."""

from __future__ import annotations

from datetime import UTC, datetime


def to_db(moment: datetime) -> str:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"naive datetime {moment!r}: storage needs timezone-aware times")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def to_db_or_none(moment: datetime | None) -> str | None:
    return None if moment is None else to_db(moment)


def from_db(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def moment_from_db(text: str) -> datetime:
    """A time from a column that is never NULL."""
    return datetime.fromisoformat(text)


def iso_text(moment: datetime | None) -> str | None:
    """A time as ISO-8601 text for a JSON export (as it was given, not normalised to UTC)."""
    return None if moment is None else moment.isoformat()
