"""The public story of a game in sentences: reveals, moves, stage scoring, the final result.

Pure functions from engine events to text; the announcer posts what they return.
"""

from __future__ import annotations

from collections.abc import Mapping

import engine
from bot.i18n import signed_decimal, t
from bot.messages.table import Table, card_label, signed
from bot.render.describe import join_names


def play_line(table: Table, play: engine.Play, variant: engine.Variant, locale: str | None) -> str:
    card = card_label(play.card, variant)
    if play.player == engine.LEO:
        return t("reveal.leo_play", locale, card=card)
    if variant == engine.Variant.TACTICAL:
        key = "reveal.tactical_play_auto" if play.automatic else "reveal.tactical_play"
    elif play.automatic:
        key = "reveal.play_auto"
    elif play.target == play.player:
        key = "reveal.play_self"
    else:
        key = "reveal.play"
    return t(
        key, locale, player=table.mention(play.player), card=card, target=table.mention(play.target)
    )


def move_line(table: Table, move: engine.Move, locale: str | None) -> str:
    name = table.mention(move.figure)
    if move.start == move.end and move.delta == 0:
        return t("reveal.stays", locale, figure=name, space=space_name(move.end, locale))
    key = "reveal.move_clamped" if move.clamped else "reveal.move"
    return t(
        key,
        locale,
        figure=name,
        delta=signed(move.delta),
        start=space_name(move.start, locale),
        end=space_name(move.end, locale),
    )


def space_name(space: int, locale: str | None) -> str:
    return t("reveal.start_space", locale) if space == engine.START else str(space)


def round_revealed(table: Table, event: engine.RoundRevealed, locale: str | None) -> list[str]:
    lines = [t("reveal.title", locale, stage=event.stage, round=event.round)]
    lines += [play_line(table, play, engine.Variant.STANDARD, locale) for play in event.plays]
    lines += [move_line(table, move, locale) for move in event.moves]
    return lines


def cards_revealed(table: Table, event: engine.CardsRevealed, locale: str | None) -> list[str]:
    lines = [t("reveal.title", locale, stage=event.stage, round=event.round)]
    lines += [play_line(table, play, engine.Variant.TACTICAL, locale) for play in event.plays]
    lines.append(
        t("reveal.order", locale, order=", ".join(table.mention(figure) for figure in event.order))
    )
    return lines


def figure_moved(table: Table, event: engine.FigureMoved, locale: str | None) -> list[str]:
    if event.automatic:
        key = "reveal.tactical_move_auto"
    elif event.target == event.mover:
        key = "reveal.tactical_move_self"
    else:
        key = "reveal.tactical_move"
    card = card_label(event.card, engine.Variant.TACTICAL)
    return [
        t(
            key,
            locale,
            mover=table.mention(event.mover),
            card=card,
            figure=table.mention(event.target),
        ),
        move_line(table, event.move, locale),
    ]


def stage_scored(
    table: Table, event: engine.StageScored, positions: dict[str, int], locale: str | None
) -> list[str]:
    lines = [t("scoring.title", locale, stage=event.stage)]
    if event.space is None:
        lines.append(t("scoring.nobody", locale))
    else:
        scorers = [figure for figure, space in positions.items() if space == event.space]
        lines.append(t("scoring.space", locale, space=space_name(event.space, locale)))
        points = dict(event.points)
        for figure in scorers:
            scored = points.get(figure, 0)
            lines.append(
                t(
                    "scoring.points",
                    locale,
                    count=scored,
                    figure=table.mention(figure),
                    points=signed(scored) if scored else "0",
                )
            )
    lines.append(t("scoring.totals", locale, totals=totals_text(table, event.totals)))
    return lines


def totals_text(table: Table, totals: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{table.mention(figure)} {total}" for figure, total in totals)


def final_result(
    table: Table,
    state: engine.GameState,
    event: engine.GameOver,
    locale: str | None,
    rating_changes: Mapping[str, float] | None = None,
) -> list[str]:
    """The result; `rating_changes`: each rated person's change on the shown scale."""
    lines = [t("final.title", locale)]
    figures = engine.figures(state)
    for index, figure in enumerate(figures):
        per_stage = [points[index] for points in state.stage_points]
        lines.append(
            t(
                "final.row",
                locale,
                figure=table.mention(figure),
                stages=" · ".join(str(points) for points in per_stage),
                total=dict(event.totals)[figure],
            )
        )
    winners = join_names([table.mention(figure) for figure in event.winners], locale)
    winning_total = dict(event.totals)[event.winners[0]] if event.winners else 0
    lines.append(
        t("final.winners", locale, count=len(event.winners), winners=winners, total=winning_total)
    )
    changes = rating_changes or {}
    rated = [figure for figure in figures if figure in changes]
    if rated:
        each = [
            t(
                "final.rating_change",
                locale,
                player=table.mention(figure),
                change=signed_decimal(changes[figure], locale),
            )
            for figure in rated
        ]
        lines.append(t("final.rating_changes", locale, changes=" · ".join(each)))
    lines.append(t("final.second_wins", locale))
    return lines
