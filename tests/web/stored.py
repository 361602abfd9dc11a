"""Whole games played by the engine's rules and stored as the bot stores a finished game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import engine
from bot.storage import GameRecord, NewGame, PlayerResult, Storage, TransitionWrite
from tests.engine.play import play_randomly
from tests.storage.helpers import seat

T0 = datetime(2026, 11, 20, 12, tzinfo=UTC)


async def store_played_game(
    storage: Storage,
    people: Sequence[tuple[int, str]],
    *,
    variant: str = "standard",
    seed: int = 7,
    guild_id: int = 100,
    channel_id: int = 200,
    locale: str | None = None,
    now: datetime = T0,
) -> GameRecord:
    """A game of random legal choices, stored finished (state, log and results)."""
    played = play_randomly([str(user) for user, _ in people], variant, seed, random.Random(seed))
    over = engine.final_result(played.state)
    assert over is not None
    (host, host_name), *others = people
    options: dict[str, object] = {"turn_seconds": 60}
    if locale is not None:
        options["locale"] = locale
    game = await storage.create_game(
        NewGame(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host,
            host_name=host_name,
            variant=variant,
            options=options,
            seed=seed,
            now=now,
            lobby_deadline=now + timedelta(minutes=10),
        )
    )
    game = await seat(storage, game, others, now)
    game = await storage.commit_transition(
        TransitionWrite(
            game_id=game.id,
            expected_version=game.version,
            actor_id=None,
            actions=[{"type": "deal", "stage": 1}],
            state={"stage": 1},
            status="running",
            deadline=now + timedelta(minutes=1),
            now=now,
        )
    )
    return await storage.commit_transition(
        TransitionWrite(
            game_id=game.id,
            expected_version=game.version,
            actor_id=host,
            actions=[engine.action_to_dict(action) for action in played.actions],
            state=engine.state_to_dict(played.state),
            status="finished",
            deadline=None,
            results=[
                PlayerResult(int(player), total, player in over.winners)
                for player, total in over.totals
                if player != engine.LEO
            ],
            now=now + timedelta(minutes=20),
        )
    )
