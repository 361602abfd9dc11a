"""The buttons a game's newest post in its channel offers: while the game runs, Show my hand
(in a tactical move the figures the mover may move, Open the table where the server has it, End
practice in a practice game); once it is over, Rematch (not in a practice game's DM) and, when
the bot serves web pages, the replay page. A control that can only be refused is not offered."""

from __future__ import annotations

import discord

import engine
from bot.i18n import t
from bot.messages.table import Table
from bot.ui import custom_ids as ids
from bot.ui.buttons import Button, Rows, button, link, move_button, table_button

SHOW_HAND_ROW = 2


def channel_controls(
    table: Table, state: engine.GameState, replay_url: str | None = None
) -> discord.ui.View:
    game_id, locale = table.game_id, table.locale
    if state.phase == engine.Phase.FINISHED:
        success = discord.ButtonStyle.success
        rematch = button(ids.rematch_id(game_id), t("final.rematch", locale), success)
        replay = [link(replay_url, t("final.replay", locale))] if replay_url else []
        return Rows(replay if table.practice else [rematch, *replay])
    rows: list[list[Button]] = [[] for _ in range(SHOW_HAND_ROW + 1)]
    if state.phase == engine.Phase.MOVING:
        turn = ids.Turn(state.stage, state.round)
        for index, figure in enumerate(engine.figures(state)):
            code = ids.target_code(state.players, figure)
            rows[index // 5].append(move_button(game_id, turn, code, table.name(figure)))
    rows[SHOW_HAND_ROW].append(button(ids.hand_id(game_id), t("round.show_hand", locale)))
    if table.table:
        rows[SHOW_HAND_ROW].append(table_button(game_id, t("table.open", locale)))
    if table.practice:
        end = ids.practice_end_id(game_id)
        rows[SHOW_HAND_ROW].append(button(end, t("learn.end", locale), discord.ButtonStyle.danger))
    return Rows(*rows)
