"""A player's private controls, built from a real engine state."""

from __future__ import annotations

from typing import Any

import discord
import pytest

import engine
from bot.messages.hand import Place, hand_controls
from bot.messages.table import Table, card_label

ANNE, BEN = "111", "222"
PLACE = Place(guild="Pub", channel="games")


def table(players: tuple[str, ...]) -> Table:
    names = {ANNE: "Anne", BEN: "Ben", "333": "Cleo"}
    return Table(7, 1, 2, players, {player: names[player] for player in players})


def started(players: tuple[str, ...], variant: engine.Variant) -> engine.GameState:
    state, _, _ = engine.settle(engine.new_game(players, variant, seed=42))
    return state


def buttons(view: Any) -> list[dict[str, Any]]:
    """The buttons as Discord receives them, row after row."""
    return [button for row in view.to_components() for button in row["components"]]


def labels(view: Any) -> list[str]:
    return [button["label"] for button in buttons(view)]


def test_card_labels_carry_signed_values_and_tactical_numbers() -> None:
    assert card_label(25, engine.Variant.STANDARD) == "+3"
    assert card_label(12, engine.Variant.STANDARD) == "-2"
    assert card_label(25, engine.Variant.TACTICAL) == "+3 · #25"


def test_a_dm_names_the_game_and_shows_the_hand_then_the_targets() -> None:
    state = started((ANNE, BEN), engine.Variant.STANDARD)
    controls = hand_controls(state, table((ANNE, BEN)), ANNE, PLACE)
    assert "Pub" in controls.content
    assert "#games" in controls.content
    hand = [card.number for card in engine.view_for(state, ANNE).hand]
    assert labels(controls.view) == [card_label(n, engine.Variant.STANDARD) for n in hand]

    chosen = hand[0]
    aiming = hand_controls(state, table((ANNE, BEN)), ANNE, PLACE, selected=chosen)
    assert labels(aiming.view)[len(hand) :] == ["Anne (you)", "Ben", "Leo"]


def test_after_a_pick_the_dm_says_what_went_on_whom() -> None:
    state = started((ANNE, BEN), engine.Variant.STANDARD)
    card = engine.view_for(state, ANNE).hand[0]
    outcome = engine.apply(state, engine.Pick(ANNE, 1, 1, card.number, BEN))
    assert isinstance(outcome, engine.Accepted)
    controls = hand_controls(outcome.state, table((ANNE, BEN)), ANNE, PLACE)
    assert f"**{card_label(card.number, engine.Variant.STANDARD)}** in front of **Ben**" in (
        controls.content
    )
    chosen = [button for button in buttons(controls.view) if button["label"] == "Ben"]
    assert chosen
    assert chosen[0]["style"] == discord.ButtonStyle.success.value


def test_played_cards_are_disabled_in_the_next_round() -> None:
    state = started((ANNE, BEN), engine.Variant.STANDARD)
    played = {}
    for player in (ANNE, BEN):
        card = engine.view_for(state, player).hand[0].number
        played[player] = card
        outcome = engine.apply(state, engine.Pick(player, 1, 1, card, player))
        assert isinstance(outcome, engine.Accepted)
        state = outcome.state
    controls = hand_controls(state, table((ANNE, BEN)), ANNE, PLACE)
    shown = buttons(controls.view)
    disabled = [button for button in shown if button["disabled"]]
    assert len(shown) == engine.HAND_SIZE
    assert len(disabled) == 1
    assert "round 2" in controls.content


@pytest.mark.parametrize(
    ("locale", "status"),
    [
        (None, "You played **{}** in front of yourself. You can change it"),
        ("de", "Du hast **{}** vor dich selbst gelegt."),
        ("it", "Hai messo **{}** davanti a te."),
    ],
)
def test_a_card_played_on_oneself_says_in_front_of_yourself(
    locale: str | None, status: str
) -> None:
    state = started((ANNE, BEN), engine.Variant.STANDARD)
    card = engine.view_for(state, ANNE).hand[0].number
    outcome = engine.apply(state, engine.Pick(ANNE, 1, 1, card, ANNE))
    assert isinstance(outcome, engine.Accepted)
    controls = hand_controls(outcome.state, table((ANNE, BEN)), ANNE, PLACE, locale)
    assert status.format(card_label(card, engine.Variant.STANDARD)) in controls.content
    assert "Anne" not in controls.content.splitlines()[1]
