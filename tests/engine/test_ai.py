"""AI players: always legal, blind to what their seat cannot see, and reproducible."""

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import (
    LEO,
    MAX_SPACE,
    MIN_SPACE,
    Accepted,
    ChooseCard,
    Deal,
    GameOver,
    GameState,
    Level,
    MoveFigure,
    Phase,
    Pick,
    RevealedPlay,
    Variant,
    choose,
)
from engine.ai.outlook import win_share
from engine.cards import DECK, VALUES
from engine.rules import score_stage, winner_indexes

from .play import Game

tables = st.integers(min_value=2, max_value=6)
variants = st.sampled_from(list(Variant))
levels = st.sampled_from(list(Level))
seeds = st.integers(min_value=-(2**70), max_value=2**70)
ai_seeds = st.integers(min_value=0, max_value=2**64)
# How far into the game a state is taken: (stage, round, actions into that round).
turns = st.tuples(st.integers(1, 5), st.integers(1, 5), st.integers(0, 11))


def state_at(
    players: int, variant: Variant, seed: int, turn: tuple[int, int, int], chooser: random.Random
) -> Game:
    """A game played with random legal actions (no timeouts) up to `turn`, or to its end."""
    game = Game.start([f"u{n}" for n in range(players)], variant, seed)
    game.settle()
    stage, round_, extra = turn
    while playing(game) and (game.state.stage, game.state.round) < (stage, round_):
        act_randomly(game, chooser)
    while extra and playing(game) and game.state.round == round_:
        act_randomly(game, chooser)
        extra -= 1
    return game


def playing(game: Game) -> bool:
    return game.state.phase is not Phase.FINISHED


def act_randomly(game: Game, chooser: random.Random) -> None:
    actor = chooser.choice(engine.public_view(game.state).waiting_for)
    game.do(chooser.choice(engine.legal_actions(game.state, actor)))
    game.settle()


@settings(max_examples=40, deadline=None)
@given(tables, variants, seeds, turns, st.randoms(use_true_random=False), levels, ai_seeds)
def test_every_decision_is_a_legal_action_for_the_players_turn(
    players: int,
    variant: Variant,
    seed: int,
    turn: tuple[int, int, int],
    chooser: random.Random,
    level: Level,
    ai_seed: int,
) -> None:
    state = state_at(players, variant, seed, turn, chooser).state
    for player in engine.public_view(state).waiting_for:
        action = choose(engine.view_for(state, player), level, ai_seed)
        assert (action.player, action.stage, action.round) == (player, state.stage, state.round)
        assert isinstance(engine.apply(state, action), Accepted)
        if isinstance(action, Pick) and state.round == engine.ROUNDS:
            assert action.target == player
        if state.phase is Phase.MOVING:
            assert isinstance(action, MoveFigure)
        elif variant is Variant.TACTICAL:
            assert isinstance(action, ChooseCard)
        else:
            assert isinstance(action, Pick)


@pytest.mark.parametrize("variant", list(Variant))
@pytest.mark.parametrize("level", list(Level))
def test_ai_players_play_whole_games_the_same_way_from_the_same_seeds(
    variant: Variant, level: Level
) -> None:
    first = play_with_ais(["Ann", "Bob"], variant, {"Ann": level, "Bob": Level.CASUAL}, 7, 11)
    again = play_with_ais(["Ann", "Bob"], variant, {"Ann": level, "Bob": Level.CASUAL}, 7, 11)
    other = play_with_ais(["Ann", "Bob"], variant, {"Ann": level, "Bob": Level.CASUAL}, 7, 12)
    assert first.actions == again.actions
    assert first.state == again.state
    assert isinstance(first.events[-1], GameOver)
    assert other.actions != first.actions


def play_with_ais(
    players: list[str], variant: Variant, seats: dict[str, Level], seed: int, ai_seed: int
) -> Game:
    game = Game.start(players, variant, seed)
    game.settle()
    while game.state.phase is not Phase.FINISHED:
        player = engine.public_view(game.state).waiting_for[0]
        game.do(choose(engine.view_for(game.state, player), seats[player], ai_seed))
        game.settle()
    return game


@settings(max_examples=25, deadline=None)
@given(tables, variants, seeds, turns, st.randoms(use_true_random=False), levels, ai_seeds)
def test_the_same_view_level_and_seed_give_the_same_decision(
    players: int,
    variant: Variant,
    seed: int,
    turn: tuple[int, int, int],
    chooser: random.Random,
    level: Level,
    ai_seed: int,
) -> None:
    state = state_at(players, variant, seed, turn, chooser).state
    waiting = engine.public_view(state).waiting_for
    decisions = [choose(engine.view_for(state, p), level, ai_seed) for p in waiting]
    # Asked again, in the other order and after other decisions: nothing is remembered.
    again = [choose(engine.view_for(state, p), level, ai_seed) for p in reversed(waiting)]
    assert decisions == list(reversed(again))


@settings(max_examples=30, deadline=None)
@given(tables, variants, seeds, turns, st.randoms(use_true_random=False), ai_seeds)
def test_what_a_seat_cannot_see_does_not_change_its_decision(
    players: int,
    variant: Variant,
    seed: int,
    turn: tuple[int, int, int],
    chooser: random.Random,
    ai_seed: int,
) -> None:
    game = state_at(players, variant, seed, turn, chooser)
    state = game.state
    waiting = engine.public_view(state).waiting_for
    if not waiting:
        return
    me = chooser.choice(waiting)
    twin = twin_game(game, me, chooser)
    view = engine.view_for(state, me)
    assert engine.view_for(twin, me) == view
    for level in Level:
        assert choose(engine.view_for(twin, me), level, ai_seed) == choose(view, level, ai_seed)


def test_a_twin_game_differs_only_where_the_seat_cannot_see() -> None:
    game = Game.start(["Ann", "Bob", "Cid", "Dee"], "standard", 3)
    game.settle()
    bob_hand = game.state.hands[1]
    game.pick("Bob", bob_hand[0], "Ann")
    twin = twin_game(game, "Ann", random.Random(1))
    assert twin.hands[0] == game.state.hands[0]
    assert twin.hands[1:] != game.state.hands[1:]
    assert twin.picks[1] != game.state.picks[1]
    assert engine.view_for(twin, "Ann") == engine.view_for(game.state, "Ann")
    for level in Level:
        view = engine.view_for(game.state, "Ann")
        assert choose(engine.view_for(twin, "Ann"), level, 5) == choose(view, level, 5)


def twin_game(game: Game, me: str, chooser: random.Random) -> GameState:
    """The game replayed with the cards `me` has not seen this stage dealt otherwise: the
    others' hands (and their unrevealed picks with them), Leo's face-down stack and the
    undealt cards are swapped around consistently."""
    state = game.state
    seen = {card.number for card in engine.view_for(state, me).hand}
    seen |= {play.card for play in engine.view_for(state, me).revealed}
    unseen = sorted(set(range(1, len(DECK) + 1)) - seen)
    swapped = unseen[:]
    chooser.shuffle(swapped)
    swap = dict(zip(unseen, swapped, strict=True))
    deal_index = max(i for i, a in enumerate(game.actions) if isinstance(a, Deal))
    twin = engine.new_game(state.players, state.variant, state.seed)
    for index, action in enumerate(game.actions):
        if index == deal_index:
            assert isinstance(action, Deal)
            action = Deal(
                action.stage,
                tuple((p, tuple(swap.get(c, c) for c in hand)) for p, hand in action.hands),
                tuple(swap.get(c, c) for c in action.leo),
            )
        elif index > deal_index and isinstance(action, Pick | ChooseCard):
            action = replace(action, card=swap.get(action.card, action.card))
        result = engine.apply(twin, action)
        assert isinstance(result, Accepted), result
        twin = result.state
    return twin


def last_move_view(
    figures: tuple[str, ...], card: int, positions: tuple[int, ...], totals: tuple[int, ...]
) -> engine.PlayerView:
    """The view of the game's very last move (tactical, stage 5, round 5) for the last
    player, who moves a figure by `card`; every other card of the stage is face up."""
    players = tuple(f for f in figures if f != LEO)
    me = players[-1]
    seats = [(round_, player) for round_ in range(1, 6) for player in players]
    if LEO in figures:
        seats += [(round_, LEO) for round_ in range(1, 5)]
    seats.remove((5, me))
    others = [n for n in range(1, len(DECK) + 1) if n != card]
    revealed = tuple(
        RevealedPlay(round_, player, n, VALUES[n], player)
        for (round_, player), n in zip(sorted(seats), others, strict=False)
    )
    return engine.PlayerView(
        player=me,
        stage=5,
        round=5,
        phase=Phase.MOVING,
        variant=Variant.TACTICAL,
        players=players,
        figures=figures,
        hand=(),
        pick=(card, None),
        targets=figures,
        waiting_for=(me,),
        current_mover=me,
        moves_left=((me, card),),
        hand_sizes=tuple((p, 0) for p in players),
        positions=tuple(zip(figures, positions, strict=True)),
        totals=tuple(zip(figures, totals, strict=True)),
        revealed=(*revealed, RevealedPlay(5, me, card, VALUES[card], None)),
    )


def share_after_move(view: engine.PlayerView, target: str) -> float:
    """The mover's share of the win if the game's last move moves `target`."""
    card = view.moves_left[0][1]
    spaces = [
        max(MIN_SPACE, min(MAX_SPACE, at + VALUES[card])) if figure == target else at
        for figure, at in view.positions
    ]
    _, points = score_stage(spaces)
    final = [total + add for (_, total), add in zip(view.totals, points, strict=True)]
    winners = [view.figures[index] for index in winner_indexes(final)]
    return 1 / len(winners) if view.player in winners else 0.0


def test_with_the_last_move_of_the_game_sharp_makes_itself_the_second_highest_total() -> None:
    # Anne on 6 (9 points), Ben on 4 (6), Cleo on 2 (5) moves a figure by +2. Onto Ben's
    # space, she and Ben score 4: 9, 10, 9, and Cleo shares the win with Anne. Moving Anne
    # on lets Ben score 4: 9, 10, 5, and Anne wins. Moving Ben onto Anne's space leaves
    # Cleo's 2 as the second-farthest space: 9, 6, 7, and Cleo wins alone.
    view = last_move_view(("Anne", "Ben", "Cleo"), 16, (6, 4, 2), (9, 6, 5))
    assert choose(view, Level.SHARP, 1) == MoveFigure("Cleo", 5, 5, "Ben")
    assert share_after_move(view, "Cleo") == 0.5


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=2, max_value=6).flatmap(
        lambda players: st.tuples(
            st.just(players),
            st.lists(
                st.integers(MIN_SPACE, MAX_SPACE),
                min_size=players + (players == 2),
                max_size=players + (players == 2),
            ),
            st.lists(
                st.integers(-20, 40),
                min_size=players + (players == 2),
                max_size=players + (players == 2),
            ),
        )
    ),
    st.integers(min_value=1, max_value=len(DECK)),
    ai_seeds,
)
def test_sharp_takes_the_best_share_of_the_win_with_the_last_move(
    table: tuple[int, list[int], list[int]], card: int, ai_seed: int
) -> None:
    players, positions, totals = table
    figures = tuple(f"p{n}" for n in range(players)) + ((LEO,) if players == 2 else ())
    view = last_move_view(figures, card, tuple(positions), tuple(totals))
    action = choose(view, Level.SHARP, ai_seed)
    assert isinstance(action, MoveFigure)
    best = max(share_after_move(view, target) for target in figures)
    assert share_after_move(view, action.target) == best


def test_a_player_with_nothing_to_do_gets_no_decision() -> None:
    game = Game.start(["Ann", "Bob"], "tactical", 5)
    with pytest.raises(ValueError, match="nothing to do"):
        choose(engine.view_for(game.state, "Ann"), Level.SHARP, 1)  # not dealt yet
    game.settle()
    game.do(choose(engine.view_for(game.state, "Ann"), Level.SHARP, 1))
    with pytest.raises(ValueError, match="nothing to do"):
        choose(engine.view_for(game.state, "Ann"), Level.CASUAL, 1)  # already chose
    game.do(choose(engine.view_for(game.state, "Bob"), Level.SHARP, 1))
    mover = engine.public_view(game.state).current_mover
    idle = "Bob" if mover == "Ann" else "Ann"
    with pytest.raises(ValueError, match="nothing to do"):
        choose(engine.view_for(game.state, idle), Level.SHARP, 1)  # not their move
    with pytest.raises(ValueError, match="brilliant"):
        choose(engine.view_for(game.state, mover), "brilliant", 1)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-30, 60), min_size=2, max_size=7), st.data())
def test_the_ai_counts_the_win_as_the_rules_do(totals: list[int], data: st.DataObject) -> None:
    me = data.draw(st.integers(0, len(totals) - 1))
    winners = winner_indexes(totals)
    assert win_share(totals, me) == (1 / len(winners) if me in winners else 0.0)
