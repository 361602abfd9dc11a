"""Plays games of Why First? through the bot's UI, as people would, and remembers every choice.

Custom ids are read, never written: card and target buttons are found in the messages the
bot sent, and their ids tell which card number and seat (or Leo) a click chose.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from tests.loopback import LoopbackDiscord, Message, Player, TextChannel

WAITING_MARK = "⏳"
# "Stage 2 · Round 3", "Stage 2, round 3", and the same in German and Italian.
TURN = re.compile(r"(?:Stage|Durchgang|Manche) (\d)(?: ·|,) (?:[Rr]ound|Kartenrunde|[Gg]iro) (\d)")
LEO = "Leo"
TURN_TIMEOUT = 30.0

TurnHook = Callable[[int, int], Awaitable[None]]


@dataclass(frozen=True)
class Choice:
    """What a player chose in one round: a card and (standard, tactical move) a figure."""

    player: str
    stage: int
    round: int
    card: int | None
    target: str | None


def buttons(message: Message, kind: str) -> list[dict[str, Any]]:
    return [b for b in message.buttons() if str(b.get("custom_id", "")).startswith(f"wf:{kind}:")]


def enabled(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [b for b in found if not b.get("disabled")]


def lobby_button(lobby: Message, action: str) -> str:
    """The custom id of a lobby button ("join", "start", ...), whatever its label's language."""
    return str(buttons(lobby, action)[0]["custom_id"])


def card_of(button: dict[str, Any]) -> int:
    return int(button["custom_id"].split(":")[6])


def turn_in(text: str) -> tuple[int, int] | None:
    found = TURN.search(text)
    return (int(found[1]), int(found[2])) if found else None


def channel_hand(player: Player, channel: TextChannel, stage: int, round_: int) -> Message | None:
    """The player's ephemeral hand in `channel` showing this turn with live cards, if any."""
    for message in reversed(player.ephemerals()):
        if message.channel is not channel.channel:
            continue
        if turn_in(message.content) == (stage, round_) and enabled(buttons(message, "card")):
            return message
    return None


def refused(player: Player, hand: Message, button: dict[str, Any], answer: str) -> str:
    """Why a click was refused, with what its hand showed at each of its versions."""
    versions = [*hand.revisions, (hand.content, hand.components)]
    shown = []
    for content, components in versions:
        ids = [
            str(c.get("custom_id"))
            for row in components
            for c in row.get("components", [])
            if str(c.get("custom_id", "")).startswith(("wf:card:", "wf:pick:"))
        ]
        shown.append(f"  {turn_in(content)} {content.splitlines()[-1][:60]!r} {ids}")
    return (
        f"{player.name}'s click on {button.get('custom_id')} was refused: {answer}\n"
        + "\n".join(shown)
    )


@dataclass
class Table:
    """One game in a channel: its seated players in seat order and what they chose."""

    discord: LoopbackDiscord
    channel: TextChannel
    players: list[Player]
    closed_dms: set[str] = field(default_factory=set)
    hands_in_channel: bool = False
    """The game was opened with `hands: channel`: each hand is an ephemeral message here."""
    seed: int = 1
    choices: list[Choice] = field(default_factory=list)
    lobby: Message | None = None
    patience: float = TURN_TIMEOUT
    """How long to wait for the bot (seconds); a load test under rate limits needs more."""
    acted_on: Message | None = None
    """The round message of the last turn played: the next turn comes with a new one."""

    def __post_init__(self) -> None:
        self.random = random.Random(self.seed)

    @property
    def host(self) -> Player:
        return self.players[0]

    def figure(self, code: str) -> str:
        """The figure a target code of a custom id names: a player's id, Leo, or (for a seat
        beyond the people this table plays for: an AI player) the seat's number."""
        if code == "L":
            return LEO
        seat = int(code)
        return str(self.players[seat].id) if seat < len(self.players) else f"seat {seat}"

    # --- the lobby --------------------------------------------------------------------------

    async def open(self, **options: Any) -> Message:
        """/whyfirst start by the host, Join by the others, Start by the host."""
        outcome = await self.host.slash(self.channel, "whyfirst start", **options)
        assert outcome.ephemeral_text is None, outcome.ephemeral_text
        self.lobby = outcome.message or self.channel.last_message()
        for player in self.players[1:]:
            joined = await player.click(self.lobby, custom_id=lobby_button(self.lobby, "join"))
            assert joined.ephemeral_text is None, joined.ephemeral_text
            # Seats follow the order the joins are stored in, which the players wait to see.
            await self.discord.wait_for(
                lambda lobby=self.lobby, p=player: p.mention in lobby.content,
                timeout=self.patience,
                what=f"{player.name} seated",
            )
        return await self.start()

    async def start(self) -> Message:
        """The host presses Start in the lobby."""
        assert self.lobby is not None
        started = await self.host.click(self.lobby, custom_id=lobby_button(self.lobby, "start"))
        assert started.ephemeral_text is None, started.ephemeral_text
        await self.discord.wait_for(
            self.round_message, timeout=self.patience, what="the first round message"
        )
        return self.lobby

    # --- what the channel shows ---------------------------------------------------------------

    def game_messages(self) -> list[Message]:
        if self.lobby is None:
            return self.channel.messages()
        return [m for m in self.channel.messages() if m.id > self.lobby.id]

    def round_messages(self) -> list[Message]:
        return [m for m in self.game_messages() if buttons(m, "hand")]

    def round_message(self) -> Message | None:
        found = self.round_messages()
        return found[-1] if found else None

    def final_message(self) -> Message | None:
        for message in self.game_messages():
            if message.attachments and message.attachments[0].filename.endswith(".json"):
                return message
        return None

    def record(self) -> dict[str, Any]:
        final = self.final_message()
        assert final is not None, "the game has no final message"
        return json.loads(final.attachments[0].data)  # type: ignore[no-any-return]

    def waiting_line(self, message: Message) -> str:
        return message.content.rpartition(WAITING_MARK)[2]

    def current_turn(self) -> tuple[int, int] | None:
        message = self.round_message()
        if message is None or WAITING_MARK not in message.content:
            return None
        return turn_in(self.waiting_line(message))

    def waiting_for(self, message: Message) -> list[Player]:
        line = self.waiting_line(message).split("<t:")[0]
        return [p for p in self.players if p.mention in line]

    # --- a player's private controls ------------------------------------------------------------

    async def controls(self, player: Player, stage: int, round_: int) -> Message:
        """The player's hand for this turn: their DM, or "Show my hand" when DMs are closed;
        with the hands in the channel, the ephemeral hand the bot keeps drawing there."""
        if self.hands_in_channel:
            return await self.discord.wait_for(
                lambda: channel_hand(player, self.channel, stage, round_),
                timeout=self.patience,
                what=f"{player.name}'s hand, {stage}/{round_}",
            )
        if str(player.id) in self.closed_dms:
            message = self.round_message()
            assert message is not None
            shown = await player.click(message, custom_id=buttons(message, "hand")[0]["custom_id"])
            assert shown.ephemeral is not None, "Show my hand gave no ephemeral reply"
            return shown.ephemeral

        def current_dm() -> Message | None:
            dms = player.dms()
            if not dms or turn_in(dms[-1].content) != (stage, round_):
                return None
            # Each stage has its own DM.
            if not enabled(buttons(dms[-1], "card")):
                return None
            return dms[-1]

        return await self.discord.wait_for(
            current_dm, timeout=self.patience, what=f"{player.name}'s hand for {stage}/{round_}"
        )

    # --- playing ------------------------------------------------------------------------------

    async def play_turn(self, players: list[Player] | None = None) -> tuple[int, int]:
        """Everyone still to act in the current turn acts, all clicks at the same instant."""
        message = await self.discord.wait_for(
            lambda: (
                self.current_turn()
                and self.round_message() is not self.acted_on
                and self.round_message()
            ),
            timeout=self.patience,
            what="a turn to play",
        )
        turn = self.current_turn()
        assert turn is not None
        stage, round_ = turn
        movers = buttons(message, "move")
        if movers:
            mover = next(
                p for p in self.players if f"{p.mention} moves" in self.waiting_line(message)
            )
            await self.move(mover, message, stage, round_)
        else:
            acting = players if players is not None else self.waiting_for(message)
            controls = await asyncio.gather(*(self.controls(p, stage, round_) for p in acting))
            await self.pick_all(list(zip(acting, controls, strict=True)), stage, round_)
        return stage, round_

    async def pick_all(self, hands: list[tuple[Player, Message]], stage: int, round_: int) -> None:
        self.acted_on = self.round_message()
        for player, hand in hands:
            assert enabled(buttons(hand, "card")), f"{player.name} has no card to play: {hand!r}"
        cards = [self.random.choice(enabled(buttons(hand, "card"))) for _, hand in hands]
        await self._click_and_see_redrawn(
            [(p, hand, card) for (p, hand), card in zip(hands, cards, strict=True)]
        )
        aimed = [(p, hand) for p, hand in hands if buttons(hand, "pick")]
        targets = [self.random.choice(buttons(hand, "pick")) for _, hand in aimed]
        await self._click_and_see_redrawn(
            [(p, hand, target) for (p, hand), target in zip(aimed, targets, strict=True)]
        )
        chosen = {p.id: t for (p, _), t in zip(aimed, targets, strict=True)}
        for (player, _), card in zip(hands, cards, strict=True):
            target = chosen.get(player.id)
            figure = self.figure(target["custom_id"].split(":")[7]) if target else None
            self.choices.append(Choice(str(player.id), stage, round_, card_of(card), figure))

    async def _click_and_see_redrawn(
        self, clicks: list[tuple[Player, Message, dict[str, Any]]]
    ) -> None:
        """Everyone clicks at the same instant; returns once each click's DM was redrawn (a
        click that commits is acknowledged first and redrawn once the play is stored) or the
        round was revealed (every play stored)."""
        before = [len(hand.revisions) for _, hand, _ in clicks]
        outcomes = await asyncio.gather(
            *(player.click(hand, custom_id=button["custom_id"]) for player, hand, button in clicks)
        )
        for (player, hand, button), outcome in zip(clicks, outcomes, strict=True):
            assert outcome.ephemeral_text is None, refused(
                player, hand, button, outcome.ephemeral_text
            )
        await self.discord.wait_for(
            lambda: (
                self.round_message() is not self.acted_on
                or all(
                    len(hand.revisions) > seen
                    for (_, hand, _), seen in zip(clicks, before, strict=True)
                )
            ),
            timeout=self.patience,
            what="the DMs redrawn after the clicks",
        )

    async def move(self, mover: Player, message: Message, stage: int, round_: int) -> None:
        self.acted_on = message
        button = self.random.choice(buttons(message, "move"))
        click = await mover.click(message, custom_id=button["custom_id"])
        assert click.ephemeral_text is None, click.ephemeral_text
        self.choices.append(
            Choice(
                str(mover.id), stage, round_, None, self.figure(button["custom_id"].split(":")[5])
            )
        )

    async def play_to_the_end(self, before_turn: TurnHook | None = None) -> Message:
        """Play every turn until the final message; `before_turn(stage, round)` may meddle."""
        while self.final_message() is None:
            before = self.round_message()
            await self.discord.wait_for(
                lambda: (
                    self.final_message()
                    or (self.current_turn() and self.round_message() is not self.acted_on)
                ),
                timeout=self.patience,
                what="a turn or the end",
            )
            if self.final_message() is not None:
                break
            turn = self.current_turn()
            if before_turn is not None and turn is not None:
                await before_turn(*turn)
            await self.play_turn()
            await self.discord.wait_for(
                lambda b=before: self.final_message() or self.round_message() is not b,
                timeout=self.patience,
                what="the reveal",
            )
        final = self.final_message()
        assert final is not None
        return final

    # --- checking the record against the choices ------------------------------------------------

    def chosen_plays(self) -> dict[tuple[int, int], list[tuple[str, int, str]]]:
        """Per (stage, round): sorted (player, card, target) as the record must hold them."""
        plays: dict[tuple[int, int], dict[str, list[Any]]] = {}
        for choice in self.choices:
            entry = plays.setdefault((choice.stage, choice.round), {}).setdefault(
                choice.player, [choice.player, None, None]
            )
            if choice.card is not None:
                entry[1] = choice.card
            if choice.target is not None or entry[2] is None:
                entry[2] = choice.target if choice.target is not None else choice.player
        return {
            turn: sorted(tuple(e) for e in by_player.values()) for turn, by_player in plays.items()
        }
