"""What storage raises: a broken database, or a write refused because the game moved on."""

from __future__ import annotations

import logging

from bot.storage.records import GameStatus

log = logging.getLogger("bot.storage")


class StorageError(Exception):
    """The database cannot be used: unreadable, corrupt, locked, full, or newer than the code."""

    logged = False
    """Whether the storage logged it already. Failures to open are not logged: whoever opens
    says them once, in its own words."""


def explained(
    database: object, doing: str, error: object, hint: str | None, *, opening: bool
) -> StorageError:
    """A StorageError saying what failed in words an operator can act on ("database …: could
    not `doing`: `error` (`hint`)"), and a log line unless it failed `opening` the database:
    whoever opens says that once, in its own words."""
    message = f"database {database}: could not {doing}: {error}"
    if hint:
        message += f" ({hint})"
    problem = StorageError(message)
    if not opening:
        log.error("%s", message)
        problem.logged = True
    return problem


class GameConflict(Exception):
    """A write was refused and nothing was written; the subclass says why."""


class GameNotFound(GameConflict):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} does not exist")
        self.game_id = game_id


class StaleVersion(GameConflict):
    """The game's version moved since the caller read it (a stale or duplicate action)."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id} is at version {actual}, not {expected}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class ChannelBusy(GameConflict):
    def __init__(self, channel_id: int, game_id: int | None) -> None:
        super().__init__(f"channel {channel_id} already has an open game ({game_id})")
        self.channel_id = channel_id
        self.game_id = game_id


class GameFull(GameConflict):
    def __init__(self, game_id: int, seats: int) -> None:
        super().__init__(f"game {game_id} already has {seats} players")
        self.game_id = game_id
        self.seats = seats


class AlreadySeated(GameConflict):
    def __init__(self, game_id: int, user_id: int) -> None:
        super().__init__(f"user {user_id} is already seated in game {game_id}")
        self.game_id = game_id
        self.user_id = user_id


class NotSeated(GameConflict):
    def __init__(self, game_id: int, user_id: int) -> None:
        super().__init__(f"user {user_id} is not seated in game {game_id}")
        self.game_id = game_id
        self.user_id = user_id


class NotInLobby(GameConflict):
    def __init__(self, game_id: int, status: GameStatus) -> None:
        super().__init__(f"game {game_id} is {status}, not in its lobby")
        self.game_id = game_id
        self.status = status


class GameClosed(GameConflict):
    """The game is finished, cancelled or abandoned: nothing more may happen to it."""

    def __init__(self, game_id: int, status: GameStatus) -> None:
        super().__init__(f"game {game_id} is {status}")
        self.game_id = game_id
        self.status = status


class GameNotFinished(GameConflict):
    def __init__(self, game_id: int, status: GameStatus) -> None:
        super().__init__(f"game {game_id} is {status}, not finished")
        self.game_id = game_id
        self.status = status


class StillPlaying(GameConflict):
    """A person to erase is seated in a lobby or running game: they finish or leave it first."""
