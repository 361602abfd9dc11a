"""What /whyfirst start asks for, as one typed request."""

from __future__ import annotations

from dataclasses import dataclass

import engine
from bot.options import GameOptions


@dataclass(frozen=True)
class LobbyRequest:
    """What /whyfirst start asks for. A new game option is a field of GameOptions
    (bot/options.py), an option of the command (bot/lobby/commands.py) and catalog lines."""

    variant: engine.Variant
    options: GameOptions
    server_hands: bool
    """The host left the hands to the server's default."""

    @classmethod
    def plain(cls) -> LobbyRequest:
        """/whyfirst start with none of its options."""
        return cls(engine.Variant.STANDARD, GameOptions(), server_hands=True)
