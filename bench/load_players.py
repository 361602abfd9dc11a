"""What simulated players see and do at human pace, for bench/load.py.

Lobbies open staggered, then every game plays on its own: each player waits for their hand
(a DM, or Show my hand when the DM did not come), thinks, clicks a card, thinks, clicks a
target; a click that failed is clicked again a second later, as people do. The burst pace,
which reuses `hand_ready`, is in bench/load_burst.py.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

from bench.load_run import Outcome, Settings, turns
from tests.e2e.table import Table, buttons, channel_hand, enabled, lobby_button, turn_in
from tests.loopback import Message, Player
from tests.loopback.errors import LoopbackError
from tests.loopback.interactions import InteractionOutcome

# People notice a new hand within a fraction of a second; polling thousands of players faster
# only spends the CPU the bot is measured with (latencies come from timestamps, not polls).
HUMAN_POLL_SECONDS = 0.25
DMS_CLOSED = "I can't send you DMs"
DM_FAILED = "Discord did not deliver your hand"
CLICK_ATTEMPTS = 3
REPEAT_PAUSE_SECONDS = 1.0


# --- what a player sees -------------------------------------------------------------------------


def told_no_hand(table: Table, player: Player) -> bool:
    """The bot told the channel it cannot DM the player (closed DMs), or that this round's
    hand did not reach them by DM (after retries)."""
    closed = f"{player.mention}, {DMS_CLOSED}"
    failed = f"{player.mention}, {DM_FAILED}"
    messages = table.game_messages()
    if any(m.content.startswith(closed) for m in messages):
        return True
    if not any(m.content.startswith(failed) for m in messages):
        return False
    current = table.round_message()
    return current is not None and any(
        m.id > current.id and m.content.startswith(failed) for m in messages
    )


def dm_for(player: Player, stage: int, round_: int) -> Message | None:
    dms = player.dms()
    if not dms or turn_in(dms[-1].content) != (stage, round_):
        return None
    first = dms[-1].revisions[0][0] if dms[-1].revisions else dms[-1].content
    turn = turn_in(first)
    if turn is None or turn[0] != stage or not enabled(buttons(dms[-1], "card")):
        return None
    return dms[-1]


def hand_ready(table: Table, player: Player, stage: int, round_: int) -> bool:
    """The player can play this round: by DM, or through Show my hand (and then says so);
    with the hands in the channel, through their ephemeral hand there."""
    if table.hands_in_channel:
        return channel_hand(player, table.channel, stage, round_) is not None
    if dm_for(player, stage, round_) is not None:
        table.closed_dms.discard(str(player.id))
        return True
    if told_no_hand(table, player):
        table.closed_dms.add(str(player.id))
        return True
    return False


def hand_seen(player: Player) -> str:
    """What the player's latest DM shows, for a stuck round's report."""
    dms = player.dms()
    if not dms:
        return "no DM"
    latest = dms[-1]
    cards = len(enabled(buttons(latest, "card")))
    return f"{len(dms)} DMs, the latest at {turn_in(latest.content)} with {cards} live cards"


async def until(check: Callable[[], object]) -> None:
    """Poll `check` until it passes (bounded by the caller's timeout).

    A timer rather than the fake's change event: thousands of waiters woken on every change
    would spend the CPU the bot is being measured with.
    """
    while not check():  # noqa: ASYNC110
        await asyncio.sleep(HUMAN_POLL_SECONDS)


# --- human pace: staggered lobbies, every game on its own, thinking players ------------------


async def human_click(
    player: Player,
    message: Message,
    outcome: Outcome,
    settled: Callable[[], bool] = lambda: False,
    **which: str,
) -> InteractionOutcome:
    """Click; after "This interaction failed" click again, as people do, unless `settled()`.

    A refusal after a repeat means the first click did land (its answer only came too late).
    """
    for attempt in range(CLICK_ATTEMPTS):
        if attempt:
            await asyncio.sleep(REPEAT_PAUSE_SECONDS)
            if settled():
                break
            outcome.repeated_clicks += 1
        clicked = await player.click(message, **which)
        if not clicked.failed:
            if attempt == 0 and clicked.ephemeral_text is not None:
                raise LoopbackError(f"the bot refused a click: {clicked.ephemeral_text}")
            return clicked
    if not settled():
        raise LoopbackError(f"{player.name} clicked {CLICK_ATTEMPTS} times, never acknowledged")
    return clicked


async def human_hand(
    table: Table, player: Player, turn: tuple[int, int], outcome: Outcome
) -> Message:
    """The player's hand: their DM, or the ephemeral reply to Show my hand; with the hands in
    the channel, their ephemeral hand there."""
    if table.hands_in_channel:
        hand = channel_hand(player, table.channel, *turn)
        assert hand is not None, "a hand is ready only once it shows the turn"
        return hand
    dm = dm_for(player, *turn)
    if dm is not None:
        return dm
    current = table.round_message()
    assert current is not None, "a hand is ready only once the round message is there"
    shown = await human_click(player, current, outcome, label="Show my hand")
    if shown.ephemeral is None:
        raise LoopbackError("Show my hand gave no ephemeral reply")
    return shown.ephemeral


async def human_turn(
    table: Table,
    player: Player,
    thinker: random.Random,
    turn: tuple[int, int],
    run: Settings,
    outcome: Outcome,
) -> float:
    """Wait for the hand, think, click a card, think, click a target; when the pick was sent."""
    before = table.round_message()

    def revealed() -> bool:
        return table.round_message() is not before

    await until(lambda: hand_ready(table, player, *turn))
    if before is not None:
        outcome.hand_waits.append(time.monotonic() - before.created_monotonic)
    hand = await human_hand(table, player, turn, outcome)
    await asyncio.sleep(thinker.uniform(*run.card_think))
    card = thinker.choice(enabled(buttons(hand, "card")))
    sent = time.monotonic()
    await human_click(player, hand, outcome, revealed, custom_id=card["custom_id"])
    targets = buttons(hand, "pick")
    if targets and not revealed():
        await asyncio.sleep(thinker.uniform(*run.target_think))
        target = thinker.choice(targets)
        sent = time.monotonic()
        await human_click(player, hand, outcome, revealed, custom_id=target["custom_id"])
    return sent


async def human_lobby(table: Table, outcome: Outcome, run: Settings) -> None:
    """/whyfirst start by the host, Join by the others, Add AI by the host for each AI seat,
    Start by the host."""
    opened = await table.host.slash(
        table.channel, "whyfirst start", pick_seconds=600, hands=run.hands, ai_level=run.ai_level
    )
    if opened.failed or opened.ephemeral_text is not None:
        raise LoopbackError(f"/whyfirst start failed: {opened.ephemeral_text}")
    lobby = table.lobby = opened.message or table.channel.last_message()
    for player in table.players[1:]:
        await human_click(player, lobby, outcome, label="Join")
    for seats in range(1, run.ai + 1):
        await human_click(table.host, lobby, outcome, custom_id=lobby_button(lobby, "add_ai"))
        await until(lambda seats=seats: lobby.content.count("(AI)") == seats)

    def started() -> bool:
        return table.round_message() is not None

    await human_click(table.host, table.lobby, outcome, started, label="Start")
    await until(started)


async def human_game(
    table: Table, index: int, opens_at: float, run: Settings, outcome: Outcome
) -> None:
    await asyncio.sleep(max(0.0, opens_at - time.monotonic()))
    thinkers = [random.Random(f"{run.seed}/{index}/{seat}") for seat in range(run.people)]
    try:
        async with asyncio.timeout(run.round_timeout):
            await human_lobby(table, outcome, run)
    except (TimeoutError, LoopbackError) as problem:
        outcome.stuck.append(f"{table.channel.name}: its lobby did not start: {problem!r}")
        return
    await human_rounds(table, thinkers, turns(run.rounds), run, outcome)


async def human_rounds(
    table: Table,
    thinkers: list[random.Random],
    rounds: list[tuple[int, int]],
    run: Settings,
    outcome: Outcome,
) -> None:
    """The game's `rounds` at human pace, each one's reveal timed (a game's last reveal is
    its final message)."""
    for turn in rounds:
        before = table.round_message()
        assert before is not None
        try:
            async with asyncio.timeout(run.round_timeout):
                sent = await asyncio.gather(
                    *(
                        human_turn(table, player, thinker, turn, run, outcome)
                        for player, thinker in zip(table.players, thinkers, strict=True)
                    )
                )
                await until(
                    lambda b=before: table.round_message() is not b or table.final_message()
                )
        except TimeoutError:
            awaited = table.waiting_for(before)
            outcome.stuck.append(
                f"{table.channel.name}, stage {turn[0]} round {turn[1]}: no reveal within "
                f"{run.round_timeout:.0f} s (the bot still waits for {len(awaited)} players; "
                + "; ".join(f"{p.name}: {hand_seen(p)}" for p in awaited)
                + ")"
            )
            return
        except LoopbackError as problem:
            outcome.stuck.append(
                f"{table.channel.name}, stage {turn[0]} round {turn[1]}: {problem!r}"
            )
            return
        reveal = table.final_message() or table.round_message()
        assert reveal is not None
        outcome.reveal_latencies.append(reveal.created_monotonic - max(sent))
        outcome.revealed += 1


async def play_human(tables: list[Table], run: Settings) -> Outcome:
    outcome = Outcome()
    start = time.monotonic()
    await asyncio.gather(
        *(
            human_game(table, index, start + index / run.open_rate, run, outcome)
            for index, table in enumerate(tables)
        )
    )
    return outcome
