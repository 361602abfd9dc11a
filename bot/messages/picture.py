"""The picture of the track for a public message: a Board from engine positions, rendered
off the event loop, with its description in words (alt text and text fallback)."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import discord

import engine
from bot.messages.table import Table
from bot.render import describe_board, render_track
from bot.render.board import Board, Figure, distinct_initials

PICTURE_NAME = "track.png"
# Pictures are drawn on a thread of their own: off the event loop, and without every worker
# thread of the default pool growing its own memory arena under load. One is enough: a
# picture takes ~8 ms, and Discord's global limit lets the bot post far fewer than 100 a second.
RENDERER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="whyfirst-render")


@dataclass(frozen=True)
class Snapshot:
    """Where every figure stands, and the last move of each, at one moment of the game."""

    positions: dict[str, int]
    moves: dict[str, engine.Move]


def board_for(
    table: Table, snapshot: Snapshot, caption: tuple[str, ...] = (), highlight: int | None = None
) -> Board:
    figures_in_order: list[str] = [*table.players]
    if engine.LEO in snapshot.positions:
        figures_in_order.append(engine.LEO)
    names = [table.name(figure) for figure in figures_in_order]
    initials = distinct_initials(names)
    figures = []
    for seat, figure in enumerate(figures_in_order):
        move = snapshot.moves.get(figure)
        figures.append(
            Figure(
                name=names[seat],
                initial=initials[seat],
                colour=None if figure == engine.LEO else seat,
                space=snapshot.positions.get(figure, engine.START),
                moved_from=move.start if move else None,
                delta=move.delta if move else None,
            )
        )
    return Board(
        figures=tuple(figures), highlight_space=highlight, caption=caption, locale=table.locale
    )


@dataclass(frozen=True)
class Picture:
    """A rendered track: a fresh attachment can be made from it for every attempt to send."""

    png: bytes
    words: str

    def file(self) -> discord.File:
        return discord.File(
            io.BytesIO(self.png), filename=PICTURE_NAME, description=self.words[:1024]
        )


async def render_picture(board: Board, locale: str | None = None) -> Picture:
    """The PNG (drawn off the event loop) and the same positions in words."""
    png = await asyncio.get_running_loop().run_in_executor(RENDERER, render_track, board)
    return Picture(png, describe_board(board, locale))


def fold_moves(start: Mapping[str, int], events: tuple[engine.Event, ...]) -> Snapshot:
    """Positions after the events' moves (before any new stage resets them), with the moves."""
    where = dict(start)
    moves: dict[str, engine.Move] = {}
    for event in events:
        if isinstance(event, engine.RoundRevealed):
            for move in event.moves:
                where[move.figure] = move.end
                moves[move.figure] = move
        elif isinstance(event, engine.FigureMoved):
            where[event.move.figure] = event.move.end
            moves[event.move.figure] = event.move
        elif isinstance(event, engine.StageDealt):
            break
    return Snapshot(where, moves)
