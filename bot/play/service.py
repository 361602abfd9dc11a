"""The game service: the one way a game changes, and the one place that knows a game's latest
record. Lobbies open, players take and leave seats, the game starts, actions are committed and
games end only through it (boardgame.io's Master is the model: one object takes every update;
storage and the players' view of the game are what it is given).

Its jobs are parts of their own: the open games it knows, with a lock each
(bot/play/open_games.py), the lobby's changes (bot/play/seating.py) and the path from an
intention to a committed change (bot/play/commits.py). Only a committed change is published.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import engine
from bot.clock import Clock
from bot.observe.metrics import Metrics
from bot.options import GameOptions
from bot.play.commits import Commits, TransitionStore
from bot.play.open_games import GameReader, OpenGames
from bot.play.seating import Seating, SeatStore
from bot.play.seeds import Seeds
from bot.play.transition import Answer, Change, Ended, EndReason, Refusal, Transition
from bot.play.verdict import ActionBuilder, Prepared
from bot.settings import Settings
from bot.storage import GameRecord, Seat

Publisher = Callable[[Change], None]


class GameStorage(GameReader, SeatStore, TransitionStore, Protocol):
    """What the game service asks of storage (bot.storage.Storage has it all)."""


class GameService:
    """Turns intentions into committed changes; every rule check is the engine's."""

    def __init__(
        self,
        storage: GameStorage,
        settings: Settings,
        metrics: Metrics,
        clock: Clock,
    ) -> None:
        self._subscribers: list[Publisher] = []
        self._games = OpenGames(storage)
        self._seating = Seating(
            storage,
            self._games,
            Seeds(settings.seed),
            settings.process_name,
            clock,
        )
        self._commits = Commits(
            storage,
            self._games,
            metrics,
            settings.process_name,
            clock,
            publish=self._publish,
        )

    def subscribe(self, publish: Publisher) -> None:
        """Call `publish` with every committed change, in commit order per game."""
        self._subscribers.append(publish)

    def _publish(self, change: Change) -> None:
        for publish in self._subscribers:
            publish(change)

    # --- reading -----------------------------------------------------------------------

    async def current(self, game_id: int) -> GameRecord | None:
        """The game as last seen by this process (read from the database the first time)."""
        return await self._games.current(game_id)

    async def refresh(self, game_id: int) -> GameRecord | None:
        """The game as the database has it now."""
        return await self._games.refresh(game_id)

    def state_of(self, record: GameRecord) -> engine.GameState | None:
        """The engine state of a record (parsed once per version of an open game)."""
        return self._games.state_of(record)

    def game_in_channel(self, channel_id: int) -> int | None:
        """The open game this process knows in the channel (the database has the last word)."""
        return self._games.in_channel(channel_id)

    # --- the lobby ---------------------------------------------------------------------

    async def open_lobby(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        variant: engine.Variant,
        options: GameOptions,
        seated: Sequence[Seat] = (),
    ) -> GameRecord:
        """A new lobby with the host seated, then `seated` (a rematch's other players, who
        keep their order); raises storage.ChannelBusy."""
        return await self._seating.open_lobby(
            guild_id, channel_id, host_id, host_name, variant, options, seated
        )

    async def join(
        self, game_id: int, user_id: int, display_name: str, *, ai_level: str | None = None
    ) -> GameRecord:
        """Seat a player or, with its level, an AI player. Raises storage.AlreadySeated,
        GameFull, or another GameConflict (the lobby closed meanwhile)."""
        return await self._seating.join(game_id, user_id, display_name, ai_level=ai_level)

    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        """Unseat a player or an AI player. Raises storage.NotSeated, or another GameConflict."""
        return await self._seating.leave(game_id, user_id)

    async def note_lobby_message(self, game_id: int, message_id: int) -> None:
        """The message that shows the lobby; raises storage.StorageError."""
        await self._seating.note_lobby_message(game_id, message_id)

    async def start(self, game_id: int, actor_id: int) -> Transition | Refusal:
        """The host starts the lobby's game: deal stage 1 and open the first round."""
        return await self._commits.start(game_id, actor_id)

    # --- running games -----------------------------------------------------------------

    async def prepare(self, game_id: int, build: ActionBuilder) -> Prepared | Refusal:
        """The engine's verdict on the action `build` makes now (nothing is written)."""
        return await self._commits.prepare(game_id, build)

    async def commit(
        self, prepared: Prepared, actor_id: int | None, answer: Answer | None = None
    ) -> Transition | Refusal:
        """Commit a prepared action and publish it (judged again if the game moved on).
        `answer`: the click's acknowledgement, once the change is durable (the published
        change carries it under way)."""
        return await self._commits.commit(prepared, actor_id, answer)

    async def act(
        self, game_id: int, actor_id: int | None, build: ActionBuilder
    ) -> Transition | Refusal:
        """Prepare and commit in one (a deadline's action)."""
        prepared = await self.prepare(game_id, build)
        if isinstance(prepared, Refusal):
            return prepared
        return await self.commit(prepared, actor_id)

    async def end(self, game_id: int, reason: EndReason) -> Ended | None:
        """End a lobby or running game early; None when it had already ended."""
        return await self._commits.end(game_id, reason)
