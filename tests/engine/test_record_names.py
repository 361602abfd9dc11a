"""What a record may add to the rules' part: display names, AI seats; and card numbers that
are not whole numbers."""

import copy
import json
from typing import Any

import pytest

import engine
from engine import RecordError, Variant
from engine.simulate import simulate_games

Record = dict[str, Any]
ANNE, BEN = "301234567890123456", "301234567890123457"


def two_player_record() -> Record:
    """A 2-player game as the bot writes it: Discord ids as players, display names beside."""
    game = next(simulate_games(2, 1, seed=4, variant=Variant.STANDARD, with_records=True))
    assert game.record is not None
    text = json.dumps(game.record).replace('"P1"', f'"{ANNE}"').replace('"P2"', f'"{BEN}"')
    record: Record = json.loads(text)
    record["names"] = {ANNE: "Anne", BEN: "Ben"}
    return record


def error_of(record: Record) -> str:
    with pytest.raises(RecordError) as caught:
        engine.replay_record(record)
    return str(caught.value)


def test_display_names_are_shown_beside_the_ids_that_key_the_results() -> None:
    record = two_player_record()
    result = engine.replay_record(record).to_dict()
    assert result["names"] == {ANNE: "Anne", BEN: "Ben", engine.LEO: "Leo"}
    assert set(result["totals"]) == {ANNE, BEN, engine.LEO}
    assert set(result["winners"]) <= set(result["names"])
    without = engine.replay_record({k: v for k, v in record.items() if k != "names"})
    assert "names" not in without.to_dict()
    assert without.to_dict()["totals"] == result["totals"]


def test_two_players_with_the_same_display_name_stay_apart() -> None:
    record = two_player_record()
    record["names"] = {ANNE: "Sam", BEN: "Sam"}
    result = engine.replay_record(record).to_dict()
    assert len(result["totals"]) == 3
    assert result["names"] == {ANNE: "Sam", BEN: "Sam", engine.LEO: "Leo"}


def test_a_player_the_names_leave_out_is_shown_by_their_id() -> None:
    record = two_player_record()
    record["names"] = {ANNE: "Anne"}
    assert engine.replay_record(record).to_dict()["names"][BEN] == BEN


def test_ai_seats_are_passed_through() -> None:
    record = two_player_record()
    record["ai"] = {BEN: "sharp"}
    result = engine.replay_record(record).to_dict()
    assert result["ai"] == {BEN: "sharp"}
    assert "ai" not in engine.replay_record(two_player_record()).to_dict()


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("names", ["Anne", "Ben"], "record: 'names' must be an object of player id to"),
        ("names", {ANNE: 7}, "record: 'names' must be an object of player id to"),
        ("names", {"999": "Zoe"}, "record: names: 999: not a player of this game"),
        ("ai", {ANNE: "genius"}, f"record: ai: {ANNE}: unknown AI level 'genius'"),
        ("ai", {"999": "casual"}, "record: ai: 999: not a player of this game"),
        ("ai", "sharp", "record: 'ai' must be an object of player id to AI level"),
    ],
)
def test_malformed_names_or_ai_say_what_is_wrong(key: str, value: Any, message: str) -> None:
    record = two_player_record()
    record[key] = value
    assert error_of(record).startswith(message)


def test_a_card_given_as_a_decimal_number_is_not_a_card_number() -> None:
    record = two_player_record()
    play = record["stages"][0]["rounds"][0][0]
    played = play["card"]
    play["card"] = float(played)
    message = error_of(copy.deepcopy(record))
    assert message == (
        f"stage 1 round 1: {play['player']}: {float(played)!r} is not a card number: "
        "card numbers are whole numbers 1 to 32"
    )
    record["stages"][0]["hands"][play["player"]][0] = 3.0
    assert "3.0 is not a card number" in error_of(record)
