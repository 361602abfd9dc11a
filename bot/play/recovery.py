"""At start-up every open game is picked up where it was: its timers re-armed from the stored
deadlines, the rounds nobody played counted again from its log, its AI players' turn taken."""

from __future__ import annotations

import logging

from bot import storage as store
from bot.play.abandonment import AbandonmentWatch
from bot.play.ai_seats import AiSeats
from bot.play.service import GameService
from bot.play.turns import TurnClock

log = logging.getLogger("whyfirst")


async def recover_open_games(
    storage: store.Storage,
    service: GameService,
    clock: TurnClock,
    watch: AbandonmentWatch,
    ai: AiSeats,
) -> None:
    for record in await storage.active_games():
        service.remember(record)
        if record.status == "lobby":
            if record.lobby_deadline is not None:
                clock.arm_lobby(record.id, record.lobby_deadline)
            continue
        state = service.state_of(record)
        if state is None:
            continue
        watch.resume(record.id, state, await storage.action_log(record.id))
        clock.arm_turn(record, state)
        # AI players who had not acted when the bot stopped act now, as they would have.
        ai.play_soon(record.id)
    log.info("recovered open games")
