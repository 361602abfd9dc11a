"""Two bot processes sharing one database: an action never starts from a stale game."""

from __future__ import annotations

from pathlib import Path

import engine
from bot import storage as store
from bot.clock import Clock
from bot.observe.metrics import Metrics
from bot.options import GameOptions
from bot.play.service import game_service
from bot.play.transition import Change, EndReason, Refusal, Transition
from bot.settings import Settings
from bot.storage import NewSeat

GUILD, CHANNEL, HOST, GUEST = 10, 20, 1001, 1002


async def test_an_action_after_another_process_moved_the_game_builds_on_that_move(
    tmp_path: Path,
) -> None:
    database = tmp_path / "shared.sqlite3"
    settings = Settings(token="unused", database=str(database))
    published: list[Change] = []
    async with (
        await store.Storage.open(database) as first_storage,
        await store.Storage.open(database) as second_storage,
    ):
        first = game_service(first_storage, settings, Metrics(), Clock())
        second = game_service(second_storage, settings, Metrics(), Clock())
        first.commits.subscribe(published.append)
        second.commits.subscribe(published.append)
        lobby = await first.seating.open_lobby(
            GUILD, CHANNEL, HOST, "Host", engine.Variant.STANDARD, GameOptions(pick_seconds=60)
        )
        await first_storage.join(
            NewSeat(
                game_id=lobby.id,
                user_id=GUEST,
                display_name="Guest",
                expected_version=lobby.version,
                now=Clock().now(),
            )
        )
        started = await first.commits.start(lobby.id, HOST)
        assert isinstance(started, Transition)
        state = started.state

        def own_card(player: str) -> engine.Pick:
            card = engine.view_for(state, player).hand[0].number
            return engine.Pick(player, state.stage, state.round, card, player)

        # The second process plays the guest's card; the first still holds the game as started.
        by_second = await second.commits.act(lobby.id, GUEST, lambda _r, _s: own_card(str(GUEST)))
        assert isinstance(by_second, Transition)
        by_first = await first.commits.act(lobby.id, HOST, lambda _r, _s: own_card(str(HOST)))
        assert not isinstance(by_first, Refusal)

        log = await first_storage.action_log(lobby.id)
        picks = [entry["actor_id"] for entry in log if entry["action"].get("type") == "pick"]
        assert sorted(picks) == [HOST, GUEST]
        revealed = [e for e in by_first.events if isinstance(e, engine.RoundRevealed)]
        assert revealed, "both picks are in: the round is revealed"


async def test_the_lobby_changes_through_the_service_and_it_remembers_each_one(
    tmp_path: Path,
) -> None:
    settings = Settings(token="unused", database=str(tmp_path / "one.sqlite3"))
    async with await store.Storage.open(settings.database) as storage:
        service = game_service(storage, settings, Metrics(), Clock())
        earlier_guest = store.Seat(GUEST, "Guest", 1)  # a rematch's other player
        lobby = await service.seating.open_lobby(
            GUILD,
            CHANNEL,
            HOST,
            "Host",
            engine.Variant.STANDARD,
            GameOptions(),
            seated=[earlier_guest],
        )
        assert [seat.user_id for seat in lobby.seats] == [HOST, GUEST]
        assert service.games.in_channel(CHANNEL) == lobby.id

        joined = await service.seating.join(lobby.id, -1, "Robot", ai_level="casual")
        assert await service.games.current(lobby.id) is joined
        left = await service.seating.leave(lobby.id, GUEST)
        assert await service.games.current(lobby.id) is left
        assert [seat.user_id for seat in left.seats] == [HOST, -1]
        assert await storage.game(lobby.id) == left

        ended = await service.commits.end(lobby.id, EndReason.CANCELLED)
        assert ended is not None
        assert service.games.in_channel(CHANNEL) is None
