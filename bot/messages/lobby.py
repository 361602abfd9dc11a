"""The public lobby message: who sits where, and the Join / Leave / Start / Cancel buttons."""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.messages.table import Table
from bot.options import GameOptions
from bot.storage import GameRecord
from bot.ui.buttons import LobbyButton
from bot.ui.custom_ids import LOBBY_ACTIONS

BUTTON_STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "cancel": discord.ButtonStyle.danger,
}


def started_lobby(record: GameRecord) -> str:
    """What the lobby message says once its game started (its buttons go)."""
    table = Table.of(record)
    return t("lobby.started", table.locale, players=table.mentions(table.players))


def lobby_content(record: GameRecord) -> str:
    table = Table.of(record)
    locale = table.locale
    options = GameOptions.of(record)
    seats = "\n".join(
        t("lobby.seat", locale, number=index + 1, player=table.mention(player))
        for index, player in enumerate(table.players)
    )
    return "\n".join(
        [
            t("lobby.title", locale, host=table.mention(str(record.host_id))),
            t(
                "lobby.settings",
                locale,
                variant=t(f"variant.{record.variant}", locale),
                seconds=t("lobby.seconds", locale, count=options.pick_seconds),
                level=t(f"ai.{options.ai_level}", locale),
            ),
            t("lobby.n_players", locale, count=len(table.players)),
            seats,
            t("lobby.help", locale),
        ]
    )


def lobby_view(record: GameRecord) -> discord.ui.View:
    locale = Table.of(record).locale
    view = discord.ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        label = t(f"lobby.{action}", locale)
        view.add_item(LobbyButton(action, record.id, label=label, style=BUTTON_STYLES[action]))
    return view
