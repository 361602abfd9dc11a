"""A pick (or a tactical move) from the table: judged and committed by the same game service
as a click on the hand's buttons (prepare, then commit: one writer), so the Discord hand, the
round message and the reveal follow whichever way the pick came. The page is never believed:
the session says who plays, the game must be the channel's, and the engine judges the rest.
A refusal is the hand's own sentence, and nothing changes."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.controls.desk import card_action, move_action, pick_action
from bot.play.commits import Commits
from bot.play.open_games import OpenGames
from bot.play.transition import Refusal
from bot.play.verdict import ActionBuilder
from bot.storage import player_id
from bot.table.sessions import Session
from bot.ui import custom_ids as ids

TARGET_CODE = re.compile(r"[0-9]|L")
"""A figure as the hand's buttons name it: a seat number, or L for Leo."""
LARGEST_NUMBER = 1_000_000


@dataclass(frozen=True)
class TablePlay:
    """What the page asks: a card (and the figure it goes in front of), or a tactical move."""

    game_id: int
    stage: int
    round: int
    card: int | None
    target: str | None

    @classmethod
    def of(cls, asked: dict[str, object]) -> TablePlay | None:
        """The play a message of the page names, or None for one that names none."""
        numbers = [asked.get(key) for key in ("game", "stage", "round")]
        card, target = asked.get("card"), asked.get("target")
        if not all(_number(value) for value in numbers):
            return None
        if card is not None and not _number(card):
            return None
        if target is not None and not (isinstance(target, str) and TARGET_CODE.fullmatch(target)):
            return None
        if card is None and target is None:
            return None
        game, stage, round_ = (int(str(value)) for value in numbers)
        return cls(game, stage, round_, None if card is None else int(str(card)), target)


def _number(value: object) -> bool:
    return type(value) is int and 0 <= value < LARGEST_NUMBER


class TablePicks:
    def __init__(self, games: OpenGames, commits: Commits) -> None:
        self._games = games
        self._commits = commits

    async def play(self, session: Session, play: TablePlay) -> Refusal | None:
        """Commit the play for the session's player; the refusal when nothing changed. The
        game must be the table's; the rest (started, seated, the turn) is judged where every
        action is (bot/play/verdict.py and the engine)."""
        record = await self._games.current(play.game_id)
        if record is None or record.channel_id != session.place.channel_id:
            return Refusal("refusal.unknown_game")
        prepared = await self._commits.prepare(play.game_id, _action(session, play))
        if isinstance(prepared, Refusal):
            return prepared
        outcome = await self._commits.commit(prepared, session.user_id, away=True)
        return outcome if isinstance(outcome, Refusal) else None


def _action(session: Session, play: TablePlay) -> ActionBuilder:
    player = player_id(session.user_id)
    turn = ids.Turn(play.stage, play.round)
    if play.card is None:
        assert play.target is not None
        return move_action(player, turn, play.target)
    if play.target is None:
        return card_action(player, turn, play.card)
    return pick_action(player, turn, play.card, play.target)
