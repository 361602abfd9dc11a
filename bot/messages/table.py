"""How the players of one game are named on screen: display names, mentions, card labels."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import engine
from bot.i18n import t
from bot.options import GameOptions, HandsIn, Reach
from bot.storage.records import GameRecord, PlayerId


@dataclass(frozen=True)
class Table:
    """The seated players of a game, in seat order, with their display names."""

    game_id: int
    guild_id: int
    channel_id: int
    players: tuple[PlayerId, ...]
    names: dict[PlayerId, str]
    locale: str | None = None  # the server's language, for public messages
    ai: frozenset[PlayerId] = frozenset()
    """The players who are AI players."""
    hands: HandsIn = HandsIn.DM
    guild_name: str | None = None
    channel_name: str | None = None
    """The names the server and channel had when the game was opened."""
    reach: Reach = Reach.REST
    table: bool = False
    """Its public messages offer Open the table (bot/options.py)."""
    practice: bool = False

    @classmethod
    def of(cls, record: GameRecord) -> Table:
        seats = sorted(record.seats, key=lambda seat: seat.seat)
        options = GameOptions.of(record)
        return cls(
            game_id=record.id,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            players=tuple(seat.player for seat in seats),
            names={seat.player: seat.display_name for seat in seats},
            locale=options.locale,
            ai=frozenset(seat.player for seat in seats if seat.is_ai),
            hands=options.hands,
            guild_name=options.guild_name,
            channel_name=options.channel_name,
            reach=options.reach,
            table=options.table,
            practice=options.practice,
        )

    def is_ai(self, figure: str) -> bool:
        return figure in self.ai

    def player(self, figure: str) -> PlayerId | None:
        """The seated player the engine names `figure` (None for Leo)."""
        return next((player for player in self.players if player == figure), None)

    def seated(self, figures: Iterable[str]) -> tuple[PlayerId, ...]:
        """The seated players among the engine's `figures`, in their order (Leo left out)."""
        return tuple(player for player in map(self.player, figures) if player is not None)

    def name(self, figure: str) -> str:
        player = self.player(figure)
        return figure if player is None else self.names.get(player, figure)

    def mention(self, figure: str) -> str:
        """A mention for a player (a name without ping unless allowed); Leo and AI players
        by their names."""
        if figure == engine.LEO or figure in self.ai:
            return self.name(figure)
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
