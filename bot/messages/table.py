"""How the players of one game are named on screen: display names, mentions, card labels."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import engine
from bot.i18n import t
from bot.options import GameOptions
from bot.storage import GameRecord


@dataclass(frozen=True)
class Table:
    """The seated players of a game, in seat order, with their display names."""

    game_id: int
    guild_id: int
    channel_id: int
    players: tuple[str, ...]
    names: dict[str, str]
    locale: str | None = None  # the server's language, for public messages

    @classmethod
    def of(cls, record: GameRecord) -> Table:
        seats = sorted(record.seats, key=lambda seat: seat.seat)
        return cls(
            game_id=record.id,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            players=tuple(str(seat.user_id) for seat in seats),
            names={str(seat.user_id): seat.display_name for seat in seats},
            locale=GameOptions.of(record).locale,
        )

    def name(self, figure: str) -> str:
        if figure == engine.LEO:
            return engine.LEO
        return self.names.get(figure, figure)

    def mention(self, figure: str) -> str:
        """A mention for a player (a name without ping unless allowed), `Leo` for Leo."""
        if figure == engine.LEO:
            return engine.LEO
        return f"<@{figure}>"

    def mentions(self, figures: Iterable[str]) -> str:
        return ", ".join(self.mention(figure) for figure in figures)

    def target_label(self, figure: str, viewer: str, locale: str | None) -> str:
        if figure == viewer:
            return t("hand.target_you", locale, name=self.name(figure))
        return self.name(figure)


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def card_label(number: int, variant: engine.Variant) -> str:
    """`+3` in the standard game; `+3 · #25` in the tactical one, where numbers set the order."""
    value = engine.card(number).value
    if variant == engine.Variant.TACTICAL:
        return f"{signed(value)} · #{number}"
    return signed(value)
