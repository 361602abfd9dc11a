"""What play/ asks of whoever shows the game to the players (bot/announce implements it)."""

from __future__ import annotations

from enum import Enum
from typing import Protocol

import discord

from bot.play.transition import Change
from bot.storage import GameRecord, JsonObject, PlayerId


class Clicked(Enum):
    """What a player clicked (or typed), which decides what its token may carry."""

    HAND = "hand"
    """Their own controls: a DM or ephemeral hand, or Show my hand."""
    LOBBY = "lobby"
    """The lobby: their /whyfirst start, or Join."""
    START = "start"
    """The lobby's Start."""
    ROUND = "round"
    """The round message: a tactical move."""


class Announcing(Protocol):
    def show(self, change: Change) -> None:
        """Show a committed change; each game's changes are shown in commit order."""

    async def remind(self, record: GameRecord, missing: tuple[PlayerId, ...]) -> None:
        """Tell the players still awaited that half their time is gone."""

    def note_click(
        self, game_id: int, player: PlayerId, interaction: discord.Interaction, clicked: Clicked
    ) -> None:
        """The player's click was acknowledged: while it is fresh, its token carries what
        the game shows them next (their controls redrawn, their first hand in the channel)
        and, in the game's channel, the public message its change brings."""

    def hand_click(self, game_id: int, player: PlayerId) -> JsonObject | None:
        """Their latest answered click on their ephemeral hand, to log with a change that
        their click answers only once it is stored."""
