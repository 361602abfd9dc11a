"""What the buttons and slash commands ask of the rest of the bot.

ui/ parses what Discord delivers and hands it on; the rooms that act on it (play/, the
standings) implement these protocols, and bot/client.py gives them to the buttons
(bot/ui/clicks.py) and the commands (bot/ui/commands.py) when it builds the rooms.
"""

from __future__ import annotations

from typing import Protocol

import discord

import engine
from bot.options import HandsIn
from bot.ui.custom_ids import Turn


class LobbyClicks(Protocol):
    async def lobby_button(
        self, interaction: discord.Interaction, action: str, game_id: int
    ) -> None: ...

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None: ...


class HandClicks(Protocol):
    async def card(
        self, interaction: discord.Interaction, game_id: int, owner: int, turn: Turn, card: int
    ) -> None: ...

    async def pick(
        self,
        interaction: discord.Interaction,
        game_id: int,
        owner: int,
        turn: Turn,
        card: int,
        target: str,
    ) -> None: ...

    async def move(
        self, interaction: discord.Interaction, game_id: int, turn: Turn, target: str
    ) -> None: ...

    async def show_hand(self, interaction: discord.Interaction, game_id: int) -> None: ...


class PageClicks(Protocol):
    async def board_page(
        self, interaction: discord.Interaction, metric: str, period: str, page: int
    ) -> None: ...


class PrivacyDesk(Protocol):
    """/whyfirst privacy, and its buttons."""

    async def show_kept(self, interaction: discord.Interaction) -> None: ...

    async def export(self, interaction: discord.Interaction) -> None: ...

    async def ask_to_erase(self, interaction: discord.Interaction) -> None: ...

    async def erase(self, interaction: discord.Interaction) -> None: ...

    async def ask_to_forget_server(self, interaction: discord.Interaction) -> None: ...

    async def forget_server(self, interaction: discord.Interaction) -> None: ...


class LobbyCommands(Protocol):
    async def open_lobby(
        self,
        interaction: discord.Interaction,
        variant: engine.Variant,
        pick_seconds: int,
        ai_level: str,
        hands: HandsIn | None,
    ) -> None: ...


class DefaultsCommands(Protocol):
    async def choose_defaults(self, interaction: discord.Interaction, hands: HandsIn) -> None: ...


class ChannelCommands(Protocol):
    """Commands about the open game of the channel they are typed in."""

    async def show_hand_here(self, interaction: discord.Interaction) -> None: ...

    async def status_here(self, interaction: discord.Interaction) -> None: ...

    async def cancel_here(self, interaction: discord.Interaction) -> None: ...


class StandingsCommands(Protocol):
    async def show_board(
        self, interaction: discord.Interaction, metric: str, period: str
    ) -> None: ...

    async def show_stats(
        self, interaction: discord.Interaction, member: discord.Member | discord.User
    ) -> None: ...


class LanguageCommands(Protocol):
    async def choose_language(self, interaction: discord.Interaction, language: str) -> None: ...


class WebCommands(Protocol):
    """/whyfirst web on|off: a server's standings page."""

    async def turn_on(self, interaction: discord.Interaction) -> None: ...

    async def turn_off(self, interaction: discord.Interaction) -> None: ...
