"""How one setting's value is read from the environment, and refused in one sentence."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime


class SettingsError(ValueError):
    """A setting is missing or malformed; the message is one sentence for the operator."""


def text_of(environ: Mapping[str, str], name: str) -> str | None:
    return environ.get(name, "").strip() or None


def moment_of(environ: Mapping[str, str], name: str) -> datetime | None:
    text = text_of(environ, name)
    if text is None:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise SettingsError(
            f"{name} must be a time with its UTC offset (2026-12-31T23:00:00+00:00), not {text!r}."
        )
    return moment


def count_of(environ: Mapping[str, str], name: str, default: int) -> int:
    text = text_of(environ, name)
    if text is None:
        return default
    if not text.isdigit():
        raise SettingsError(f"{name} must be a whole number (0 or more), not {text!r}.")
    return int(text)


def days_of(environ: Mapping[str, str], name: str, default: float) -> float:
    text = text_of(environ, name)
    if text is None:
        return default
    try:
        days = float(text)
    except ValueError:
        days = -1.0
    if not days >= 0:
        raise SettingsError(f"{name} must be a number of days (0 or more), not {text!r}.")
    return days


def whole_of(environ: Mapping[str, str], name: str) -> int | None:
    text = text_of(environ, name)
    if text is None:
        return None
    if not text.isdigit():
        raise SettingsError(f"{name} must be a whole number, not {text!r}.")
    return int(text)


def port_of(environ: Mapping[str, str], name: str) -> int | None:
    port = whole_of(environ, name)
    if port is not None and not 1 <= port <= 65535:
        raise SettingsError(f"{name} must be a port number (1-65535), not {port}.")
    return port
