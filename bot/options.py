"""A game's options, as the bot stores them with the game (storage keeps them as opaque JSON)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage import GameRecord

MIN_PICK_SECONDS = 20
MAX_PICK_SECONDS = 600
DEFAULT_PICK_SECONDS = 90


@dataclass(frozen=True)
class GameOptions:
    pick_seconds: int = DEFAULT_PICK_SECONDS
    locale: str | None = None
    """The server's language, for the game's public messages."""

    @classmethod
    def of(cls, record: GameRecord) -> GameOptions:
        options = record.options or {}
        locale = options.get("locale")
        return cls(
            pick_seconds=int(options.get("pick_seconds", DEFAULT_PICK_SECONDS)),
            locale=str(locale) if locale is not None else None,
        )

    def to_dict(self) -> dict[str, object]:
        return {"pick_seconds": self.pick_seconds, "locale": self.locale}
