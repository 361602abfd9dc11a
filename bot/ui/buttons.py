"""Every button of the bot as its message shows it. The custom id carries ids only, so a button
keeps working after a restart: a click is routed by its custom id alone to the handler bound
when the rooms were built (bot/ui/clicks.py), never through the view it was sent with.

A drawn button is not dispatchable: discord.py keeps the view of a sent message whose items
are. So sending a message keeps nothing, and its view is taken apart once sent
(bot/ui/views.py).
"""

from __future__ import annotations

import discord

from bot.ui import custom_ids as ids


class Drawn(discord.ui.Button[discord.ui.View]):
    def __init__(
        self,
        custom_id: str,
        label: str,
        style: discord.ButtonStyle,
        *,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        super().__init__(
            label=label[:80], style=style, custom_id=custom_id, disabled=disabled, row=row
        )

    def is_dispatchable(self) -> bool:
        return False


class LobbyButton(Drawn):
    def __init__(
        self,
        action: str,
        game_id: int,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int = 0,
    ) -> None:
        super().__init__(ids.lobby_id(action, game_id), label or action, style, row=row)


class CardButton(Drawn):
    def __init__(
        self,
        hand: ids.HandOf,
        card: int,
        label: str = "card",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        custom_id = ids.card_id(hand.game_id, hand.owner_id, hand.turn, card)
        super().__init__(custom_id, label, style, disabled=disabled, row=0)


class PickButton(Drawn):
    def __init__(
        self,
        hand: ids.HandOf,
        card: int,
        target: str,
        label: str = "target",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        custom_id = ids.pick_id(hand.game_id, hand.owner_id, hand.turn, card, target)
        super().__init__(custom_id, label, style, row=row)


class MoveButton(Drawn):
    def __init__(
        self,
        game_id: int,
        turn: ids.Turn,
        target: str,
        label: str = "figure",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        row: int | None = None,
    ) -> None:
        super().__init__(ids.move_id(game_id, turn, target), label, style, row=row)


class ShowHandButton(Drawn):
    def __init__(self, game_id: int, label: str = "Show my hand", row: int | None = None) -> None:
        super().__init__(ids.hand_id(game_id), label, discord.ButtonStyle.secondary, row=row)


class RematchButton(Drawn):
    def __init__(self, game_id: int, label: str = "Rematch") -> None:
        super().__init__(ids.rematch_id(game_id), label, discord.ButtonStyle.success, row=0)


class TableButton(Drawn):
    """Open the table: the game as a Discord Activity, beside the conversation."""

    def __init__(self, game_id: int, label: str, row: int | None = None) -> None:
        super().__init__(ids.table_id(game_id), label, discord.ButtonStyle.primary, row=row)


class PrivacyButton(Drawn):
    """On the answer to /whyfirst privacy: Export, Erase; then Erase everything. On the
    answer to /whyfirst forget-server: Forget this server."""

    def __init__(self, action: str, label: str) -> None:
        final = action in ("erase_confirmed", "forget_server")
        style = discord.ButtonStyle.danger if final else discord.ButtonStyle.secondary
        super().__init__(ids.privacy_id(action), label, style)


class PageButton(Drawn):
    def __init__(
        self, metric: str, period: str, page: int, label: str = "page", disabled: bool = False
    ) -> None:
        custom_id = ids.board_id(metric, period, page)
        super().__init__(custom_id, label, discord.ButtonStyle.secondary, disabled=disabled, row=0)
