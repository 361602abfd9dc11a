"""The bot's settings, read from the environment (and `.env`), validated once at start-up."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit

from dotenv import dotenv_values

from bot.setting_values import (
    SettingsError,
    count_of,
    days_of,
    moment_of,
    port_of,
    text_of,
    whole_of,
)
from bot.storage.postgres import is_postgresql_url

LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
TOKEN_REJECTED = (
    "Discord rejected DISCORD_TOKEN: copy the bot's token again from the Developer Portal "
    "(Bot tab, Reset Token) into .env."
)


@dataclass(frozen=True)
class ActivityCredentials:
    client_id: int
    """The application's id (the Developer Portal's OAuth2 Client ID)."""
    client_secret: str = field(repr=False)


@dataclass(frozen=True)
class Settings:
    token: str
    database: str = "whyfirst.sqlite3"
    dev_guild: int | None = None
    api_base: str | None = None
    gateway_url: str | None = None
    log_level: str = "INFO"
    time_scale: float = 1.0
    """How fast the game's clock runs (bot/clock.py); tests and the demo speed it up."""
    seed: int | None = None
    """Tests and the demo only: games are dealt from this seed, in the order lobbies open."""
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    """The shards this process holds (of `shard_count`); None: all, Discord's count."""
    metrics_port: int | None = None
    """/healthz and /metrics on this port; None: no HTTP server."""
    forget_servers_after_days: float = 30.0
    """How long a server that removed the bot keeps its games and standings (in days of the
    game's clock), in case the bot comes back."""
    keep_action_logs_days: float | None = None
    """How long closed games keep their action logs; None: forever."""
    rating_min_games: int = 3
    """Rated games a person needs to be listed on the rating leaderboard."""
    clock_start: datetime | None = None
    """Tests and the demo only: the wall clock starts at this time (and runs at real speed)."""
    web_port: int | None = None
    """The replay and standings pages (bot/web) on this port; None: no web pages."""
    public_url: str | None = None
    """Where players reach the web pages ("https://whyfirst.example.org"), no trailing slash."""
    activity: ActivityCredentials | None = None
    """The application's OAuth2 client, with which the table (an Activity) signs players in;
    None: no table."""

    @property
    def process_name(self) -> str:
        """How this process is known to the others sharing the database: by its shards, so
        that a restarted process takes its own games back at once."""
        if self.shard_ids is None:
            return "main"
        return "shards " + ",".join(map(str, self.shard_ids)) + f" of {self.shard_count}"


def load_settings(environ: Mapping[str, str] | None = None) -> Settings:
    """Settings from `environ` (default: the process environment over `.env`)."""
    if environ is None:
        environ = read_environment()
    token = text_of(environ, "DISCORD_TOKEN")
    if token is None:
        raise SettingsError(
            "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot's token "
            "from the Discord Developer Portal (Bot tab) in it."
        )
    dev_guild_text = text_of(environ, "WHYFIRST_DEV_GUILD")
    dev_guild: int | None = None
    if dev_guild_text is not None:
        if not dev_guild_text.isdigit():
            raise SettingsError(
                f"WHYFIRST_DEV_GUILD must be a server id (digits only), not {dev_guild_text!r}."
            )
        dev_guild = int(dev_guild_text)
    log_level = (text_of(environ, "LOG_LEVEL") or "INFO").upper()
    if log_level not in LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {log_level!r}.")
    scale_text = text_of(environ, "WHYFIRST_TIME_SCALE") or "1.0"
    try:
        time_scale = float(scale_text)
    except ValueError:
        time_scale = -1.0
    if not time_scale > 0:
        raise SettingsError(f"WHYFIRST_TIME_SCALE must be a positive number, not {scale_text!r}.")
    seed_text = text_of(environ, "WHYFIRST_SEED")
    seed: int | None = None
    if seed_text is not None:
        try:
            seed = int(seed_text)
        except ValueError:
            raise SettingsError(
                f"WHYFIRST_SEED must be a whole number, not {seed_text!r}."
            ) from None
    shard_count, shard_ids = _shards(environ)
    return Settings(
        token=token,
        database=_database(environ),
        dev_guild=dev_guild,
        api_base=_address(environ, "DISCORD_API_BASE", "https://proxy.example.org/api/v10"),
        gateway_url=_address(environ, "DISCORD_GATEWAY_URL", "wss://gateway.example.org"),
        log_level=log_level,
        time_scale=time_scale,
        seed=seed,
        shard_count=shard_count,
        shard_ids=shard_ids,
        metrics_port=port_of(environ, "WHYFIRST_METRICS_PORT"),
        forget_servers_after_days=days_of(environ, "WHYFIRST_FORGET_SERVERS_AFTER_DAYS", 30.0),
        keep_action_logs_days=(
            None
            if text_of(environ, "WHYFIRST_KEEP_ACTION_LOGS_DAYS") is None
            else days_of(environ, "WHYFIRST_KEEP_ACTION_LOGS_DAYS", 0.0)
        ),
        rating_min_games=count_of(environ, "WHYFIRST_RATING_MIN_GAMES", 3),
        clock_start=moment_of(environ, "WHYFIRST_CLOCK_START"),
        web_port=port_of(environ, "WHYFIRST_WEB_PORT"),
        public_url=_public_url(environ),
        activity=_activity(environ),
    )


def _database(environ: Mapping[str, str]) -> str:
    database = text_of(environ, "WHYFIRST_DATABASE") or "whyfirst.sqlite3"
    if "://" in database and not is_postgresql_url(database):
        scheme = database.split("://", 1)[0]
        raise SettingsError(
            f"WHYFIRST_DATABASE must be an SQLite file's path or a PostgreSQL URL "
            f"(postgresql://user:password@host:5432/whyfirst), not {database!r}: "
            f"{scheme}:// is not a database the bot knows."
        )
    return database


def _address(environ: Mapping[str, str], name: str, example: str) -> str | None:
    """A URL setting, of the example's scheme (or its unencrypted twin), checked before
    anything tries to reach it."""
    secure = example.split("://", 1)[0]
    schemes = (secure, secure[:-1])
    text = text_of(environ, name)
    if text is None:
        return None
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 (raises ValueError for a port that is not a number)
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in schemes or not parts.hostname or " " in text:
        raise SettingsError(
            f"{name} must be a {' or '.join(s + '://' for s in schemes)} address ({example}), "
            f"not {text!r}; leave it empty to reach Discord itself."
        )
    return text.rstrip("/")


def _public_url(environ: Mapping[str, str]) -> str | None:
    url = text_of(environ, "WHYFIRST_PUBLIC_URL")
    served = text_of(environ, "WHYFIRST_WEB_PORT") is not None
    if url is None:
        if served:
            raise SettingsError(
                "WHYFIRST_PUBLIC_URL must be set with WHYFIRST_WEB_PORT: the address players "
                "reach the web pages at (https://whyfirst.example.org)."
            )
        return None
    if not served:
        raise SettingsError("WHYFIRST_PUBLIC_URL needs WHYFIRST_WEB_PORT, the port to serve on.")
    if not url.startswith(("https://", "http://")) or " " in url:
        raise SettingsError(
            f"WHYFIRST_PUBLIC_URL must be an http(s) address (https://whyfirst.example.org), "
            f"not {url!r}."
        )
    return url.rstrip("/")


def _activity(environ: Mapping[str, str]) -> ActivityCredentials | None:
    client_id = text_of(environ, "DISCORD_CLIENT_ID")
    secret = text_of(environ, "DISCORD_CLIENT_SECRET")
    if client_id is None and secret is None:
        return None
    if client_id is None or secret is None:
        raise SettingsError(
            "DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET go together: set both (Developer "
            "Portal, OAuth2: Client ID and Client Secret) to open the table, or neither."
        )
    if text_of(environ, "WHYFIRST_WEB_PORT") is None:
        raise SettingsError(
            "DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET open the table, a web page: set "
            "WHYFIRST_WEB_PORT and WHYFIRST_PUBLIC_URL too, or leave the two empty."
        )
    if not (client_id.isascii() and client_id.isdigit()):
        raise SettingsError(
            f"DISCORD_CLIENT_ID must be the application's id (digits only, Developer Portal, "
            f"OAuth2: Client ID), not {client_id!r}."
        )
    return ActivityCredentials(int(client_id), secret)


def _shards(environ: Mapping[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    count = whole_of(environ, "WHYFIRST_SHARD_COUNT")
    ids_text = text_of(environ, "WHYFIRST_SHARD_IDS")
    if count is None and ids_text is None:
        return None, None
    if count is None or count < 1:
        raise SettingsError("WHYFIRST_SHARD_COUNT must be set (1 or more) with WHYFIRST_SHARD_IDS.")
    if ids_text is None:
        return count, tuple(range(count))
    try:
        ids = tuple(sorted({int(part) for part in ids_text.split(",")}))
    except ValueError:
        raise SettingsError(
            f"WHYFIRST_SHARD_IDS must be shard numbers separated by commas, not {ids_text!r}."
        ) from None
    if not ids or not all(0 <= shard < count for shard in ids):
        raise SettingsError(
            f"WHYFIRST_SHARD_IDS must be numbers from 0 to {count - 1}, not {ids_text!r}."
        )
    return count, ids


def read_environment(env_file: Path = Path(".env")) -> dict[str, str]:
    """The process environment, with `.env` filling in what the environment does not set."""
    merged = {key: value for key, value in dotenv_values(env_file).items() if value is not None}
    merged.update(os.environ)
    return merged
