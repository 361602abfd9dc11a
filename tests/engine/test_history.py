"""A finished game's rounds replayed from its history are the moves the reducer made."""

import random

import pytest

import engine

from .play import Game, play_randomly

PLAYERS = ("ann", "ben", "cy", "di", "ed", "flo")


def assert_replayed_as_made(game: Game) -> list[engine.RoundMoves]:
    """Every logged round's moves are those the reducer's events told, and its figures stand
    where those moves left them."""
    told: dict[tuple[int, int], list[engine.Move]] = {}
    for event in game.events:
        if isinstance(event, engine.RoundRevealed):
            told[(event.stage, event.round)] = list(event.moves)
        elif isinstance(event, engine.FigureMoved):
            told.setdefault((event.stage, event.round), []).append(event.move)
    replayed = list(engine.logged_rounds(game.state))
    assert [played.turn for played in replayed] == list(told)
    assert len(replayed) == engine.STAGES * engine.ROUNDS
    for played in replayed:
        assert list(played.moves) == told[played.turn]
        ends = {move.figure: move.end for move in played.moves}
        for figure, at in zip(engine.figures(game.state), played.after, strict=True):
            assert ends.get(figure, at) == at
    return replayed


@pytest.mark.parametrize("variant", ["standard", "tactical"])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_replay_as_the_reducer_made_them(
    variant: str, players: int, seed: int
) -> None:
    assert_replayed_as_made(play_randomly(PLAYERS[:players], variant, seed, random.Random(seed)))


@pytest.mark.parametrize("variant", ["standard", "tactical"])
def test_a_move_the_tracks_end_cut_short_replays_cut_short(variant: str) -> None:
    game = Game.start(PLAYERS[:4], variant)
    # +5, +4, +4, +4 on ann: 17 asked, 16 reached.
    game.deal(
        {
            "ann": [32, 1, 2, 3, 4],
            "ben": [29, 5, 6, 7, 8],
            "cy": [30, 9, 10, 11, 12],
            "di": [31, 13, 14, 15, 16],
        }
    )
    for player, card in zip(PLAYERS[:4], (32, 29, 30, 31), strict=True):
        if variant == "standard":
            game.pick(player, card, "ann")
        else:
            game.choose(player, card)
    for player in ("ann", "di", "cy", "ben"):  # tactical: the highest card number moves first
        if variant == "tactical":
            game.move(player, "ann")
    chooser = random.Random(4)
    game.settle()
    while game.state.phase is not engine.Phase.FINISHED:
        actor = chooser.choice(engine.public_view(game.state).waiting_for)
        game.do(chooser.choice(engine.legal_actions(game.state, actor)))
        game.settle()
    first = assert_replayed_as_made(game)[0]
    assert [move for move in first.moves if move.clamped] == [
        engine.Move(
            "ann", 13 if variant == "tactical" else 0, 4 if variant == "tactical" else 17, 16, True
        )
    ]
