"""The replay page of a finished game (/g/<token>) and its final picture: the track after
every round, drawn as SVG whose figures the page's script moves from space to space, the
cards of each round in front of their figures, the stage scoring and the result, in the
game's language. Readable without its script (every round listed) and without colour
(every figure carries its initial, as on the picture)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace

import engine
from bot.i18n import join_names, t
from bot.messages.picture import Snapshot, board_for
from bot.messages.table import Table
from bot.render import Board, describe_board
from bot.storage import GameRecord, is_former_player, user_id_of
from bot.web.replay import Card, Person, Replay, Step, replay_of
from bot.web.templates import assets_version, render
from bot.web.track import LIFT, tracks


def named_table(record: GameRecord) -> Table:
    """The game's table, with erased people named as a former player in the page's language."""
    table = Table.of(record)
    former = t("web.former_player", table.locale)
    names = {
        player: former if is_former_player(user_id_of(player)) else name
        for player, name in table.names.items()
    }
    return replace(table, names=names)


def _replayed(record: GameRecord) -> tuple[Table, Replay]:
    assert record.state is not None, "a finished game has its final state"
    table = named_table(record)
    return table, replay_of(table, engine.state_from_dict(record.state))


def final_board(record: GameRecord) -> Board:
    """The final picture: where the figures stood when the last stage was scored."""
    table, replay = _replayed(record)
    return _board(table, replay, replay.steps[-1], table.locale)


def page_version(record: GameRecord) -> str:
    """Changes whenever what the page shows could: the game's names (an erased player) or
    language, or the page's own templates, script and style."""
    table = named_table(record)
    shown = json.dumps([record.id, record.version, table.names, table.locale, assets_version()])
    return hashlib.sha256(shown.encode()).hexdigest()[:20]


def replay_page(record: GameRecord, page_url: str, picture_url: str) -> str:
    """The page of a finished game (its state is the final one)."""
    table, replay = _replayed(record)
    locale = table.locale
    last = replay.steps[-1]
    last_board = _board(table, replay, last, locale)
    winners = join_names([replay.person(figure).name for figure in replay.winners], locale)
    winning_total = dict(zip(_figures(replay), replay.totals, strict=True))[replay.winners[0]]
    winners_sentence = t(
        "web.winners", locale, count=len(replay.winners), winners=winners, total=winning_total
    )
    return render(
        "replay.html",
        locale,
        lang=locale or "en",
        title=t("web.replay_title", locale, game=replay.game_id),
        footer=t("web.footer_replay", locale),
        description=winners_sentence,
        page_url=page_url,
        picture_url=picture_url,
        picture_alt=describe_board(last_board),
        replay=replay,
        people=replay.people,
        steps=[_step_view(table, replay, step, locale) for step in replay.steps],
        start_words=describe_board(_start_board(table, replay)),
        winners_sentence=winners_sentence,
        tactical=replay.variant is engine.Variant.TACTICAL,
        tracks=tracks(last.after, last.scoring_space),
        data=_script_data(replay),
    )


def _figures(replay: Replay) -> tuple[str, ...]:
    return tuple(person.figure for person in replay.people)


def _board(table: Table, replay: Replay, step: Step, locale: str | None) -> Board:
    caption_key = "picture.caption_scored" if step.scored else "picture.caption"
    caption = (t(caption_key, locale, stage=step.stage, round=step.round),)
    figures = _figures(replay)
    moves = {
        figure: engine.Move(figure, start, delta, end, end - start != delta)
        for figure, start, end, delta in zip(
            figures, step.before, step.after, _deltas(replay, step), strict=True
        )
        if delta
    }
    snapshot = Snapshot(dict(zip(figures, step.after, strict=True)), moves)
    return board_for(table, snapshot, caption, step.scoring_space)


def _start_board(table: Table, replay: Replay) -> Board:
    snapshot = Snapshot({figure: engine.START for figure in _figures(replay)}, {})
    return board_for(table, snapshot)


def _deltas(replay: Replay, step: Step) -> list[int]:
    return [
        sum(card.value for card in step.cards if card.target == person.figure)
        for person in replay.people
    ]


@dataclass(frozen=True)
class Row:
    person: Person
    cards: str
    before: int
    after: int
    points: int | None
    total: int


@dataclass(frozen=True)
class StepView:
    step: Step
    caption: str
    words: str
    rows: tuple[Row, ...]


def _step_view(table: Table, replay: Replay, step: Step, locale: str | None) -> StepView:
    rows = []
    for index, person in enumerate(replay.people):
        received = [card for card in step.cards if card.target == person.figure]
        rows.append(
            Row(
                person,
                t("render.list_separator", locale).join(
                    _card_text(replay, card, locale) for card in received
                ),
                step.before[index],
                step.after[index],
                None if step.points is None else step.points[index],
                step.totals[index],
            )
        )
    caption = t("picture.caption", locale, stage=step.stage, round=step.round)
    return StepView(step, caption, describe_board(_board(table, replay, step, locale)), tuple(rows))


def _card_text(replay: Replay, card: Card, locale: str | None) -> str:
    value = f"{card.value:+d}".replace("-", "−")
    if card.player == card.target:
        return t("web.card_own", locale, card=value)
    return t("web.card_from", locale, card=value, player=replay.person(card.player).name)


def _script_data(replay: Replay) -> dict[str, object]:
    """What the script needs to move the figures: each layout's cells and each step's spaces."""
    start = (engine.START,) * len(replay.people)
    steps: list[dict[str, object]] = [{"before": start, "after": start, "scoring": None}]
    steps += [
        {"before": list(step.before), "after": list(step.after), "scoring": step.scoring_space}
        for step in replay.steps
    ]
    return {
        "min": engine.MIN_SPACE,
        "lift": LIFT,
        "steps": steps,
        "layouts": [layout.script_data() for layout in tracks(start, None)],
    }
