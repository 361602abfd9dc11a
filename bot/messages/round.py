"""The game's round messages in the channel: a reveal's story with the picture of the track and who
the round waits for (its buttons, messages/controls.py, are added by messages/reveal.py); the same
message edited to show who it waits for now, with its buttons; the half-time reminder. Pure but for
the picture, drawn off the event loop: the announcer posts and edits what these return."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import engine
from bot.i18n import t
from bot.messages.controls import channel_controls
from bot.messages.narrate import cards_revealed, figure_moved, round_revealed, stage_scored
from bot.messages.picture import Snapshot, board_for, fold_moves, render_picture
from bot.messages.post import CONTENT_LIMIT, Post
from bot.messages.sentence import Sentence, sentence, words
from bot.messages.table import Table, card_label
from bot.options import HandsIn
from bot.storage.records import PlayerId
from bot.ui.replies import NO_PINGS, PINGS

WAITING_MARK = "⏳"


@dataclass(frozen=True)
class Story:
    """What a transition tells the channel: its lines, where the figures stand after its moves,
    and (if a stage was scored) which stage and the space that scored."""

    lines: tuple[str, ...]
    snapshot: Snapshot
    scoring_space: int | None
    scored_stage: int | None
    turn: tuple[int, int] | None = None
    """The stage and round whose plays it tells; None before the first round."""
    pings: bool = False
    """Whether its names ping (the game's start)."""

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def opening_story(table: Table, state: engine.GameState) -> Story:
    """The game's first round message: who plays what, and where their hands are."""
    variant = sentence(f"variant.{state.variant.value}")
    players = table.mentions(table.players)
    begins = "game.begins_channel" if table.hands is HandsIn.CHANNEL else "game.begins"
    intro = sentence(begins, players=players, variant=variant)
    lines = words((intro,), table.locale)
    return Story(lines, Snapshot(engine.positions(state), {}), None, None, pings=True)


def story_of(
    table: Table,
    before: engine.GameState | None,
    state: engine.GameState,
    events: tuple[engine.Event, ...],
) -> Story:
    """What a change from `before` to `state` tells; None before: the game's start."""
    if before is None:
        return opening_story(table, state)
    snapshot = fold_moves(engine.positions(before), events)
    lines: list[Sentence] = []
    scoring_space: int | None = None
    scored_stage: int | None = None
    turn: tuple[int, int] | None = None
    for event in events:
        if isinstance(event, engine.RoundRevealed | engine.CardsRevealed | engine.FigureMoved):
            turn = (event.stage, event.round)
        if isinstance(event, engine.RoundRevealed):
            lines += round_revealed(table, event)
        elif isinstance(event, engine.CardsRevealed):
            lines += cards_revealed(table, event)
        elif isinstance(event, engine.FigureMoved):
            lines += figure_moved(table, event)
        elif isinstance(event, engine.StageScored):
            lines += stage_scored(table, event, snapshot.positions)
            scoring_space, scored_stage = event.space, event.stage
    return Story(words(lines, table.locale), snapshot, scoring_space, scored_stage, turn)


async def round_post(
    table: Table, state: engine.GameState, story: Story, deadline: datetime | None
) -> Post:
    """A new round message without its buttons (messages/reveal.py adds them): the story, who
    the round waits for, and the picture of the track after the story (drawn off the event
    loop), with the same in words for a channel that refuses files."""
    caption = (picture_caption(table, state, story),)
    board = board_for(table, story.snapshot, caption, story.scoring_space)
    picture = await render_picture(board, table.locale)
    content = fit(story.text, waiting_line(table, state, deadline))
    return Post(
        content,
        file=picture.file,
        text_only=fit(content, picture.words),
        mentions=PINGS if story.pings else NO_PINGS,
    )


def waiting_post(
    table: Table, state: engine.GameState, deadline: datetime | None, story: str
) -> Post:
    """The round message edited: its story, and who the round waits for now."""
    return Post(fit(story, waiting_line(table, state, deadline)), channel_controls(table, state))


def reminder_post(table: Table, state: engine.GameState, missing: tuple[PlayerId, ...]) -> Post:
    """The half-time reminder, pinging those it reminds."""
    return Post(reminder(table, state, missing), mentions=PINGS)


def picture_caption(table: Table, state: engine.GameState, story: Story) -> str:
    """The caption of the story's picture, which shows the board after what it tells: the
    stage it scored, else the round it revealed (as on the replay page), else (before the
    first round) the stage's start."""
    if story.scored_stage is not None:
        return t("picture.caption_scored", table.locale, stage=story.scored_stage)
    if story.turn is not None:
        stage, round_ = story.turn
        return t("picture.caption", table.locale, stage=stage, round=round_)
    return t("picture.caption_start", table.locale, stage=state.stage)


def waiting_line(table: Table, state: engine.GameState, deadline: datetime | None) -> str:
    """Who the round waits for, and until when (empty once the game is over)."""
    if state.phase == engine.Phase.FINISHED:
        return ""
    locale = table.locale
    # Discord shows <t:…:R> as "in 1 minute": said alone, it read as if the wait began then.
    when = (
        t("round.deadline", locale, when=f"<t:{int(deadline.timestamp())}:R>") if deadline else ""
    )
    who: dict[str, object]
    if state.phase == engine.Phase.MOVING:
        # The engine's current mover is the first of the moves left, with their card.
        mover, card = state.move_order[0]
        key, who = "round.waiting_mover", {"mover": table.mention(mover)}
        who["card"] = card_label(card, state.variant)
    else:
        key, who = "round.waiting", {"players": table.mentions(engine.waiting_for(state))}
    line = t(key, locale, stage=state.stage, round=state.round, deadline=when, **who)
    return f"{WAITING_MARK} {line}".rstrip()


def reminder(table: Table, state: engine.GameState, missing: tuple[PlayerId, ...]) -> str:
    """The half-time reminder to the players still awaited: pick a card, or (a tactical move
    awaited) choose the figure the card moves."""
    moving = state.phase == engine.Phase.MOVING
    key = "round.reminder_move" if moving else "round.reminder"
    return t(key, table.locale, players=table.mentions(missing))


def story_without_waiting_line(content: str) -> str:
    """A round message's story, read back from its content."""
    story, _, _ = content.rpartition("\n\n" + WAITING_MARK)
    return story


def fit(story: str, tail: str) -> str:
    """The story and the tail (a status line) within Discord's 2000 characters."""
    if not tail:
        return story[:CONTENT_LIMIT]
    room = CONTENT_LIMIT - len(tail) - 2
    if len(story) > room:
        story = story[: max(room - 1, 0)] + "…"
    return f"{story}\n\n{tail}" if story else tail
