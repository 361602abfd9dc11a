"""Games played as people play them while the bot may die under their fingers: each player
looks at what they see now (the round message, their newest hand) and acts on it; a click
that goes unanswered is tried again once the bot is back. Nobody presses Show my hand unless
their hand did not come within HAND_PATIENCE (that is counted).

A game that ends is checked: every round revealed once, the record replaying to the totals
the channel was told."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.chaos.tally import Tally
from tests.e2e.results import announced_totals, replay
from tests.e2e.table import WAITING_MARK, buttons, enabled, lobby_button, turn_in
from tests.loopback import LoopbackDiscord, Message, Player, TextChannel
from tests.loopback.errors import LoopbackError
from tests.loopback.interactions import InteractionOutcome

HAND_PATIENCE = 30.0
"""Seconds a player waits for their hand before pressing Show my hand (a hand that never came)."""
STUCK_SECONDS = 180.0
"""Seconds without anything new in a game before the soak calls it stuck and cancels it."""
PICK_SECONDS = 600
REVEALED = "revealed**"


@dataclass
class Place:
    """Where a game is played: its loopback Discord, its channel, and a wait until a process
    that answers it is alive."""

    discord: LoopbackDiscord
    channel: TextChannel
    up: Callable[[], Awaitable[None]]
    workdir: Path
    last_kill: Callable[[], str]
    killed_around: Callable[[float], bool]
    """Whether a click made then (time.monotonic()) met a kill of a process that answers it."""


def first_line(text: str) -> str:
    return text.splitlines()[0] if text else ""


async def click(
    player: Player,
    message: Message,
    custom_id: str,
    tally: Tally,
    killed_around: Callable[[float], bool],
) -> InteractionOutcome | None:
    """The click, or None when the button is not there (any more) to be clicked. A click
    not answered within 3 s is counted, whichever button it was."""
    clicked = time.monotonic()
    try:
        outcome = await player.click(message, custom_id=custom_id)
    except LoopbackError:
        return None
    if outcome.failed:
        tally.click_failed(killed_around(clicked))
    return outcome


@dataclass
class GamePlay:
    place: Place
    players: list[Player]
    """The people seated, host first (AI seats are not in it)."""
    tally: Tally
    rng: random.Random
    hands: str = "dm"
    after: int = 0
    """The id of the message the game's own come after (its lobby's, or 0 in a table thread)."""
    awaited: dict[tuple[tuple[int, int], int], float] = field(default_factory=dict)
    missing: set[tuple[tuple[int, int], int]] = field(default_factory=set)
    progress: float = field(default_factory=time.monotonic)

    async def click(
        self, player: Player, message: Message, custom_id: str
    ) -> InteractionOutcome | None:
        return await click(player, message, custom_id, self.tally, self.place.killed_around)

    # --- what the channel shows -------------------------------------------------------------

    def messages(self) -> list[Message]:
        return [m for m in self.place.channel.messages() if m.id > self.after]

    def final(self) -> Message | None:
        return next((m for m in self.messages() if m.content.startswith("**Game over!**")), None)

    def round_message(self) -> Message | None:
        found = [m for m in self.messages() if buttons(m, "hand")]
        return found[-1] if found else None

    def hand(self, player: Player, turn: tuple[int, int]) -> Message | None:
        """The player's newest hand, if it shows this turn."""
        if self.hands == "channel":
            seen = [m for m in player.ephemerals() if m.channel is self.place.channel.channel]
        else:
            seen = player.dms()
        mine = [m for m in seen if buttons(m, "card") or "You played" in m.content]
        newest = mine[-1] if mine else None
        return newest if newest is not None and turn_in(newest.content) == turn else None

    # --- opening ----------------------------------------------------------------------------

    async def open(self, ai_seats: int = 0, pick_seconds: int = PICK_SECONDS) -> bool:
        host = self.players[0]
        self.after = max((m.id for m in self.place.channel.messages()), default=0)
        lobby, refused = None, None
        for _ in range(20):
            await self.place.up()
            outcome = await host.slash(
                self.place.channel, "whyfirst start", pick_seconds=pick_seconds, hands=self.hands
            )
            lobby = next((m for m in reversed(self.messages()) if buttons(m, "join")), None)
            if lobby is not None:
                break
            if outcome.ephemeral_text is not None:  # a lobby nobody saw holds the channel
                cancel = await host.slash(self.place.channel, "whyfirst cancel")
                await asyncio.sleep(1)
                refused = f"{outcome.ephemeral_text} / {cancel.texts()} {cancel.failed}"
            await asyncio.sleep(1)
        if lobby is None:
            self.tally.unopened += 1
            self.tally.note(f"#{self.place.channel.name}: no lobby opened in 20 tries: {refused}")
            return False
        self.after = lobby.id - 1
        for player in self.players[1:]:
            while player.mention not in lobby.content and buttons(lobby, "join"):
                await self.place.up()
                await self.click(player, lobby, lobby_button(lobby, "join"))
        while lobby.content.count("🤖") < ai_seats and buttons(lobby, "add_ai"):
            await self.place.up()
            await self.click(host, lobby, lobby_button(lobby, "add_ai"))
            await asyncio.sleep(0.3)
        for _ in range(60):
            if self.round_message() is not None:
                return True
            if buttons(lobby, "start"):
                await self.place.up()
                await self.click(host, lobby, lobby_button(lobby, "start"))
            await asyncio.sleep(0.5)
        self.tally.note(f"#{self.place.channel.name}: the game did not start")
        return False

    # --- playing ----------------------------------------------------------------------------

    async def play(self, *, idle: Player | None = None) -> Message | None:
        """Everyone but `idle` plays until the game is over; its final message, or None when
        it got stuck (then it is cancelled)."""
        playing = [p for p in self.players if p is not idle]
        tasks = [asyncio.create_task(self._player(player)) for player in playing]
        try:
            while (final := self.final()) is None:
                if time.monotonic() - self.progress > STUCK_SECONDS:
                    self.tally.stuck += 1
                    message = self.round_message()
                    seen = message.content.splitlines()[0] if message else None
                    self.tally.note(f"#{self.place.channel.name}: stuck at {seen!r}")
                    await self.players[0].slash(self.place.channel, "whyfirst cancel")
                    return None
                await asyncio.sleep(0.5)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        await self.check(final)
        return final

    async def _player(self, player: Player) -> None:
        shown = 0
        while True:
            await asyncio.sleep(self.rng.uniform(0.1, 0.6))
            now = len(self.messages()) + sum(len(m.revisions) for m in self.messages())
            if now != shown:
                shown, self.progress = now, time.monotonic()
            message = self.round_message()
            if message is None or WAITING_MARK not in message.content:
                continue
            line = message.content.rpartition(WAITING_MARK)[2].split("<t:")[0]
            turn = turn_in(line)
            if turn is None or player.mention not in line:
                continue
            hand = self.hand(player, turn)
            if hand is None or "You played" in hand.content:
                await self._waiting(player, turn, message)
                continue
            await self._act(player, hand)

    async def _waiting(self, player: Player, turn: tuple[int, int], message: Message) -> None:
        key = (turn, player.id)
        since = self.awaited.setdefault(key, time.monotonic())
        hand = self.hand(player, turn)
        if hand is not None or key in self.missing or time.monotonic() - since < HAND_PATIENCE:
            return
        self.missing.add(key)
        self.tally.hands_missing += 1
        seen = player.dms() if self.hands == "dm" else player.ephemerals()
        newest = first_line(seen[-1].content) if seen else None
        # What the newest one showed before, oldest first: a hand edited back to an older
        # round reads differently from one never edited.
        before = [first_line(text) for text, _ in seen[-1].revisions[-3:]] if seen else []
        self.tally.note(
            f"#{self.place.channel.name}: {player.name}'s hand for {turn} never came "
            f"(their newest {self.hands}: {newest!r}, before it {before!r}; "
            f"{self.place.last_kill()})"
        )
        show = buttons(message, "hand")
        if show:
            await self.click(player, message, str(show[0]["custom_id"]))

    async def _act(self, player: Player, hand: Message) -> None:
        targets = buttons(hand, "pick")
        cards = enabled(buttons(hand, "card"))
        chosen = targets or cards
        if not chosen:
            return
        outcome = await self.click(player, hand, str(self.rng.choice(chosen)["custom_id"]))
        if outcome is not None and outcome.failed:
            await self.place.up()

    # --- checking ---------------------------------------------------------------------------

    async def check(self, final: Message) -> None:
        """Every round revealed once; the record replays to what the channel was told."""
        name = f"#{self.place.channel.name}"
        shown = Counter(
            turn
            for m in self.messages()
            if REVEALED in m.content.splitlines()[0]
            and (turn := turn_in(m.content.splitlines()[0])) is not None
        )
        self.tally.games += 1
        self.tally.rounds += len(shown)
        doubled = sum(count - 1 for count in shown.values())
        lost = 25 - len(shown)
        if doubled or lost:
            self.tally.note(f"{name}: {doubled} reveals doubled, {lost} lost: {sorted(shown)}")
        self.tally.reveals_doubled += doubled
        self.tally.reveals_lost += lost
        record = json.loads(final.attachments[0].data)
        replayed = await replay(record, self.place.workdir)
        announced = announced_totals(final)  # people and Leo: an AI seat is named, not mentioned
        humans = {str(player.id) for player in self.players}
        if not humans <= set(announced) or any(
            replayed["totals"].get(figure) != total for figure, total in announced.items()
        ):
            self.tally.records_differing += 1
            self.tally.note(f"{name}: the record replays to {replayed['totals']}")
