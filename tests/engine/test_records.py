"""Game records: export, replay, and every kind of illegal record."""

import copy
import re
from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine import RecordError, Variant
from engine.simulate import simulate_games

from .play import Game

Record = dict[str, Any]


def simulated_record(players: int, variant: str = "standard") -> Record:
    game = next(simulate_games(players, 1, seed=17, variant=Variant(variant), with_records=True))
    assert game.record is not None
    return game.record


def error_of(record: Record) -> str:
    with pytest.raises(RecordError) as caught:
        engine.replay_record(record)
    return str(caught.value)


def first_play(record: Record, stage: int = 0, round_: int = 0) -> dict[str, Any]:
    return record["stages"][stage]["rounds"][round_][0]


def test_a_simulated_game_replays_to_five_stages_of_five_rounds() -> None:
    result = engine.replay_record(simulated_record(2)).to_dict()
    assert len(result["stages"]) == engine.STAGES
    for stage in result["stages"]:
        assert len(stage["positions"]) == engine.ROUNDS
        assert set(stage["points"]) == {"P1", "P2", engine.LEO}
    assert set(result["totals"]) == {"P1", "P2", engine.LEO}
    assert result["winners"]


def test_extra_keys_are_ignored() -> None:
    record = simulated_record(3)
    plain = engine.replay_record(record)
    record["game_id"] = 12
    record["stages"][0]["started"] = "2026-11-22"
    first_play(record)["name"] = "Anne"
    assert engine.replay_record(record) == plain


def test_the_issue_example_shape_replays_a_hand_written_stage() -> None:
    stage = {
        "hands": {"111": [1, 6, 17, 29, 12], "222": [2, 7, 18, 30, 13]},
        "leo": [3, 8, 19, 31],
        "rounds": [
            [
                {"player": "111", "card": 17, "target": "Leo"},
                {"player": "222", "card": 2, "target": "111"},
            ],
            [
                {"player": "222", "card": 7, "target": "222"},
                {"player": "111", "card": 29, "target": "222"},
            ],
            [
                {"player": "111", "card": 1, "target": "111"},
                {"player": "222", "card": 30, "target": "Leo"},
            ],
            [
                {"player": "111", "card": 6, "target": "222"},
                {"player": "222", "card": 18, "target": "222"},
            ],
            [
                {"player": "111", "card": 12, "target": "111"},
                {"player": "222", "card": 13, "target": "222"},
            ],
        ],
    }
    record = {"variant": "standard", "players": ["111", "222"], "stages": [stage] * 5}
    result = engine.replay_record(record).to_dict()
    # Leo's stack is -1, +1, +2, +4 on top of what players give him; no card in round 5.
    assert result["stages"][0]["positions"] == [
        {"111": -1, "222": 0, "Leo": 1},
        {"111": -1, "222": 5, "Leo": 2},
        {"111": -2, "222": 5, "Leo": 8},
        {"111": -2, "222": 8, "Leo": 12},
        {"111": -4, "222": 6, "Leo": 12},
    ]
    assert result["stages"][0]["points"] == {"111": 0, "222": 6, "Leo": 0}
    assert result["totals"] == {"111": 0, "222": 30, "Leo": 0}
    assert result["winners"] == ["111", "Leo"]


def test_an_exported_engine_game_replays_to_the_engines_own_results() -> None:
    game = Game.start(["7", "8", "9", "10"], "tactical", seed=8)
    game.settle()
    while game.state.phase is not engine.Phase.FINISHED:
        game.timeout()
        game.settle()
    result = engine.replay_record(engine.export_record(game.state))
    assert result.to_dict()["totals"] == engine.totals(game.state)
    assert result.figures == engine.figures(game.state)
    over = game.events[-1]
    assert isinstance(over, engine.GameOver)
    assert result.winners == over.winners


def mutate(
    change: Callable[[Record], object], players: int = 2, variant: str = "standard"
) -> Record:
    record = copy.deepcopy(simulated_record(players, variant))
    change(record)
    return record


def hand(record: Record, player: str, stage: int = 0) -> list[int]:
    return record["stages"][stage]["hands"][player]


def play_of(record: Record, player: str, stage: int = 0, round_: int = 0) -> dict[str, Any]:
    return next(p for p in record["stages"][stage]["rounds"][round_] if p["player"] == player)


def play_card_from_other_hand(record: Record) -> None:
    play_of(record, "P1")["card"] = hand(record, "P2")[0]


def play_a_card_again(record: Record) -> None:
    play_of(record, "P1", round_=1)["card"] = play_of(record, "P1")["card"]


def deal_a_card_twice(record: Record) -> None:
    hand(record, "P2")[4] = hand(record, "P1")[4]


def deal_four_cards(record: Record) -> None:
    hand(record, "P1").pop()


def play_by_a_stranger(record: Record) -> None:
    play_of(record, "P2", round_=2)["player"] = "Zoe"


def target_a_stranger(record: Record) -> None:
    play_of(record, "P2", round_=2)["target"] = "Zoe"


def drop_a_play(record: Record) -> None:
    record["stages"][1]["rounds"][3].remove(play_of(record, "P1", stage=1, round_=3))


def play_twice(record: Record) -> None:
    plays = record["stages"][1]["rounds"][3]
    plays.append(dict(play_of(record, "P2", stage=1, round_=3)))


def round_5_on_another(record: Record) -> None:
    play_of(record, "P2", stage=4, round_=4)["target"] = "P1"


def four_stages(record: Record) -> None:
    record["stages"].pop()


def six_rounds(record: Record) -> None:
    rounds = record["stages"][2]["rounds"]
    rounds.append(rounds[0])


def one_player(record: Record) -> None:
    record["players"] = ["P1"]


def seven_players(record: Record) -> None:
    record["players"] = [f"P{n}" for n in range(1, 8)]


def a_player_named_leo(record: Record) -> None:
    record["players"][1] = engine.LEO


def short_leo_stack(record: Record) -> None:
    record["stages"][3]["leo"].pop()


def unknown_variant(record: Record) -> None:
    record["variant"] = "chaos"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (play_card_from_other_hand, r"stage 1 round 1: P1: card \d+ is not in their hand"),
        (play_a_card_again, r"stage 1 round 2: P1: card \d+ was already played"),
        (deal_a_card_twice, r"stage 1: P2: card \d+ is dealt twice"),
        (deal_four_cards, r"stage 1: P1: the hand has 4 cards, not 5"),
        (play_by_a_stranger, r"stage 1 round 3: Zoe: not a player of this game"),
        (target_a_stranger, r"stage 1 round 3: P2: unknown target 'Zoe'"),
        (drop_a_play, r"stage 2 round 4: P1: no play in this round"),
        (play_twice, r"stage 2 round 4: P2: plays more than once in this round"),
        (round_5_on_another, r"stage 5 round 5: P2: round 5 must be played on oneself"),
        (four_stages, r"record: a game has 5 stages, this record has 4"),
        (six_rounds, r"stage 3: a stage has 5 rounds, this one has 6"),
        (one_player, r"record: a game has 2 to 6 players, not 1"),
        (seven_players, r"record: a game has 2 to 6 players, not 7"),
        (a_player_named_leo, r"record: Leo: no player may be called Leo"),
        (short_leo_stack, r"stage 4: Leo: Leo's stack has 3 cards, not 4"),
        (unknown_variant, r"record: unknown variant 'chaos'"),
    ],
)
def test_an_illegal_record_names_where_and_what(
    change: Callable[[Record], object], message: str
) -> None:
    assert re.fullmatch(message + r".*", error_of(mutate(change)))


def test_leo_is_no_target_without_leo_and_tactical_round_5_may_target_anyone() -> None:
    record = simulated_record(3)
    play_of(record, "P3")["target"] = engine.LEO
    assert error_of(record).startswith("stage 1 round 1: P3: unknown target 'Leo'")
    tactical = simulated_record(3, "tactical")
    play_of(tactical, "P2", stage=4, round_=4)["target"] = "P1"
    engine.replay_record(tactical)


def test_garbage_is_an_illegal_record_not_a_crash() -> None:
    for garbage in (
        [],
        {"variant": "standard"},
        {"variant": "standard", "players": "P1"},
        {"variant": "standard", "players": [["P1"], "P2"]},
        {"variant": "standard", "players": {"P1": 1}},
    ):
        assert error_of(garbage).startswith("record: ")  # type: ignore[arg-type]
    record = simulated_record(2)
    first_play(record)["card"] = [1]
    assert error_of(record).endswith(
        "[1] is not a card number: card numbers are whole numbers 1 to 32"
    )
    record = simulated_record(2)
    record["stages"][0]["rounds"][0] = "plays"
    assert error_of(record) == "stage 1 round 1: a round must be a list of plays"


@pytest.mark.parametrize(
    ("players", "variant"), [(2, "standard"), (2, "tactical"), (4, "tactical"), (6, "standard")]
)
def test_the_fast_and_the_careful_replay_agree_on_legal_stages(players: int, variant: str) -> None:
    from engine.record_checks import replay_stage_carefully
    from engine.record_fast import replay_legal_stage
    from engine.records import player_table

    for game in simulate_games(players, 20, seed=5, variant=Variant(variant), with_records=True):
        assert game.record is not None
        table, names, slot, seats = player_table(tuple(game.record["players"]))
        for number, stage in enumerate(game.record["stages"], 1):
            tactical = variant == "tactical"
            fast = replay_legal_stage(stage, table, seats, names, slot, tactical)
            assert fast == replay_stage_carefully(number, stage, table, names, slot, tactical)
