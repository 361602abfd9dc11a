"""The custom ids of every button: only ids, parsed back into plain values.

A button must keep working after a restart, so its custom id carries everything needed to re-check
the click against the stored game: the game, the owner of private controls, the turn it was made
for, and the card or target. Targets are seat numbers, or `L` for Leo."""

from __future__ import annotations

from dataclasses import dataclass

LEO_TARGET = "L"
PREFIX = "wf"

LOBBY_ACTIONS = ("join", "leave", "start", "cancel", "add_ai", "remove_ai")

LOBBY_TEMPLATE = rf"wf:(?P<action>{'|'.join(LOBBY_ACTIONS)}):(?P<game>\d{{1,18}})"
CARD_TEMPLATE = (
    r"wf:card:(?P<game>\d{1,18}):(?P<owner>\d{1,20}):(?P<stage>\d):(?P<round>\d):(?P<card>\d{1,2})"
)
PICK_TEMPLATE = (
    r"wf:pick:(?P<game>\d{1,18}):(?P<owner>\d{1,20}):(?P<stage>\d):(?P<round>\d)"
    r":(?P<card>\d{1,2}):(?P<target>\d|L)"
)
MOVE_TEMPLATE = r"wf:move:(?P<game>\d{1,18}):(?P<stage>\d):(?P<round>\d):(?P<target>\d|L)"
HAND_TEMPLATE = r"wf:hand:(?P<game>\d{1,18})"
REMATCH_TEMPLATE = r"wf:rematch:(?P<game>\d{1,18})"
TABLE_TEMPLATE = r"wf:table:(?P<game>\d{1,18})"
PRACTICE_END_TEMPLATE = r"wf:practice_end:(?P<game>\d{1,18})"
PRIVACY_ACTIONS = ("export", "erase", "erase_confirmed", "forget_server")
PRIVACY_TEMPLATE = rf"wf:privacy:(?P<action>{'|'.join(PRIVACY_ACTIONS)})"
BOARD_TEMPLATE = r"wf:board:(?P<metric>[a-z_]{1,16}):(?P<period>[a-z0-9_]{1,16}):(?P<page>\d{1,5})"


@dataclass(frozen=True)
class Turn:
    """The stage and round a control was made for."""

    stage: int
    round: int


def lobby_id(action: str, game_id: int) -> str:
    return f"{PREFIX}:{action}:{game_id}"


def card_id(game_id: int, owner_id: int, turn: Turn, card: int) -> str:
    return f"{PREFIX}:card:{game_id}:{owner_id}:{turn.stage}:{turn.round}:{card}"


def pick_id(game_id: int, owner_id: int, turn: Turn, card: int, target: str) -> str:
    return f"{PREFIX}:pick:{game_id}:{owner_id}:{turn.stage}:{turn.round}:{card}:{target}"


def move_id(game_id: int, turn: Turn, target: str) -> str:
    return f"{PREFIX}:move:{game_id}:{turn.stage}:{turn.round}:{target}"


def hand_id(game_id: int) -> str:
    return f"{PREFIX}:hand:{game_id}"


def rematch_id(game_id: int) -> str:
    return f"{PREFIX}:rematch:{game_id}"


def table_id(game_id: int) -> str:
    return f"{PREFIX}:table:{game_id}"


def practice_end_id(game_id: int) -> str:
    return f"{PREFIX}:practice_end:{game_id}"


def privacy_id(action: str) -> str:
    return f"{PREFIX}:privacy:{action}"


def board_id(metric: str, period: str, page: int) -> str:
    return f"{PREFIX}:board:{metric}:{period}:{page}"


def target_code(players: tuple[str, ...], figure: str) -> str:
    """The short code of a figure in a custom id: its seat number, or `L` for Leo."""
    if figure in players:
        return str(players.index(figure))
    return LEO_TARGET


def target_figure(players: tuple[str, ...], code: str, leo: str) -> str | None:
    """The figure a target code names, or None when no such seat exists."""
    if code == LEO_TARGET:
        return leo
    seat = int(code)
    return players[seat] if seat < len(players) else None
