"""Every button of the bot as its message shows it. The custom id carries ids only, so a button
keeps working after a restart: a click is routed by its custom id alone to the handler bound
when the rooms were built (bot/ui/clicks.py), never through the view it was sent with.

A drawn button is not dispatchable: discord.py keeps the view of a sent message whose items
are. So sending a message keeps nothing, and its view is taken apart once sent
(bot/ui/views.py).
"""

from __future__ import annotations

from typing import Any, TypedDict

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


class ButtonData(TypedDict):
    """A button as Discord's API has it (an interactive button: type 2)."""

    type: int
    style: int
    label: str
    custom_id: str
    disabled: bool


def button_data(
    custom_id: str, label: str, style: discord.ButtonStyle, disabled: bool = False
) -> ButtonData:
    return {
        "type": 2,
        "style": style.value,
        "label": label[:80],
        "custom_id": custom_id,
        "disabled": disabled,
    }


class Rows(discord.ui.View):
    """Buttons given as the API's data, row by row: what a hand redrawn on every click sends,
    without making a discord.ui item per button and taking it apart again (issue 49)."""

    def __init__(self, rows: list[list[ButtonData]]) -> None:
        super().__init__(timeout=None)
        self.rows = [row for row in rows if row]

    def to_components(self) -> list[dict[str, Any]]:
        return [{"type": 1, "components": row} for row in self.rows]

    def is_dispatchable(self) -> bool:
        return False

    def has_components_v2(self) -> bool:
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
