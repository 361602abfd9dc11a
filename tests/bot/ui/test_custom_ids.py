"""Button ids carry only ids, fit Discord's 100 characters, and parse back exactly."""

import re

from hypothesis import given
from hypothesis import strategies as st

from bot.ui import custom_ids as ids

snowflakes = st.integers(min_value=1, max_value=2**64 - 1)
games = st.integers(min_value=1, max_value=10**18 - 1)
turns = st.builds(ids.Turn, st.integers(1, 5), st.integers(1, 5))
targets = st.sampled_from(["0", "1", "2", "3", "4", "5", ids.LEO_TARGET])


@given(games, snowflakes, turns, st.integers(1, 32), targets)
def test_pick_ids_round_trip(game: int, owner: int, turn: ids.Turn, card: int, target: str) -> None:
    custom_id = ids.pick_id(game, owner, turn, card, target)
    match = re.fullmatch(ids.PICK_TEMPLATE, custom_id)
    assert match is not None
    assert len(custom_id) <= 100
    assert int(match["game"]) == game
    assert int(match["owner"]) == owner
    assert ids.Turn(int(match["stage"]), int(match["round"])) == turn
    assert int(match["card"]) == card
    assert match["target"] == target


@given(games, snowflakes, turns, st.integers(1, 32))
def test_card_ids_round_trip(game: int, owner: int, turn: ids.Turn, card: int) -> None:
    custom_id = ids.card_id(game, owner, turn, card)
    match = re.fullmatch(ids.CARD_TEMPLATE, custom_id)
    assert match is not None
    assert (int(match["game"]), int(match["owner"]), int(match["card"])) == (game, owner, card)


def test_each_kind_of_button_matches_its_own_template_alone() -> None:
    """The router (bot/ui/clicks.py) takes the first template a clicked id matches: one
    id, one route."""
    turn = ids.Turn(2, 3)
    made = {
        ids.LOBBY_TEMPLATE: ids.lobby_id("join", 7),
        ids.CARD_TEMPLATE: ids.card_id(7, 42, turn, 17),
        ids.PICK_TEMPLATE: ids.pick_id(7, 42, turn, 17, "L"),
        ids.MOVE_TEMPLATE: ids.move_id(7, turn, "3"),
        ids.HAND_TEMPLATE: ids.hand_id(7),
        ids.REMATCH_TEMPLATE: ids.rematch_id(7),
        ids.TABLE_TEMPLATE: ids.table_id(7),
        ids.PRIVACY_TEMPLATE: ids.privacy_id("export"),
        ids.BOARD_TEMPLATE: ids.board_id("win_rate", "month", 4),
    }
    for template, custom_id in made.items():
        assert [t for t in made if re.fullmatch(t, custom_id)] == [template]
    for forged in ["wf:pick:7", "wf:join:x", "other:1", "wf:card:7:42:2:3:17:extra", ""]:
        assert not any(re.fullmatch(template, forged) for template in made)


def test_targets_are_seats_or_leo() -> None:
    players = ("111", "222")
    assert ids.target_code(players, "222") == "1"
    assert ids.target_code(players, "Leo") == "L"
    assert ids.target_figure(players, "1", "Leo") == "222"
    assert ids.target_figure(players, "L", "Leo") == "Leo"
    assert ids.target_figure(players, "5", "Leo") is None
