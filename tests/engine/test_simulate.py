"""Simulated games are engine games: the same deals, replayable through apply."""

import pytest

import engine
from engine import Variant
from engine.simulate import SimulatedGame, Summary, simulate_games

from .play import Game


def replay_through_the_reducer(record: dict) -> Game:
    """Play a simulated record's choices through engine.apply, dealing from its seed."""
    game = Game.start(record["players"], record["variant"], record["seed"])
    for stage in record["stages"]:
        game.settle()
        dealt = dict(zip(game.state.players, game.state.hands, strict=True))
        assert {p: list(h) for p, h in dealt.items()} == stage["hands"]
        assert list(game.state.leo_stack) == stage.get("leo", [])
        for plays in stage["rounds"]:
            if record["variant"] == "standard":
                for play in plays:
                    game.pick(play["player"], play["card"], play["target"])
                continue
            target_of = {play["player"]: play["target"] for play in plays}
            for play in plays:
                game.choose(play["player"], play["card"])
            while game.state.phase is engine.Phase.MOVING:
                mover = engine.public_view(game.state).current_mover
                assert mover is not None
                game.move(mover, target_of[mover])
    return game


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("variant", ["standard", "tactical"])
def test_a_simulated_game_is_the_engine_game_of_its_seed(players: int, variant: str) -> None:
    for simulated in simulate_games(
        players, 3, seed=players, variant=Variant(variant), with_records=True
    ):
        assert simulated.record is not None
        game = replay_through_the_reducer(simulated.record)
        assert game.state.phase is engine.Phase.FINISHED
        assert tuple(engine.totals(game.state).values()) == simulated.totals
        over = game.events[-1]
        assert isinstance(over, engine.GameOver)
        names = engine.figures(game.state)
        assert over.winners == tuple(names[i] for i in simulated.winners)
        assert engine.export_record(game.state) == {
            key: value for key, value in simulated.record.items() if key != "seed"
        }


def test_the_same_seed_simulates_the_same_games_and_another_seed_others() -> None:
    def totals(seed: int) -> list[tuple[int, ...]]:
        return [g.totals for g in simulate_games(4, 20, seed, Variant.STANDARD)]

    assert totals(1) == totals(1)
    assert totals(1) != totals(2)


def test_the_summary_counts_winning_totals_seats_shared_wins_and_silent_stages() -> None:
    summary = Summary(("P1", "P2", engine.LEO))
    summary.add(SimulatedGame(1, totals=(3, 1, 1), winners=(1, 2), silent_stages=1, record=None))
    summary.add(SimulatedGame(2, totals=(5, 2, 0), winners=(1,), silent_stages=0, record=None))
    assert summary.lines() == [
        "games: 2",
        "winning total: mean 1.50, standard deviation 0.50, min 1, max 2",
        "wins (a shared win counts for every winner):",
        "  seat 1 (P1): 0 (0.0%)",
        "  seat 2 (P2): 2 (100.0%)",
        "  Leo: 1 (50.0%)",
        "shared wins: 1 (50.0%)",
        "stages where nobody scores: 1 of 10 (10.00%)",
    ]
