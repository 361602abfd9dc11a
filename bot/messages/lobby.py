"""The public lobby message: who sits where, and the Join / Leave / Start / Cancel buttons."""

from __future__ import annotations

import discord

from bot.i18n import join_names, t
from bot.messages.table import Table
from bot.options import GameOptions
from bot.storage.records import GameRecord, Seat
from bot.ui.buttons import Button, Rows, button, table_button
from bot.ui.custom_ids import LOBBY_ACTIONS, lobby_id

BUTTON_STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "cancel": discord.ButtonStyle.danger,
    "add_ai": discord.ButtonStyle.secondary,
    "remove_ai": discord.ButtonStyle.secondary,
}
HOST_ROW = ("add_ai", "remove_ai")
"""The host's AI buttons, on a row of their own."""

AI_NAMES = ("Ada", "Alan", "Grace", "Hedy", "Kurt", "Emmy")
AI_MARK = "🤖"


def next_ai_seat(record: GameRecord) -> Seat:
    """The seat the next AI player takes: a negative id no Discord user has, and the first
    friendly name no AI player of this lobby has yet."""
    ai = [seat for seat in record.seats if seat.is_ai]
    user_id = min((seat.user_id for seat in ai), default=0) - 1
    taken = {seat.display_name for seat in ai}
    name = next(n for n in (f"{AI_MARK} {n}" for n in AI_NAMES) if n not in taken)
    return Seat(user_id=user_id, display_name=name, seat=len(record.seats))


def started_lobby(record: GameRecord) -> str:
    """What the lobby message says once its game started (its buttons go)."""
    table = Table.of(record)
    players = join_names([table.mention(player) for player in table.players], table.locale)
    return t("lobby.started", table.locale, players=players)


def lobby_content(record: GameRecord) -> str:
    table = Table.of(record)
    locale = table.locale
    options = GameOptions.of(record)
    seats = "\n".join(
        t("lobby.ai_seat", locale, number=index + 1, name=table.name(player))
        if table.is_ai(player)
        else t("lobby.seat", locale, number=index + 1, player=table.mention(player))
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
            t(f"lobby.hands_{options.hands}", locale),
            t("lobby.n_players", locale, count=len(table.players)),
            seats,
            t("lobby.help", locale),
        ]
    )


def lobby_view(record: GameRecord) -> discord.ui.View:
    table = Table.of(record)
    rows: list[list[Button]] = [[], []]
    for action in LOBBY_ACTIONS:
        label = t(f"lobby.{action}", table.locale)
        row = rows[1 if action in HOST_ROW else 0]
        row.append(button(lobby_id(action, record.id), label, BUTTON_STYLES[action]))
    if table.table:
        rows[1].append(table_button(record.id, t("table.open", table.locale)))
    return Rows(*rows)
