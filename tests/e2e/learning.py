"""Playing a practice game through the learner's DMs as a learner would (their hand: one DM a
stage, edited each round; each round's reveal after it; the result at the end), and reading
what teaches the rules wherever a player sees it: every line that starts with the notes' mark,
in every version of every message, matched against the catalog's sentences."""

from __future__ import annotations

import json
import re
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from bot.i18n import default_catalog
from tests.e2e.table import buttons, enabled, turn_in
from tests.loopback import LoopbackDiscord, Message, Player

MARK = "💡 "
NOTES = ("first_hand", "first_reveal", "track_end", "fifth_round", "stage_end", "game_end")
SENTENCES = {
    "stage_end": ("stage_end", "stage_end_nobody"),
    "game_end": ("game_end", "game_end_shared"),
}
LOCALES = ("en", "de", "it")
ROW = re.compile(r"^(.+?): .* = \*\*(-?\d+)\*\*$")


def pattern(key: str, locale: str) -> re.Pattern[str]:
    """A catalog sentence as a pattern: its words as they are, each placeholder any text."""
    sentence = default_catalog().entry(key, locale)
    assert isinstance(sentence, str)
    return re.compile(".+?".join(re.escape(part) for part in re.split(r"\{[a-z_]+\}", sentence)))


def note_of(line: str) -> tuple[str, str]:
    """(the note, its language) that a line of a message says."""
    said = line.removeprefix(MARK)
    for note in NOTES:
        for key in SENTENCES.get(note, (note,)):
            for locale in LOCALES:
                if pattern(f"learn.{key}", locale).fullmatch(said):
                    return note, locale
    raise AssertionError(f"a line with the notes' mark says no note: {line!r}")


@dataclass(frozen=True)
class Shown:
    """A note as a player saw it: in which message, at which turn of its text (a hand's
    header, a reveal's title; None for a message without one, the result), in what language."""

    note: str
    locale: str
    message: int
    turn: tuple[int, int] | None
    hand: bool


def notes_seen(messages: list[Message]) -> list[Shown]:
    """Every showing of a note: a message's versions with the same turn are one showing."""
    seen: dict[tuple[str, int, tuple[int, int] | None], Shown] = {}
    for message in messages:
        for content, _ in [*message.revisions, (message.content, message.components)]:
            hand = "›" in content.splitlines()[0]  # a hand's header: where it is played
            for line in content.splitlines():
                if line.startswith(MARK):
                    note, locale = note_of(line)
                    turn = turn_in(content)
                    shown = Shown(note, locale, message.id, turn, hand)
                    seen.setdefault((note, message.id, turn), shown)
    return list(seen.values())


def marked(messages: list[Message]) -> list[str]:
    """Any version of any of the messages that carries the notes' mark."""
    return [
        content
        for message in messages
        for content, _ in [*message.revisions, (message.content, message.components)]
        if MARK.strip() in content
    ]


def final_of(learner: Player) -> Message | None:
    """The practice game's result: the DM that carries the game record."""
    return next(
        (m for m in learner.dms() if m.attachments and m.attachments[0].filename.endswith(".json")),
        None,
    )


def hand_of(learner: Player, played: set[tuple[int, int]]) -> Message | None:
    """The learner's DM hand for a turn they have not played yet."""
    for message in reversed(learner.dms()):
        turn = turn_in(message.content)
        if enabled(buttons(message, "card")) and turn is not None and turn not in played:
            return message
    return None


def stored_state(database: Path) -> engine.GameState:
    """The latest game's state as the bot last stored it."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        row = db.execute("SELECT state FROM games ORDER BY id DESC LIMIT 1").fetchone()
    return engine.state_from_dict(json.loads(row[0]))


def counted_rows(database: Path) -> dict[str, int]:
    """How many rows every table of standings, ratings and statistics holds."""
    tables = (
        "stage_points",
        "results",
        "unranked_results",
        "player_totals",
        "player_periods",
        "ratings",
    )
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        return {
            table: db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] for table in tables
        }


def engine_events(database: Path, game_id: int) -> list[engine.Event]:
    """What the engine makes of the game's stored action log, from its seed: the oracle of
    when each rule first mattered."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        variant, seed = db.execute(
            "SELECT variant, seed FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        players = [
            str(row[0])
            for row in db.execute(
                "SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
            )
        ]
        actions = [
            row[0]
            for row in db.execute(
                "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            )
        ]
    state = engine.new_game(players, engine.Variant(variant), int(seed))
    events: list[engine.Event] = []
    for action in actions:
        outcome = engine.apply(state, engine.action_from_dict(json.loads(action)))
        assert isinstance(outcome, engine.Accepted), outcome
        state = outcome.state
        events += outcome.events
    return events


def first_stop(events: list[engine.Event]) -> tuple[int, int] | None:
    """The round whose reveal first stopped a figure at an end of the track."""
    return next(
        (
            (event.stage, event.round)
            for event in events
            if isinstance(event, engine.RoundRevealed) and any(m.clamped for m in event.moves)
        ),
        None,
    )


def announced_totals(final: Message, names: dict[str, str]) -> dict[str, int]:
    """The result's totals, keyed as the record keys players."""
    ids = {name: player for player, name in names.items()}
    totals = {}
    for line in final.content.splitlines():
        found = ROW.match(line.strip())
        if found:
            mention = re.fullmatch(r"<@(\d+)>", found[1])
            totals[mention[1] if mention else ids.get(found[1], found[1])] = int(found[2])
    return totals


@dataclass
class Learner:
    """A learner at their practice game, aiming each card at whichever figure it takes
    nearest an end of the track (so that the game stops a figure there soon)."""

    discord: LoopbackDiscord
    player: Player
    database: Path
    played: set[tuple[int, int]] = field(default_factory=set)
    first_hand_after: float | None = None
    """Seconds from /whyfirst learn to the first hand with cards in their DMs."""

    async def learn(self, where: Any) -> Any:
        """/whyfirst learn in `where`; its outcome, once the first hand is in their DMs."""
        began = time.monotonic()
        outcome = await self.player.slash(where, "whyfirst learn")
        await self.discord.wait_for(
            lambda: hand_of(self.player, self.played), what="the first hand"
        )
        self.first_hand_after = time.monotonic() - began
        return outcome

    async def play_to_the_end(self) -> Message:
        while True:
            found = await self.discord.wait_for(
                lambda: final_of(self.player) or hand_of(self.player, self.played),
                timeout=30,
                what="a hand or the result",
            )
            final = final_of(self.player)
            if final is not None:
                return final
            await self.play(found)

    async def play(self, hand: Message) -> None:
        turn = turn_in(hand.content)
        assert turn is not None
        before = len(hand.revisions)
        card, target = self.aim(hand)
        answer = await self.player.click(hand, custom_id=card["custom_id"])
        assert answer.ephemeral_text is None, answer.ephemeral_text
        if target is not None:
            chosen = next(b for b in buttons(hand, "pick") if b["custom_id"].endswith(f":{target}"))
            answer = await self.player.click(hand, custom_id=chosen["custom_id"])
            assert answer.ephemeral_text is None, answer.ephemeral_text
        self.played.add(turn)
        await self.discord.wait_for(
            lambda: len(hand.revisions) > before + (target is not None), what="the hand redrawn"
        )

    def aim(self, hand: Message) -> tuple[dict[str, Any], str | None]:
        """The card, and the seat of the figure it goes in front of (None in round 5)."""
        cards = enabled(buttons(hand, "card"))
        value = {
            c["custom_id"]: engine.card(int(c["custom_id"].split(":")[6])).value for c in cards
        }
        turn = turn_in(hand.content)
        if turn is None or turn[1] == engine.ROUNDS:
            return cards[0], None
        spaces = stored_state(self.database).positions

        def beyond(card: dict[str, Any], seat: int) -> int:
            end = spaces[seat] + value[card["custom_id"]]
            return max(end - engine.MAX_SPACE, engine.MIN_SPACE - end)

        best = max(((c, s) for c in cards for s in range(len(spaces))), key=lambda cs: beyond(*cs))
        return best[0], str(best[1])
