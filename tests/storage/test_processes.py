"""Processes sharing a database: one wins a setting's compare-and-set, leases say who lives,
and the clocks of a dead process's games are taken over, never those of a live one."""

from __future__ import annotations

from datetime import timedelta

from bot.storage import Storage, TransitionWrite

from .helpers import T0, at, open_game, start

LEASE = timedelta(seconds=15)


async def test_of_processes_replacing_one_setting_one_wins(storage: Storage) -> None:
    assert await storage.replace_setting("commands_hash", None, "a")
    assert not await storage.replace_setting("commands_hash", None, "b")
    assert not await storage.replace_setting("commands_hash", "x", "b")
    assert await storage.replace_setting("commands_hash", "a", "b")
    assert await storage.get_setting("commands_hash") == "b"


async def test_a_lease_counts_the_live_processes(storage: Storage) -> None:
    assert await storage.renew_lease("one", now=T0, lease=LEASE) == 1
    assert await storage.renew_lease("two", now=T0, lease=LEASE) == 2
    # "one" stops renewing; a minute later only "two" lives.
    assert await storage.renew_lease("two", now=at(1), lease=LEASE) == 1
    await storage.release_lease("two")
    assert await storage.renew_lease("three", now=at(1), lease=LEASE) == 1


async def test_only_a_dead_or_unknown_holders_clocks_are_taken_over(storage: Storage) -> None:
    await storage.renew_lease("one", now=T0, lease=LEASE)
    await storage.renew_lease("two", now=T0, lease=LEASE)
    mine = await open_game(storage, channel_id=10, clock_owner="one")
    theirs = await open_game(storage, channel_id=11, clock_owner="two")
    nobodys = await open_game(storage, channel_id=12)
    assert await storage.claim_clocks("one", now=T0, own_too=False) == [nobodys.id]
    assert await storage.claim_clocks("one", now=T0, own_too=True) == [mine.id, nobodys.id]
    assert await storage.claim_clocks("one", now=T0, own_too=False) == []
    # "two" dies (its lease runs out): "one" takes its game over.
    await storage.renew_lease("one", now=at(1), lease=LEASE)
    assert await storage.claim_clocks("one", now=at(1), own_too=False) == [theirs.id]


async def test_a_transition_moves_the_clock_to_its_process(storage: Storage) -> None:
    game = await start(storage, await open_game(storage))
    moved = await storage.commit_transition(
        TransitionWrite(
            game_id=game.id,
            expected_version=game.version,
            actor_id=None,
            actions=[{"type": "pick"}],
            now=T0,
            clock_owner="two",
        )
    )
    await storage.renew_lease("two", now=T0, lease=LEASE)
    assert moved.version == game.version + 1
    assert await storage.claim_clocks("one", now=T0, own_too=False) == []
