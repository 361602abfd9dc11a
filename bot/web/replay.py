"""A finished game, round by round, as the replay page shows it: where every figure stood before and
after each round, the cards played in front of each, the stage scoring, the running totals.

Built from the game's stored final state alone, through the engine's own record and replay, so the
page and `python -m engine replay` cannot disagree."""

from __future__ import annotations

from dataclasses import dataclass

import engine
from bot.messages.table import Table
from bot.render.board import distinct_initials


@dataclass(frozen=True)
class Person:
    """A figure of the game: its engine name, display name, initial and seat colour."""

    figure: str
    name: str
    initial: str
    colour: int | None
    """The seat (0-5) whose colour the figure has; None for Leo."""


@dataclass(frozen=True)
class Card:
    """A revealed card: who played it, its value, and the figure it moved."""

    player: str
    value: int
    target: str


@dataclass(frozen=True)
class Step:
    """One round: the spaces before and after it (figure order), its cards (in the order they
    were made: seat order, or card number order in the tactical game), and at the end of a
    stage the scoring space and the points."""

    stage: int
    round: int
    before: tuple[int, ...]
    after: tuple[int, ...]
    cards: tuple[Card, ...]
    totals: tuple[int, ...]
    """Everyone's points so far, this step's scoring included."""
    scoring_space: int | None = None
    points: tuple[int, ...] | None = None

    @property
    def scored(self) -> bool:
        return self.points is not None


@dataclass(frozen=True)
class Replay:
    game_id: int
    variant: engine.Variant
    people: tuple[Person, ...]
    steps: tuple[Step, ...]
    totals: tuple[int, ...]
    winners: tuple[str, ...]

    def person(self, figure: str) -> Person:
        return next(person for person in self.people if person.figure == figure)


def replay_of(table: Table, state: engine.GameState) -> Replay:
    """The replay of a finished game; `table` names its players."""
    figures = engine.figures(state)
    names = [table.name(figure) for figure in figures]
    initials = distinct_initials(names)
    people = tuple(
        Person(figure, name, initial, None if figure == engine.LEO else seat)
        for seat, (figure, name, initial) in enumerate(zip(figures, names, initials, strict=True))
    )
    replayed = engine.replay_record(engine.export_record(state))
    steps: list[Step] = []
    totals = (0,) * len(figures)
    for stage_number, (log, result) in enumerate(
        zip(state.history, replayed.stages, strict=True), 1
    ):
        before = (engine.START,) * len(figures)
        for round_number, (plays, after) in enumerate(
            zip(log.rounds, result.positions, strict=True), 1
        ):
            cards = _cards(state.variant, plays, log.leo, round_number)
            scoring_space: int | None = None
            points: tuple[int, ...] | None = None
            if round_number == engine.ROUNDS:
                scoring_space, points = engine.score_stage(after)
                totals = tuple(total + won for total, won in zip(totals, points, strict=True))
            steps.append(
                Step(
                    stage_number,
                    round_number,
                    before,
                    tuple(after),
                    cards,
                    totals,
                    scoring_space,
                    points,
                )
            )
            before = tuple(after)
    return Replay(
        table.game_id, state.variant, people, tuple(steps), replayed.totals, replayed.winners
    )


def _cards(
    variant: engine.Variant,
    plays: tuple[tuple[str, int, str], ...],
    leo_stack: tuple[int, ...],
    round_number: int,
) -> tuple[Card, ...]:
    cards = [Card(player, engine.card(number).value, target) for player, number, target in plays]
    numbers = [number for _, number, _ in plays]
    if leo_stack and round_number <= len(leo_stack):
        leo_card = leo_stack[round_number - 1]
        cards.append(Card(engine.LEO, engine.card(leo_card).value, engine.LEO))
        numbers.append(leo_card)
    if variant is engine.Variant.TACTICAL:
        # The moves are made from the highest card number down.
        order = sorted(range(len(cards)), key=lambda index: -numbers[index])
        cards = [cards[index] for index in order]
    return tuple(cards)
