"""The buttons a game's newest post in its channel offers: while the game runs, Show my hand
(in a tactical move also the figures the mover may move, and Open the table where the server
has the table); once it is over, Rematch and, when the bot serves web pages, the replay page.
A control that can only be refused is not offered."""

from __future__ import annotations

import discord

import engine
from bot.i18n import t
from bot.messages.table import Table
from bot.ui.buttons import MoveButton, RematchButton, ShowHandButton, TableButton
from bot.ui.custom_ids import Turn, target_code

SHOW_HAND_ROW = 2


def channel_controls(
    table: Table, state: engine.GameState, replay_url: str | None = None
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if state.phase == engine.Phase.FINISHED:
        view.add_item(RematchButton(table.game_id, label=t("final.rematch", table.locale)))
        if replay_url is not None:
            label = t("final.replay", table.locale)
            view.add_item(discord.ui.Button(label=label, url=replay_url, row=0))
        return view
    if state.phase == engine.Phase.MOVING:
        turn = Turn(state.stage, state.round)
        for index, figure in enumerate(engine.figures(state)):
            code = target_code(state.players, figure)
            label = table.name(figure)
            view.add_item(MoveButton(table.game_id, turn, code, label=label, row=index // 5))
    label = t("round.show_hand", table.locale)
    view.add_item(ShowHandButton(table.game_id, label=label, row=SHOW_HAND_ROW))
    if table.table:
        view.add_item(TableButton(table.game_id, t("table.open", table.locale), row=SHOW_HAND_ROW))
    return view
