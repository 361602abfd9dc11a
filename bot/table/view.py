"""What one table shows of the channel's game, as the JSON its page draws: the track with
every figure's space, stage and round, who is still to pick, each total, the last reveal's
move, and for a seated player their own hand (from the engine's view of that player alone;
anyone else gets the public view and no hand). Every word is in the viewer's language."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import engine
from bot.i18n import join_names, t
from bot.messages.hand import Notes, dealt_hand, hand_status
from bot.messages.picture import Snapshot, board_for, fold_moves
from bot.messages.table import Table, card_label
from bot.render import describe_board
from bot.render.board import distinct_initials
from bot.storage import MAX_SEATS, GameRecord, JsonObject, player_id
from bot.ui import custom_ids as ids
from bot.web.track import CELL, CELL_HEIGHT, DISC_RADIUS, LIFT, ROW_SPACES, ROW_STACK, STACK


@dataclass(frozen=True)
class Reveal:
    """A round turned over, in the order the rules play it: the cards turned over in front of
    their figures, the moves one after another, and a stage's scoring. Figures are numbered
    in figure order; spaces are before the moves and after them (before a new stage put the
    figures back on START)."""

    stage: int
    round: int
    before: tuple[int, ...]
    after: tuple[int, ...]
    scoring: int | None
    plays: tuple[tuple[int, int], ...] = ()
    """(the figure a card was turned over in front of, the card's number)."""
    moves: tuple[tuple[int, int, int, bool], ...] = ()
    """(figure, from, to, cut at the track's end), in the order they were made."""
    scorers: tuple[int, ...] = ()


def reveal_of(before: engine.GameState | None, events: tuple[engine.Event, ...]) -> Reveal | None:
    """The reveal a committed change made, if it made one."""
    shown = (engine.RoundRevealed, engine.CardsRevealed, engine.FigureMoved)
    turned = next((event for event in events if isinstance(event, shown)), None)
    if before is None or turned is None:
        return None
    figures = engine.figures(before)
    number = {figure: index for index, figure in enumerate(figures)}
    start = {figure: before.positions[index] for index, figure in enumerate(figures)}
    after = fold_moves(start, events).positions
    scored = next((e for e in events if isinstance(e, engine.StageScored)), None)
    plays: list[tuple[int, int]] = []
    moves: list[tuple[int, int, int, bool]] = []
    for event in events:
        if isinstance(event, engine.StageDealt):
            break
        if isinstance(event, engine.RoundRevealed | engine.CardsRevealed):
            plays += [(number[play.target], play.card) for play in event.plays]
        made = event.moves if isinstance(event, engine.RoundRevealed) else ()
        if isinstance(event, engine.FigureMoved):
            made = (event.move,)
        moves += [(number[m.figure], m.start, m.end, m.clamped) for m in made]
    return Reveal(
        turned.stage,
        turned.round,
        tuple(start[figure] for figure in figures),
        tuple(after[figure] for figure in figures),
        None if scored is None else scored.space,
        tuple(plays),
        tuple(moves),
        () if scored is None else tuple(number[figure] for figure in scored.scorers),
    )


def no_game(language: str, reason: str = "table.no_game") -> JsonObject:
    return {"type": "state", "game": None, "status": plain(t(reason, language))}


def table_view(
    record: GameRecord,
    state: engine.GameState,
    viewer: int,
    language: str,
    reveal: Reveal | None = None,
    away: frozenset[str] = frozenset(),
    notes: Notes | None = None,
) -> JsonObject:
    """The game as `viewer` (a Discord user id) may see it; `away`: the players whose last
    turn the deadline played for them; `notes`: what a newcomer's hand says beside it."""
    table = Table.of(record)
    public = engine.public_view(state)
    result = engine.final_result(state)
    winners = set(result.winners) if result is not None else set()
    waiting = set(public.waiting_for)
    figures = [
        figure
        | {"space": public.position_of(name), "total": public.total_of(name)}
        | ({"waiting": True} if name in waiting else {})
        | ({"away": True} if name in away else {})
        | ({"winner": True} if name in winners else {})
        for name, figure in zip(public.figures, _seats(table, public.figures), strict=True)
    ]
    seated = record.seat_of(viewer) is not None
    view: JsonObject = {
        "type": "state",
        "game": record.id,
        "version": record.version,
        "started": _moment(record.started_at or record.created_at),
        "status": _status(table, public, result, language),
        "headline": t("picture.caption", language, stage=public.stage, round=public.round),
        "figures": figures,
        "words": describe_board(board_for(table, Snapshot(dict(public.positions), {})), language),
        "hand": _hand(record, state, table, viewer, language, notes) if seated else None,
        "watching": None if seated else t("table.watching", language),
        "reveal": None if reveal is None else _reveal(table, state, reveal, language),
    }
    if public.phase == engine.Phase.MOVING:
        view["moving"] = True
    if result is not None:
        view["over"] = True
    return view


def lobby_view(record: GameRecord, viewer: int, language: str) -> JsonObject:
    """A game still in its lobby: who is seated so far, on START, and what it waits for."""
    table = Table.of(record)
    figures = [seat | {"space": engine.START, "total": 0} for seat in _seats(table, table.players)]
    seated = record.seat_of(viewer) is not None
    return {
        "type": "state",
        "game": record.id,
        "version": record.version,
        "lobby": True,
        "seats": MAX_SEATS,
        "started": _moment(record.created_at),
        "status": plain(t("table.lobby", language)),
        "headline": t("table.lobby_headline", language),
        "figures": figures,
        "words": "",
        "hand": None,
        "watching": None if seated else t("table.watching", language),
        "reveal": None,
    }


def _seats(table: Table, figures: tuple[str, ...]) -> list[JsonObject]:
    """Each figure as its seat shows it: name, initial, colour (none for Leo) and, for a
    person, their Discord user id (the page marks the seats of those who have the table open,
    and draws the face the bot sent for it)."""
    names = [table.name(figure) for figure in figures]
    seats: list[JsonObject] = []
    for seat, (figure, name, initial) in enumerate(
        zip(figures, names, distinct_initials(names), strict=True)
    ):
        ai = table.is_ai(figure)
        shown: JsonObject = {
            "code": ids.target_code(table.players, figure),
            "name": name,
            "initial": initial,
            "colour": None if figure == engine.LEO else seat,
            "user": None if ai else table.player(figure),
        }
        if ai:
            shown["ai"] = True
        seats.append(shown)
    return seats


def still_away(away: frozenset[str], events: tuple[engine.Event, ...]) -> frozenset[str]:
    """Who is away after these events: a player whose card the deadline played (or whose
    figure it moved) is away until they pick or move again themselves."""
    gone = set(away)
    for event in events:
        if isinstance(event, engine.PickMade):
            gone.discard(event.player)
        elif isinstance(event, engine.RoundRevealed | engine.CardsRevealed):
            gone |= {play.player for play in event.plays if play.automatic}
        elif isinstance(event, engine.FigureMoved):
            (gone.add if event.automatic else gone.discard)(event.mover)
    return frozenset(gone)


def _moment(when: datetime) -> int:
    """Seconds since the epoch (what the page's rich presence counts the time from)."""
    return int(when.timestamp())


def track_measures(language: str) -> JsonObject:
    """The track's measures, from which the page lays it out as the replay page does (one
    row, or rows on a narrow screen: activity/geometry.js follows bot/web/track.py). The same
    for every game: sent once, with the sign-in's answer, not with every state."""
    return {
        "min": engine.MIN_SPACE,
        "max": engine.MAX_SPACE,
        "start": engine.START,
        "cell": CELL,
        "cell_height": CELL_HEIGHT,
        "radius": DISC_RADIUS,
        "stack": STACK,
        "row_spaces": ROW_SPACES,
        "row_stack": ROW_STACK,
        "lift": LIFT,
        "start_label": t("render.start", language),
    }


def plain(sentence: str) -> str:
    """A catalog sentence written for Discord (**bold**) as the page shows it."""
    return sentence.replace("**", "")


def _status(
    table: Table, public: engine.PublicView, result: engine.GameOver | None, language: str
) -> str:
    if result is not None:
        totals = dict(result.totals)
        winners = join_names([table.name(figure) for figure in result.winners], language)
        total = totals[result.winners[0]]
        return t("web.winners", language, count=len(result.winners), winners=winners, total=total)
    if public.phase == engine.Phase.MOVING and public.current_mover is not None:
        return t("table.waiting_move", language, name=table.name(public.current_mover))
    names = join_names([table.name(figure) for figure in public.waiting_for], language)
    return t("table.waiting_pick", language, names=names)


def _reveal(table: Table, state: engine.GameState, reveal: Reveal, language: str) -> JsonObject:
    figures = engine.figures(state)
    key = "picture.caption_scored" if reveal.scoring is not None else "picture.caption"
    caption = t(key, language, stage=reveal.stage, round=reveal.round)
    snapshot = Snapshot(dict(zip(figures, reveal.after, strict=True)), {})
    board = board_for(table, snapshot, (caption,), reveal.scoring)
    return {
        "caption": caption,
        "before": list(reveal.before),
        "after": list(reveal.after),
        "scoring": reveal.scoring,
        # A card's value, as its face shows it large (the tactical number is in the words).
        "plays": [
            [figure, card_label(card, engine.Variant.STANDARD)] for figure, card in reveal.plays
        ],
        "moves": [list(move) for move in reveal.moves],
        "scorers": list(reveal.scorers),
        "words": describe_board(board, language),
    }


def _hand(
    record: GameRecord,
    state: engine.GameState,
    table: Table,
    viewer: int,
    language: str,
    notes: Notes | None,
) -> JsonObject:
    """The viewer's own hand, with the labels of their hand's Discord buttons (and the note
    their Discord hand shows, if any: sent only then)."""
    player = player_id(viewer)
    note = None if notes is None else notes.in_hand(table, state, player, language)
    view = engine.hand_view(state, player)
    status = hand_status(view, table, player, language)
    in_hand = {card.number for card in view.hand}
    picking = view.phase == engine.Phase.PICKING
    moving = view.phase == engine.Phase.MOVING and view.current_mover == player
    aims = picking and view.variant == engine.Variant.STANDARD and len(view.targets) > 1
    cards = [
        {
            "card": number,
            "label": card_label(number, view.variant),
            "playable": picking and number in in_hand,
            "prompt": plain(
                t("hand.choose_target", language, card=card_label(number, view.variant))
            ),
        }
        for number in dealt_hand(state, player)
    ]
    targets = [
        {
            "code": ids.target_code(state.players, figure),
            "label": table.target_label(figure, player, language),
        }
        for figure in view.targets
    ]
    pick = view.pick
    return {
        "title": t("table.your_hand", language),
        "status": plain(status),
        "stage": view.stage,
        "round": view.round,
        "cards": cards,
        "picked": None if pick is None else pick[0],
        "picked_target": None
        if pick is None or pick[1] is None
        else ids.target_code(state.players, pick[1]),
        # The figure the picked card lies face down in front of (its own, without a target).
        "lies": None if pick is None else ids.target_code(state.players, pick[1] or player),
        "aims": aims,
        "targets": targets if aims or moving else [],
        "moving": moving,
    } | ({"note": plain(note)} if note else {})
