"""What play/ asks of whoever shows the game to the players (bot/announce implements it)."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.play.transition import Change
from bot.storage import GameRecord, PlayerId


class Announcing(Protocol):
    def show(self, change: Change) -> None:
        """Show a committed change; each game's changes are shown in commit order."""

    async def remind(self, record: GameRecord, missing: tuple[PlayerId, ...]) -> None:
        """Tell the players still awaited that half their time is gone."""

    def answer_through(
        self, game_id: int, player: PlayerId, interaction: discord.Interaction
    ) -> None:
        """The player's click on their own controls (or their Show my hand) was
        acknowledged: their controls are redrawn through it while it is fresh, and, in the
        game's channel, what the game posts next may be its follow-up."""

    def seat_through(
        self, game_id: int, player: PlayerId, interaction: discord.Interaction
    ) -> None:
        """The player's own click in the game's channel that is not on their hand (their
        /whyfirst start, Join, Start) was acknowledged: a game with its hands in the channel
        sends them their next new hand as its ephemeral follow-up."""

    def post_through(self, game_id: int, actor_id: int, interaction: discord.Interaction) -> None:
        """A click in the channel (Start, a tactical move) was acknowledged: the public
        message its change brings is the click's follow-up."""
