"""The public story of a round, from engine events: plays, moves, clamps, scoring, result."""

from __future__ import annotations

import pytest

import engine
from bot.messages.narrate import figure_moved, final_result, round_revealed, stage_scored
from bot.messages.sentence import words as said
from bot.messages.table import Table, card_label

ANNE, BEN, CLEO = "111", "222", "333"
TABLE = Table(7, 1, 2, (ANNE, BEN), {ANNE: "Anne", BEN: "Ben"})
TRIO = Table(7, 1, 2, (ANNE, BEN, CLEO), {ANNE: "Anne", BEN: "Ben", CLEO: "Cleo"})


def started(players: tuple[str, ...], variant: engine.Variant) -> engine.GameState:
    state, _, _ = engine.settle(engine.new_game(players, variant, seed=42))
    return state


def accepted(state: engine.GameState, action: engine.Action) -> engine.Accepted:
    outcome = engine.apply(state, action)
    assert isinstance(outcome, engine.Accepted), outcome
    return outcome


def first_card(state: engine.GameState, player: str) -> int:
    return engine.view_for(state, player).hand[0].number


def test_a_reveal_names_who_played_what_on_whom_and_each_move() -> None:
    event = engine.RoundRevealed(
        stage=1,
        round=2,
        plays=(
            engine.Play(ANNE, 25, 3, BEN, automatic=False),
            engine.Play(BEN, 28, -4, BEN, automatic=True),
            engine.Play(engine.LEO, 6, 1, engine.LEO, automatic=False),
        ),
        moves=(
            engine.Move(ANNE, 0, 0, 0, clamped=False),
            engine.Move(BEN, 15, -1, 14, clamped=False),
            engine.Move(engine.LEO, 16, 1, 16, clamped=True),
        ),
    )
    lines = said(round_revealed(TABLE, event), None)
    assert lines[0] == "**Stage 1 · Round 2 revealed**"
    assert "<@111> played **+3** in front of <@222>." in lines
    assert any(line.startswith("<@222> ran out of time: **-4**") for line in lines)
    assert "Leo played **+1** on himself." in lines
    assert "<@111> stays on START." in lines
    assert "<@222>: 15 → 14 (-1)." in lines
    assert "Leo: 16 → 16 (+1, stopped at the end of the track)." in lines


def test_stage_scoring_names_the_second_space_and_everyone_on_it() -> None:
    event = engine.StageScored(
        stage=2,
        space=-2,
        points=((ANNE, -2), (BEN, -2), (engine.LEO, 0)),
        totals=((ANNE, 4), (BEN, 1), (engine.LEO, 6)),
    )
    lines = said(stage_scored(TABLE, event, {ANNE: -2, BEN: -2, engine.LEO: 4}), None)
    assert "The second-farthest space is **-2**." in lines
    assert "<@111> scores -2 points." in lines
    assert "<@222> scores -2 points." in lines
    assert not any(line.startswith("Leo scores") for line in lines)
    assert lines[-1] == "Totals: <@111> 4, <@222> 1, Leo 6."

    nobody = engine.StageScored(stage=3, space=None, points=(), totals=event.totals)
    assert "nobody scores" in "\n".join(said(stage_scored(TABLE, nobody, {}), None))


def test_the_result_says_the_second_highest_total_wins() -> None:
    state, _, _ = engine.settle(engine.new_game((ANNE, BEN), engine.Variant.STANDARD, seed=3))
    over = engine.GameOver(totals=((ANNE, 8), (BEN, 3), (engine.LEO, 8)), winners=(BEN,))
    text = "\n".join(said(final_result(TABLE, state, over), None))
    assert "The winner is <@222>, with the second-highest total (3)." in text


@pytest.mark.parametrize(
    ("locale", "winners"),
    [
        (None, "The winners are <@111> and <@222>, sharing"),
        ("de", "Es gewinnen gemeinsam <@111> und <@222> mit"),
        ("it", "Vincono a pari merito <@111> e <@222> con"),
    ],
)
def test_two_winners_are_named_as_a_pair_in_the_servers_language(
    locale: str | None, winners: str
) -> None:
    state, _, _ = engine.settle(engine.new_game((ANNE, BEN), engine.Variant.STANDARD, seed=3))
    over = engine.GameOver(totals=((ANNE, 5), (BEN, 5), (engine.LEO, 9)), winners=(ANNE, BEN))
    text = "\n".join(said(final_result(TABLE, state, over), locale))
    assert winners in text


@pytest.mark.parametrize(
    ("locale", "own", "other"),
    [
        (
            None,
            "<@111> played **{}** in front of their own figure.",
            "<@222> played **{}** in front of <@111>.",
        ),
        (
            "de",
            "<@111> hat **{}** vor die eigene Figur gelegt.",
            "<@222> hat **{}** vor <@111> gelegt.",
        ),
        (
            "it",
            "<@111> ha messo **{}** davanti al proprio segnalino.",
            "<@222> ha messo **{}** davanti a <@111>.",
        ),
    ],
)
def test_a_card_played_on_ones_own_figure_does_not_name_the_player_twice(
    locale: str | None, own: str, other: str
) -> None:
    state = started((ANNE, BEN), engine.Variant.STANDARD)
    anne_card, ben_card = first_card(state, ANNE), first_card(state, BEN)
    state = accepted(state, engine.Pick(ANNE, 1, 1, anne_card, ANNE)).state
    events = accepted(state, engine.Pick(BEN, 1, 1, ben_card, ANNE)).events
    (revealed,) = [event for event in events if isinstance(event, engine.RoundRevealed)]
    lines = said(round_revealed(TABLE, revealed), locale)
    assert own.format(card_label(anne_card, engine.Variant.STANDARD)) in lines
    assert other.format(card_label(ben_card, engine.Variant.STANDARD)) in lines


def test_a_tactical_move_of_ones_own_figure_says_their_own_figure() -> None:
    state = started((ANNE, BEN, CLEO), engine.Variant.TACTICAL)
    for player in (ANNE, BEN, CLEO):
        chosen = engine.ChooseCard(player, 1, 1, first_card(state, player))
        state = accepted(state, chosen).state
    (first, _), (second, _), _ = engine.public_view(state).moves_left
    outcome = accepted(state, engine.MoveFigure(first, 1, 1, first))
    (own,) = [event for event in outcome.events if isinstance(event, engine.FigureMoved)]
    other_figure = next(player for player in (ANNE, BEN, CLEO) if player != second)
    moved = accepted(outcome.state, engine.MoveFigure(second, 1, 1, other_figure))
    (other,) = [event for event in moved.events if isinstance(event, engine.FigureMoved)]

    card = card_label(own.card, engine.Variant.TACTICAL)
    assert (
        said(figure_moved(TRIO, own), None)[0] == f"<@{first}> used **{card}** on their own figure."
    )
    assert said(figure_moved(TRIO, own), "it")[0] == (
        f"<@{first}> ha usato **{card}** sul proprio segnalino."
    )
    card = card_label(other.card, engine.Variant.TACTICAL)
    assert said(figure_moved(TRIO, other), None)[0] == (
        f"<@{second}> used **{card}** on <@{other_figure}>."
    )
