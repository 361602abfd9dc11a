"""The public story of a game in sentences: reveals, moves, stage scoring, the final result.

Pure functions from engine events to sentences of the catalog (bot/messages/sentence.py), put into
the game's language by whoever shows them."""

from __future__ import annotations

from collections.abc import Mapping

import engine
from bot.messages.sentence import Joined, Names, Sentence, SignedDecimal, Word, sentence
from bot.messages.table import Table, card_label, signed


def play_line(table: Table, play: engine.Play, variant: engine.Variant) -> Sentence:
    card = card_label(play.card, variant)
    if play.player == engine.LEO:
        return sentence("reveal.leo_play", card=card)
    if variant == engine.Variant.TACTICAL:
        key = "reveal.tactical_play_auto" if play.automatic else "reveal.tactical_play"
    elif play.automatic:
        key = "reveal.play_auto"
    elif play.target == play.player:
        key = "reveal.play_self"
    else:
        key = "reveal.play"
    return sentence(
        key, player=table.mention(play.player), card=card, target=table.mention(play.target)
    )


def move_line(table: Table, move: engine.Move) -> Sentence:
    name = table.mention(move.figure)
    if move.start == move.end and move.delta == 0:
        return sentence("reveal.stays", figure=name, space=space_name(move.end))
    return sentence(
        "reveal.move_clamped" if move.clamped else "reveal.move",
        figure=name,
        delta=signed(move.delta),
        start=space_name(move.start),
        end=space_name(move.end),
    )


def space_name(space: int) -> Word:
    return sentence("reveal.start_space") if space == engine.START else str(space)


def round_revealed(table: Table, event: engine.RoundRevealed) -> list[Sentence]:
    lines = [sentence("reveal.title", stage=event.stage, round=event.round)]
    lines += [play_line(table, play, engine.Variant.STANDARD) for play in event.plays]
    lines += [move_line(table, move) for move in event.moves]
    return lines


def cards_revealed(table: Table, event: engine.CardsRevealed) -> list[Sentence]:
    lines = [sentence("reveal.title", stage=event.stage, round=event.round)]
    lines += [play_line(table, play, engine.Variant.TACTICAL) for play in event.plays]
    lines.append(sentence("reveal.order", order=table.mentions(event.order)))
    return lines


def figure_moved(table: Table, event: engine.FigureMoved) -> list[Sentence]:
    if event.automatic:
        key = "reveal.tactical_move_auto"
    elif event.target == event.mover:
        key = "reveal.tactical_move_self"
    else:
        key = "reveal.tactical_move"
    card = card_label(event.card, engine.Variant.TACTICAL)
    return [
        sentence(
            key, mover=table.mention(event.mover), card=card, figure=table.mention(event.target)
        ),
        move_line(table, event.move),
    ]


def stage_scored(
    table: Table, event: engine.StageScored, positions: dict[str, int]
) -> list[Sentence]:
    lines = [sentence("scoring.title", stage=event.stage)]
    if event.space is None:
        lines.append(sentence("scoring.nobody"))
    else:
        scorers = [figure for figure, space in positions.items() if space == event.space]
        lines.append(sentence("scoring.space", space=space_name(event.space)))
        points = dict(event.points)
        for figure in scorers:
            scored = points.get(figure, 0)
            lines.append(
                sentence(
                    "scoring.points",
                    count=scored,
                    figure=table.mention(figure),
                    points=signed(scored) if scored else "0",
                )
            )
    totals = ", ".join(f"{table.mention(figure)} {total}" for figure, total in event.totals)
    lines.append(sentence("scoring.totals", totals=totals))
    return lines


def final_result(
    table: Table,
    state: engine.GameState,
    event: engine.GameOver,
    rating_changes: Mapping[str, float] | None = None,
) -> list[Sentence]:
    """The result; `rating_changes`: each rated person's change on the shown scale."""
    lines = [sentence("final.title")]
    figures = engine.figures(state)
    for index, figure in enumerate(figures):
        per_stage = [points[index] for points in state.stage_points]
        lines.append(
            sentence(
                "final.row",
                figure=table.mention(figure),
                stages=" · ".join(str(points) for points in per_stage),
                total=dict(event.totals)[figure],
            )
        )
    winners = Names(tuple(table.mention(figure) for figure in event.winners))
    winning_total = dict(event.totals)[event.winners[0]] if event.winners else 0
    lines.append(
        sentence("final.winners", count=len(event.winners), winners=winners, total=winning_total)
    )
    changes = rating_changes or {}
    rated = [figure for figure in figures if figure in changes]
    if rated:
        each = tuple(
            sentence(
                "final.rating_change",
                player=table.mention(figure),
                change=SignedDecimal(changes[figure]),
            )
            for figure in rated
        )
        lines.append(sentence("final.rating_changes", changes=Joined(each, " · ")))
    lines.append(sentence("final.second_wins"))
    return lines
