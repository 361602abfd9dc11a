"""Erasing a person: out of every leaderboard and statistic, their language and DM messages
forgotten, and in the records of the games they played replaced by a placeholder, a former player,
so that the other players' games, totals and records still replay.

The placeholder of a game is made from the seat the person had in it (`former_player`): it does not
link their games with each other, and no Discord user or AI player has such an id."""

from __future__ import annotations

import json

from bot.storage import ratings
from bot.storage.errors import StillPlaying
from bot.storage.games import ACTIVE
from bot.storage.personal_data import message_names
from bot.storage.sql import Session

FORMER_PLAYER_NAME = "a former player"
_FORMER_PLAYER_BASE = -1000
"""Below the AI players' ids (-1 to -6)."""


def former_player(seat: int) -> int:
    """The id that stands for an erased person in the game where they had `seat`."""
    return _FORMER_PLAYER_BASE - seat


def is_former_player(user_id: int) -> bool:
    """Whether the id stands for an erased person (`former_player`)."""
    return user_id <= _FORMER_PLAYER_BASE


async def erase_person(db: Session, user_id: int) -> int:
    """Erase `user_id` (one transaction); how many games' records now name a former player."""
    playing = await db.one(
        "SELECT count(*) FROM seats JOIN games ON games.id = seats.game_id "
        f"WHERE seats.user_id = ? AND {ACTIVE}",
        (user_id,),
    )
    if playing is not None and int(playing[0]):
        raise StillPlaying(f"user {user_id} is seated in an open game")
    await db.lock_statistics()
    rated_in = await db.all("SELECT DISTINCT guild_id FROM results WHERE user_id = ?", (user_id,))
    seats = await db.all("SELECT game_id, seat FROM seats WHERE user_id = ?", (user_id,))
    await db.execute("UPDATE actions SET click = NULL WHERE actor_id = ?", (user_id,))
    await db.execute("UPDATE seats SET click = NULL WHERE user_id = ?", (user_id,))
    for game_id, seat in seats:
        await _replace_in_game(db, int(game_id), user_id, former_player(int(seat)))
    # The others' ratings are recomputed without them: a game they made two people with
    # is no longer rated.
    for (guild_id,) in rated_in:
        await ratings.rerate(db, int(guild_id))
    for table in ("player_totals", "player_periods", "ratings", "user_locales"):
        await db.execute(f"DELETE FROM {table} WHERE user_id = ?", (user_id,))
    # What no seat of theirs covers: a game they hosted and left, an action they took as a
    # moderator.
    await db.execute("UPDATE games SET host_id = ? WHERE host_id = ?", (former_player(0), user_id))
    await db.execute("UPDATE actions SET actor_id = NULL WHERE actor_id = ?", (user_id,))
    await db.execute("DELETE FROM game_messages WHERE name IN (?, ?, ?, ?)", message_names(user_id))
    return len(seats)


async def _replace_in_game(db: Session, game_id: int, user_id: int, placeholder: int) -> None:
    old, new = str(user_id), str(placeholder)
    for table in ("stage_points", "results", "unranked_results"):
        await db.execute(
            f"DELETE FROM {table} WHERE game_id = ? AND user_id = ?", (game_id, user_id)
        )
    await db.execute(
        "UPDATE seats SET user_id = ?, display_name = ? WHERE game_id = ? AND user_id = ?",
        (placeholder, FORMER_PLAYER_NAME, game_id, user_id),
    )
    await db.execute(
        "UPDATE games SET host_id = ? WHERE id = ? AND host_id = ?", (placeholder, game_id, user_id)
    )
    row = await db.one("SELECT state FROM games WHERE id = ?", (game_id,))
    if row is not None and row[0] is not None:
        state = renamed(json.loads(str(row[0])), old, new)
        await db.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), game_id))
    actions = await db.all(
        "SELECT seq, actor_id, action FROM actions WHERE game_id = ?", (game_id,)
    )
    logged = [
        (
            placeholder if actor == user_id else actor,
            json.dumps(renamed(json.loads(str(action)), old, new)),
            game_id,
            seq,
        )
        for seq, actor, action in actions
    ]
    await db.execute_many(
        "UPDATE actions SET actor_id = ?, action = ? WHERE game_id = ? AND seq = ?", logged
    )


def renamed(value: object, old: str, new: str) -> object:
    """`value` (parsed JSON) with every string `old`, value or key, made `new`."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [renamed(item, old, new) for item in value]
    if isinstance(value, dict):
        return {
            (new if key == old else key): renamed(item, old, new) for key, item in value.items()
        }
    return value
