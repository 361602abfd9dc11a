"""The REST pacer: never more than its budget in any window, evenly spaced, the most urgent
request first."""

from __future__ import annotations

import asyncio
import itertools
import time

from bot.announce.pacing import RestPacer, Urgency

WINDOW = 0.05


async def test_waiting_requests_go_most_urgent_first_and_in_arrival_order_within_an_urgency() -> (
    None
):
    pacer = RestPacer(time.monotonic, limit=2, window=WINDOW)
    let_go: list[str] = []
    moments: list[float] = []

    async def request(name: str, urgency: Urgency) -> None:
        await pacer.turn(urgency)
        let_go.append(name)
        moments.append(time.monotonic())

    # Two fill the window at once; the rest wait, and are let go two per window.
    await request("first", Urgency.PUBLIC)
    await request("second", Urgency.PUBLIC)
    waiting = [
        ("status", Urgency.STATUS),
        ("hand 1", Urgency.PRIVATE),
        ("reveal 1", Urgency.PUBLIC),
        ("hand 2", Urgency.PRIVATE),
        ("reveal 2", Urgency.PUBLIC),
    ]
    tasks = [asyncio.create_task(request(name, urgency)) for name, urgency in waiting]
    await asyncio.sleep(0)
    assert pacer.waiting == len(waiting)
    await asyncio.gather(*tasks)

    assert let_go == ["first", "second", "reveal 1", "reveal 2", "hand 1", "hand 2", "status"]
    assert pacer.waiting == 0
    # Never three requests within one window, nor two closer than half of it (limit 2).
    spans = [later - earlier for earlier, later in zip(moments, moments[2:], strict=False)]
    assert min(spans) >= WINDOW * 0.9
    gaps = [later - earlier for earlier, later in itertools.pairwise(moments)]
    assert min(gaps) >= WINDOW / 2 * 0.9


async def test_a_cancelled_request_gives_its_place_up() -> None:
    pacer = RestPacer(time.monotonic, limit=1, window=WINDOW)
    await pacer.turn()
    cancelled = asyncio.create_task(pacer.turn(Urgency.PUBLIC))
    following = asyncio.create_task(pacer.turn(Urgency.PRIVATE))
    await asyncio.sleep(0)
    cancelled.cancel()
    await asyncio.gather(cancelled, return_exceptions=True)
    assert pacer.waiting == 1
    await following
    assert pacer.waiting == 0
