"""Simulated people who play one game through the bot's UI at a human pace, their choices seeded.

Each person draws from a generator of their own, in a fixed order (think, card, think,
target), so what they choose does not depend on who happened to click first.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import Any, Literal

from tests.e2e.table import Table, buttons, enabled, lobby_button
from tests.loopback import Message, Player

Turn = tuple[int, int]
Version = tuple[int, int]
"""A message's id and which of its versions: 0 is the first, each edit adds one."""
GAME_OVER: Literal["game over"] = "game over"

# Seconds on the game's clock (the bot's clock runs faster in the demo: see Pace).
JOIN_THINK = (2.0, 6.0)
CARD_THINK = (2.0, 7.0)
TARGET_THINK = (1.0, 4.0)
MOVE_THINK = (1.0, 4.0)


class DemoError(RuntimeError):
    """The game did not go as a player expected (a refused click, a hand that never came)."""


@dataclass(frozen=True)
class Pace:
    """How fast the game's clock runs: the bot gets the same scale as WHYFIRST_TIME_SCALE."""

    time_scale: float

    async def think(self, seat: Seat, bounds: tuple[float, float]) -> None:
        await asyncio.sleep(seat.rng.uniform(*bounds) * self.time_scale)


@dataclass
class Seat:
    """One simulated person at the table and the generator their choices come from."""

    player: Player
    rng: random.Random
    clicked: dict[Version, set[str]] = field(default_factory=dict)
    """The custom ids of the buttons this person clicked, by the message version they saw."""

    @classmethod
    def seeded(cls, player: Player, seed: int) -> Seat:
        return cls(player, random.Random(f"{seed}/{player.name}"))


async def click(seat: Seat, message: Message, custom_id: str) -> None:
    """Click a button; a click the bot refused or never answered stops the demo."""
    seat.clicked.setdefault((message.id, len(message.revisions)), set()).add(custom_id)
    outcome = await seat.player.click(message, custom_id=custom_id)
    if outcome.failed or outcome.ephemeral_text is not None:
        said = outcome.ephemeral_text or "This interaction failed"
        raise DemoError(f"{seat.player.name} clicked {custom_id} and the bot said: {said}")


async def open_game(table: Table, seats: list[Seat], pace: Pace, **options: Any) -> Message:
    """The first seat runs /whyfirst start, the others join one by one, the host starts.

    Returns the reply to the slash command (the lobby message).
    """
    host = seats[0]
    outcome = await host.player.slash(table.channel, "whyfirst start", **options)
    if outcome.ephemeral_text is not None or outcome.message is None:
        raise DemoError(f"/whyfirst start was refused: {outcome.ephemeral_text}")
    table.lobby = outcome.message
    for seat in seats[1:]:
        await pace.think(seat, JOIN_THINK)
        await click(seat, table.lobby, lobby_button(table.lobby, "join"))
    await pace.think(host, JOIN_THINK)
    await table.start()
    return outcome.message


def next_turn(
    table: Table, player: Player, played: set[Turn], moved: set[int]
) -> Turn | Message | str | None:
    """The turn the player is awaited in and has not played yet, the round message whose
    figure buttons await their tactical move, GAME_OVER, or None."""
    if table.final_message() is not None:
        return GAME_OVER
    message = table.round_message()
    turn = table.current_turn()
    if message is None or turn is None or player not in table.waiting_for(message):
        return None
    if buttons(message, "move"):
        return None if message.id in moved else message
    return None if turn in played else turn


async def play_turn(table: Table, seat: Seat, turn: Turn, pace: Pace) -> None:
    """Look at the hand, think, click a card; think, click whom it goes in front of."""
    hand = await table.controls(seat.player, *turn)
    await pace.think(seat, CARD_THINK)
    cards = enabled(buttons(hand, "card"))
    if not cards:
        raise DemoError(f"{seat.player.name} has no card to play in {turn}")
    await click(seat, hand, seat.rng.choice(cards)["custom_id"])
    targets = enabled(buttons(hand, "pick"))
    if targets:
        await pace.think(seat, TARGET_THINK)
        await click(seat, hand, seat.rng.choice(targets)["custom_id"])


async def move_figure(seat: Seat, message: Message, pace: Pace) -> None:
    """A tactical move: think, click one of the figures on the round message."""
    await pace.think(seat, MOVE_THINK)
    figures = enabled(buttons(message, "move"))
    await click(seat, message, seat.rng.choice(figures)["custom_id"])


async def play_seat(table: Table, seat: Seat, pace: Pace) -> None:
    """Play every turn (and tactical move) the bot awaits this person in, until the game is
    over."""
    played: set[Turn] = set()
    moved: set[int] = set()
    while True:
        turn = await table.discord.wait_for(
            lambda: next_turn(table, seat.player, played, moved),
            timeout=table.patience,
            what=f"{seat.player.name}'s next turn",
        )
        if turn == GAME_OVER:
            return
        if isinstance(turn, Message):
            await move_figure(seat, turn, pace)
            moved.add(turn.id)
            continue
        assert isinstance(turn, tuple)
        await play_turn(table, seat, turn, pace)
        played.add(turn)


async def play_game(table: Table, seats: list[Seat], pace: Pace) -> Message:
    """Everyone plays on their own until the final message; it is returned."""
    async with asyncio.TaskGroup() as group:
        for seat in seats:
            group.create_task(play_seat(table, seat, pace))
    final = table.final_message()
    assert final is not None
    return final
