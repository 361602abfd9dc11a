"""The game service: the one way a game changes, and the one place that knows a game's latest
record (boardgame.io's Master is the model: one writer takes every update; storage and the
players' view of the game are what it is given).

It is its parts, each handed to whoever uses it, none forwarding to another:
- `games` (bot/play/open_games.py): reading; the latest record of an open game, its state
  parsed once per version, a lock each;
- `seating` (bot/play/seating.py): a lobby's changes (open, join, leave, the lobby's message);
- `commits` (bot/play/commits.py): the update path; judged by the engine, settled, saved
  guarded by the game's version, then published to its subscribers. Only a committed change
  is published."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.clock import Clock
from bot.observe.metrics import Metrics
from bot.play.commits import Commits, TransitionStore
from bot.play.open_games import GameReader, OpenGames
from bot.play.seating import Seating, SeatStore
from bot.play.seeds import Seeds
from bot.settings import Settings


class GameStorage(GameReader, SeatStore, TransitionStore, Protocol):
    """What the game service asks of storage (bot.storage.Storage has it all)."""


@dataclass(frozen=True)
class GameService:
    games: OpenGames
    seating: Seating
    commits: Commits


def game_service(
    storage: GameStorage, settings: Settings, metrics: Metrics, clock: Clock
) -> GameService:
    games = OpenGames(storage)
    seating = Seating(storage, games, Seeds(settings.seed), settings.process_name, clock)
    commits = Commits(storage, games, metrics, settings.process_name, clock)
    return GameService(games, seating, commits)
