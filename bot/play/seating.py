"""A lobby's changes: it opens with the host seated (after a Rematch, with the last game's
other players too), players and AI players take a seat or leave it, and the message that shows
it is noted. Each change is one storage transaction, remembered as the game's latest record."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import asdict, replace
from typing import Protocol

import engine
from bot import storage as store
from bot.clock import Clock
from bot.options import GameOptions
from bot.play.open_games import OpenGames
from bot.play.seeds import Seeds
from bot.storage import GameRecord, JsonObject, NewGame, NewSeat, Seat, VacatedSeat
from bot.timers.timer import LOBBY_IDLE_SECONDS

log = logging.getLogger("whyfirst.lobby")


class SeatStore(Protocol):
    async def create_game(self, game: NewGame) -> GameRecord:
        """Raises storage.ChannelBusy."""

    async def join(self, seat: NewSeat) -> GameRecord: ...

    async def leave(self, vacated: VacatedSeat) -> GameRecord:
        """Raises storage.NotSeated, or another GameConflict."""

    async def set_message_ids(self, game_id: int, **ids: int | None) -> None: ...


class Seating:
    def __init__(
        self, storage: SeatStore, games: OpenGames, seeds: Seeds, process_name: str, clock: Clock
    ) -> None:
        self._storage = storage
        self._games = games
        self._seeds = seeds
        self._process_name = process_name
        self._clock = clock

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
        """A new lobby with the host seated, then `seated`; raises storage.ChannelBusy."""
        seed = self._seeds.new()  # the deal's seed first: WHYFIRST_SEED's first game gets it
        record = await self._storage.create_game(
            NewGame(
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                host_name=host_name,
                variant=variant.value,
                options=asdict(replace(options, ai_seed=self._seeds.new())),
                seed=seed,
                now=self._clock.now(),
                lobby_deadline=self._clock.after(LOBBY_IDLE_SECONDS),
                clock_owner=self._process_name,
            )
        )
        self._games.remember(record)
        for seat in seated:
            try:
                record = await self.join(
                    record.id, seat.user_id, seat.display_name, ai_level=seat.ai_level
                )
            except store.GameConflict as problem:
                log.info("game %s: could not reseat %s: %s", record.id, seat.user_id, problem)
        return record

    async def join(
        self,
        game_id: int,
        user_id: int,
        display_name: str,
        *,
        ai_level: str | None = None,
        click: JsonObject | None = None,
    ) -> GameRecord:
        """Seat a player (an AI player: a negative id and its level). Raises
        storage.AlreadySeated, GameFull, or another GameConflict (the lobby closed)."""
        # No version check: the transaction itself refuses a full, closed or taken seat, and
        # players joining at the same moment must all get in.
        record = await self._storage.join(
            NewSeat(
                game_id=game_id,
                user_id=user_id,
                display_name=display_name,
                expected_version=None,
                now=self._clock.now(),
                ai_level=ai_level,
                click=click,
            )
        )
        self._games.remember(record)
        return record

    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        """Unseat a player; later seats move one place down. Raises storage.NotSeated, or
        another GameConflict (the lobby closed)."""
        record = await self._storage.leave(
            VacatedSeat(
                game_id=game_id, user_id=user_id, expected_version=None, now=self._clock.now()
            )
        )
        self._games.remember(record)
        return record

    async def note_lobby_message(self, game_id: int, message_id: int) -> None:
        """The message that shows the lobby (its buttons are taken away when it ends)."""
        await self._storage.set_message_ids(game_id, lobby_message_id=message_id)
