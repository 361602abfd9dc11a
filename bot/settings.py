"""The bot's settings, read from the environment (and `.env`), validated once at start-up."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")


class SettingsError(ValueError):
    """A setting is missing or malformed; the message is one sentence for the operator."""


@dataclass(frozen=True)
class Settings:
    token: str
    database: str = "whyfirst.sqlite3"
    dev_guild: int | None = None
    api_base: str | None = None
    gateway_url: str | None = None
    log_level: str = "INFO"
    time_scale: float = 1.0
    seed: int | None = None
    """Tests and the demo only: games are dealt from this seed, in the order lobbies open."""

    def seconds(self, seconds: float) -> float:
        """A duration of the game's clock in real seconds (tests speed the clock up)."""
        return seconds * self.time_scale


def _optional(environ: Mapping[str, str], name: str) -> str | None:
    value = environ.get(name, "").strip()
    return value or None


def load_settings(environ: Mapping[str, str] | None = None) -> Settings:
    """Settings from `environ` (default: the process environment over `.env`)."""
    if environ is None:
        environ = read_environment()
    token = _optional(environ, "DISCORD_TOKEN")
    if token is None:
        raise SettingsError(
            "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot's token "
            "from the Discord Developer Portal (Bot tab) in it."
        )
    dev_guild_text = _optional(environ, "WHYFIRST_DEV_GUILD")
    dev_guild: int | None = None
    if dev_guild_text is not None:
        if not dev_guild_text.isdigit():
            raise SettingsError(
                f"WHYFIRST_DEV_GUILD must be a server id (digits only), not {dev_guild_text!r}."
            )
        dev_guild = int(dev_guild_text)
    log_level = (_optional(environ, "LOG_LEVEL") or "INFO").upper()
    if log_level not in LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {log_level!r}.")
    scale_text = _optional(environ, "WHYFIRST_TIME_SCALE") or "1.0"
    try:
        time_scale = float(scale_text)
    except ValueError:
        time_scale = -1.0
    if not time_scale > 0:
        raise SettingsError(f"WHYFIRST_TIME_SCALE must be a positive number, not {scale_text!r}.")
    seed_text = _optional(environ, "WHYFIRST_SEED")
    seed: int | None = None
    if seed_text is not None:
        try:
            seed = int(seed_text)
        except ValueError:
            raise SettingsError(
                f"WHYFIRST_SEED must be a whole number, not {seed_text!r}."
            ) from None
    return Settings(
        token=token,
        database=_optional(environ, "WHYFIRST_DATABASE") or "whyfirst.sqlite3",
        dev_guild=dev_guild,
        api_base=(_optional(environ, "DISCORD_API_BASE") or "").rstrip("/") or None,
        gateway_url=_optional(environ, "DISCORD_GATEWAY_URL"),
        log_level=log_level,
        time_scale=time_scale,
        seed=seed,
    )


def read_environment(env_file: Path = Path(".env")) -> dict[str, str]:
    """The process environment, with `.env` filling in what the environment does not set."""
    merged = {key: value for key, value in dotenv_values(env_file).items() if value is not None}
    merged.update(os.environ)
    return merged
