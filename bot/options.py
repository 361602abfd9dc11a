"""A game's options, as the bot stores them with the game (storage keeps them as opaque JSON)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from bot.storage.records import GameRecord

MIN_PICK_SECONDS = 20
MAX_PICK_SECONDS = 600
DEFAULT_PICK_SECONDS = 90
AI_LEVELS = ("sharp", "expert", "casual")
DEFAULT_AI_LEVEL = "sharp"


class HandsIn(StrEnum):
    """Where the players' hands are: each in their DMs, or each an ephemeral message in the
    game's channel that only its player sees."""

    DM = "dm"
    CHANNEL = "channel"


class Reach(StrEnum):
    """How the bot reaches the game's channel."""

    REST = "rest"
    """A server that invited the bot (or the bot's own DMs): REST reaches the channel."""
    SERVER_BY_CLICKS = "server_by_clicks"
    """A server that never invited the bot, through a player's user install: only the
    players' clicks (their interactions' tokens) reach the channel."""
    PRIVATE_BY_CLICKS = "private_by_clicks"
    """A group DM (or a DM between friends), through a user install: only clicks reach it."""

    @property
    def clicks_only(self) -> bool:
        return self is not Reach.REST

    @property
    def private(self) -> bool:
        return self is Reach.PRIVATE_BY_CLICKS


@dataclass(frozen=True)
class GameOptions:
    """Stored as `dataclasses.asdict` makes them (its enums are strings), read back by `of`."""

    pick_seconds: int = DEFAULT_PICK_SECONDS
    locale: str | None = None
    """The server's language, for the game's public messages."""
    ai_level: str = DEFAULT_AI_LEVEL
    """How the game's AI players play: "sharp", "expert" or "casual"."""
    hands: HandsIn = HandsIn.DM
    ai_seed: int = 0
    """Where the AI players' decisions draw their chances from (never the deal's seed: an AI
    that knew it could work out the others' hands)."""
    guild_name: str | None = None
    channel_name: str | None = None
    """Where the game was opened, as named then: what a DM says when the process drawing it
    does not hold the server's shard (its cache has no name for it)."""
    reach: Reach = Reach.REST
    """Only clicks reach the channel (a user install): the hands are there, never in DMs."""
    table: bool = False
    """The game was opened while the bot served the table (its Activity): its public
    messages offer Open the table."""
    practice: bool = False
    """A practice game (bot/learn), in its learner's DMs: nobody's record, no standings count it."""

    @classmethod
    def of(cls, record: GameRecord) -> GameOptions:
        return stored_options(record.options_json)

    @classmethod
    def from_dict(cls, options: Mapping[str, object]) -> GameOptions:
        """As stored (unknown or missing values read as their defaults)."""
        level = str(options.get("ai_level", DEFAULT_AI_LEVEL))
        return cls(
            pick_seconds=_whole(options.get("pick_seconds"), DEFAULT_PICK_SECONDS),
            locale=_text(options.get("locale")),
            ai_level=level if level in AI_LEVELS else DEFAULT_AI_LEVEL,
            hands=HandsIn.CHANNEL if options.get("hands") == HandsIn.CHANNEL else HandsIn.DM,
            ai_seed=_whole(options.get("ai_seed"), 0),
            guild_name=_text(options.get("guild_name")),
            channel_name=_text(options.get("channel_name")),
            reach=_reach(options.get("reach")),
            table=options.get("table") is True,
            practice=options.get("practice") is True,
        )


@lru_cache(maxsize=1024)
def stored_options(options_json: str) -> GameOptions:
    """Options as stored, read once per text (each record of a game carries the same)."""
    return GameOptions.from_dict(json.loads(options_json) or {})


def _reach(value: object) -> Reach:
    return next((reach for reach in Reach if reach.value == value), Reach.REST)


def _whole(value: object, default: int) -> int:
    return value if isinstance(value, int) else default


def _text(value: object) -> str | None:
    return str(value) if value is not None else None
