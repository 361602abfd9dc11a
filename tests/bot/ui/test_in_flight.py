"""What the players are shown after a change waits for the clicks being handled when it comes
up: for those, not for the clicks that come later, and never longer than it was told."""

from __future__ import annotations

import asyncio

from bot.ui.in_flight import InFlight


async def _click(in_flight: InFlight, answered: asyncio.Event, done: list[str], name: str) -> None:
    with in_flight.handling():
        await answered.wait()
        done.append(name)


async def test_waits_for_the_clicks_in_flight_now() -> None:
    in_flight, answered, done = InFlight(), asyncio.Event(), []
    click = asyncio.create_task(_click(in_flight, answered, done, "click"))
    await asyncio.sleep(0)
    waiting = asyncio.create_task(in_flight.handled_now(within=60))
    # Proving that it waits: a wait that did not would end within a pass of the loop.
    await asyncio.sleep(0.01)
    assert not waiting.done()
    answered.set()
    await waiting
    assert done == ["click"]
    await click


async def test_a_click_that_comes_later_holds_nothing_up() -> None:
    in_flight, first, later, done = InFlight(), asyncio.Event(), asyncio.Event(), []
    clicks = [asyncio.create_task(_click(in_flight, first, done, "first"))]
    await asyncio.sleep(0)
    waiting = asyncio.create_task(in_flight.handled_now(within=60))
    await asyncio.sleep(0)
    clicks.append(asyncio.create_task(_click(in_flight, later, done, "later")))
    await asyncio.sleep(0)
    first.set()
    await asyncio.wait_for(waiting, timeout=5)
    assert done == ["first"]
    assert in_flight.busy
    later.set()
    await asyncio.gather(*clicks)


async def test_gives_up_waiting_after_within() -> None:
    in_flight, never, done = InFlight(), asyncio.Event(), []
    click = asyncio.create_task(_click(in_flight, never, done, "stuck"))
    await asyncio.sleep(0)
    await asyncio.wait_for(in_flight.handled_now(within=0.05), timeout=5)
    assert done == []
    assert not click.done()
    click.cancel()


async def test_nothing_in_flight_waits_for_nothing() -> None:
    await asyncio.wait_for(InFlight().handled_now(within=60), timeout=1)


async def test_a_wait_that_gave_up_holds_nothing_up_later() -> None:
    in_flight, stuck, quick, done = InFlight(), asyncio.Event(), asyncio.Event(), []
    slow_click = asyncio.create_task(_click(in_flight, stuck, done, "stuck"))
    await asyncio.sleep(0)
    await asyncio.wait_for(in_flight.handled_now(within=0.01), timeout=5)
    stuck.set()
    await slow_click
    quick_click = asyncio.create_task(_click(in_flight, quick, done, "quick"))
    await asyncio.sleep(0)
    waiting = asyncio.create_task(in_flight.handled_now(within=60))
    quick.set()
    await asyncio.wait_for(waiting, timeout=5)
    assert done == ["stuck", "quick"]
    await quick_click


async def test_settled_waits_for_every_click_in_flight() -> None:
    in_flight, answered, done = InFlight(), asyncio.Event(), []
    clicks = [asyncio.create_task(_click(in_flight, answered, done, str(n))) for n in range(3)]
    await asyncio.sleep(0)
    settling = asyncio.create_task(in_flight.settled())
    # Proving that it waits: a wait that did not would end within a pass of the loop.
    await asyncio.sleep(0.01)
    assert not settling.done()
    answered.set()
    await asyncio.wait_for(settling, timeout=5)
    assert sorted(done) == ["0", "1", "2"]
    assert not in_flight.busy
    await asyncio.gather(*clicks)
