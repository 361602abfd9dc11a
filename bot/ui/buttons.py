"""Every button of the bot, as Discord's API has it. The custom id carries ids only, so a button
keeps working after a restart: a click is routed by its custom id alone to the handler bound when
the rooms were built (bot/ui/clicks.py), never through the view it was sent with.

So a message's buttons are plain data, row by row (`Rows`): no discord.ui item is made for a button
only to be turned into this data and taken apart again (issue 49), and discord.py keeps nothing of a
sent message, its view being not dispatchable."""

from __future__ import annotations

from typing import Any

import discord

from bot.ui import custom_ids as ids

Button = dict[str, str | int | bool]
"""A button as Discord's API has it (component type 2)."""


def button(
    custom_id: str,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
) -> Button:
    return {
        "type": 2,
        "style": style.value,
        "label": label[:80],
        "custom_id": custom_id,
        "disabled": disabled,
    }


def link(url: str, label: str) -> Button:
    return {"type": 2, "style": discord.ButtonStyle.link.value, "label": label[:80], "url": url}


def move_button(game_id: int, turn: ids.Turn, target: str, label: str) -> Button:
    """A tactical mover's figure to move (`target`: its target code)."""
    return button(ids.move_id(game_id, turn, target), label, discord.ButtonStyle.primary)


def table_button(game_id: int, label: str) -> Button:
    """Open the table: the game as a Discord Activity, beside the conversation."""
    return button(ids.table_id(game_id), label, discord.ButtonStyle.primary)


class Rows(discord.ui.View):
    """A message's buttons, row after row (empty rows left out)."""

    def __init__(self, *rows: list[Button]) -> None:
        super().__init__(timeout=None)
        self.rows = [row for row in rows if row]

    def to_components(self) -> list[dict[str, Any]]:
        return [{"type": 1, "components": row} for row in self.rows]

    def is_dispatchable(self) -> bool:
        return False

    def has_components_v2(self) -> bool:
        return False
