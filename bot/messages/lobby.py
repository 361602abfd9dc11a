"""The public lobby message: who sits where, and the Join / Leave / Start / Cancel buttons."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.messages.table import Table
from bot.ui.buttons import LobbyButton


def started_lobby(record: Any) -> str:
    """What the lobby message says once its game started (its buttons go)."""
    table = Table.of(record)
    return t("lobby.started", table.locale, players=table.mentions(table.players))


def lobby_content(record: Any) -> str:
    table = Table.of(record)
    locale = table.locale
    seats = "\n".join(
        t("lobby.seat", locale, number=index + 1, player=table.mention(player))
        for index, player in enumerate(table.players)
    )
    pick_seconds = int((record.options or {}).get("pick_seconds", 90))
    return "\n".join(
        [
            t("lobby.title", locale, host=table.mention(str(record.host_id))),
            t(
                "lobby.settings",
                locale,
                variant=t(f"variant.{record.variant}", locale),
                seconds=pick_seconds,
            ),
            t("lobby.n_players", locale, count=len(table.players)),
            seats,
            t("lobby.help", locale),
        ]
    )


def lobby_view(record: Any) -> discord.ui.View:
    game_id, locale = int(record.id), Table.of(record).locale
    view = discord.ui.View(timeout=None)
    styles = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }
    for action, style in styles.items():
        view.add_item(LobbyButton(action, game_id, label=t(f"lobby.{action}", locale), style=style))
    return view
