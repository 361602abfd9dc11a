"""Properties of whole random games (hypothesis drives seeds, tables and choices)."""

import random
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import (
    MAX_SPACE,
    MIN_SPACE,
    FigureMoved,
    GameOver,
    Phase,
    RoundRevealed,
    StageScored,
)
from engine.cards import VALUES
from engine.rules import score_stage

from .play import Game, play_randomly

GAMES = settings(max_examples=25, deadline=None)

tables = st.integers(min_value=2, max_value=6)
variants = st.sampled_from(["standard", "tactical"])
seeds = st.integers(min_value=-(2**70), max_value=2**70)
choosers = st.randoms(use_true_random=False)


def random_game(players: int, variant: str, seed: int, chooser: random.Random) -> Game:
    return play_randomly([f"u{n}" for n in range(players)], variant, seed, chooser)


def replayed_states(game: Game) -> list[engine.GameState]:
    """Every state the game went through, rebuilt from its action log."""
    state = engine.new_game(game.state.players, game.state.variant, game.state.seed)
    states = [state]
    for action in game.actions:
        result = engine.apply(state, action)
        assert isinstance(result, engine.Accepted)
        state = result.state
        states.append(state)
    return states


def second_distinct(values: list[int]) -> int | None:
    distinct = sorted(set(values), reverse=True)
    return distinct[1] if len(distinct) > 1 else None


@GAMES
@given(tables, variants, seeds, choosers)
def test_figures_never_leave_the_track(
    players: int, variant: str, seed: int, chooser: random.Random
) -> None:
    game = random_game(players, variant, seed, chooser)
    for state in replayed_states(game):
        assert all(MIN_SPACE <= space <= MAX_SPACE for space in state.positions)


@GAMES
@given(tables, seeds, choosers)
def test_standard_moves_are_the_sum_of_the_cards_then_clamped(
    players: int, seed: int, chooser: random.Random
) -> None:
    game = random_game(players, "standard", seed, chooser)
    reveals = [e for e in game.events if isinstance(e, RoundRevealed)]
    assert len(reveals) == engine.STAGES * engine.ROUNDS
    for reveal in reveals:
        for move in reveal.moves:
            wanted = sum(VALUES[p.card] for p in reveal.plays if p.target == move.figure)
            assert move.delta == wanted
            assert move.end == max(MIN_SPACE, min(MAX_SPACE, move.start + wanted))
            assert move.clamped == (move.end != move.start + wanted)


@GAMES
@given(tables, seeds, choosers)
def test_tactical_moves_follow_descending_card_numbers_each_clamped(
    players: int, seed: int, chooser: random.Random
) -> None:
    game = random_game(players, "tactical", seed, chooser)
    moves = [e for e in game.events if isinstance(e, FigureMoved)]
    for earlier, later in pairwise(moves):
        if (earlier.stage, earlier.round) == (later.stage, later.round):
            assert earlier.card > later.card
    for moved in moves:
        assert moved.move.end == max(MIN_SPACE, min(MAX_SPACE, moved.move.start + moved.value))
        if moved.mover == engine.LEO:
            assert moved.target == engine.LEO


@GAMES
@given(tables, variants, seeds, choosers)
def test_hands_shrink_by_one_a_round_and_are_empty_after_round_5(
    players: int, variant: str, seed: int, chooser: random.Random
) -> None:
    game = random_game(players, variant, seed, chooser)
    for state in replayed_states(game)[1:]:
        if state.phase is Phase.PICKING:
            expected = engine.HAND_SIZE + 1 - state.round
        elif state.phase is Phase.MOVING:
            expected = engine.HAND_SIZE - state.round
        else:
            expected = 0
        assert all(len(hand) == expected for hand in state.hands)


@GAMES
@given(tables, variants, seeds, choosers)
def test_only_the_second_farthest_space_scores_and_the_second_total_wins(
    players: int, variant: str, seed: int, chooser: random.Random
) -> None:
    game = random_game(players, variant, seed, chooser)
    states = replayed_states(game)
    scored_states = [
        after
        for before, after in pairwise(states)
        if len(after.stage_points) > len(before.stage_points)
    ]
    scorings = [e for e in game.events if isinstance(e, StageScored)]
    assert len(scorings) == len(scored_states) == engine.STAGES
    for state, scoring in zip(scored_states, scorings, strict=True):
        spaces = list(state.positions)
        space = second_distinct(spaces)
        assert scoring.space == space
        names = engine.figures(state)
        assert dict(scoring.points) == {
            name: (at if at == space else 0) for name, at in zip(names, spaces, strict=True)
        }
        assert scoring.scorers == tuple(
            name for name, at in zip(names, spaces, strict=True) if at == space
        )
    over = game.events[-1]
    assert isinstance(over, GameOver)
    totals = dict(over.totals)
    winning = second_distinct(list(totals.values()))
    expected = [n for n, t in totals.items() if winning is None or t == winning]
    assert list(over.winners) == expected
    assert totals == engine.totals(game.state)


@GAMES
@given(tables, variants, seeds, st.integers(min_value=0, max_value=2**32))
def test_the_same_seed_and_choices_give_the_same_game(
    players: int, variant: str, seed: int, choice_seed: int
) -> None:
    first = random_game(players, variant, seed, random.Random(choice_seed))
    second = random_game(players, variant, seed, random.Random(choice_seed))
    assert first.actions == second.actions
    assert first.events == second.events
    assert first.state == second.state
    assert engine.state_from_dict(engine.state_to_dict(first.state)) == first.state


@GAMES
@given(tables, variants, seeds, choosers)
def test_a_view_never_holds_another_players_cards_or_pick(
    players: int, variant: str, seed: int, chooser: random.Random
) -> None:
    game = random_game(players, variant, seed, chooser)
    for state in replayed_states(game):
        for seat, player in enumerate(state.players):
            view = engine.view_for(state, player)
            assert tuple(c.number for c in view.hand) == state.hands[seat]
            assert view.pick == state.picks[seat]
            others = {n for s, hand in enumerate(state.hands) if s != seat for n in hand}
            shown = repr(view)
            assert not any(f"number={n}," in shown for n in others)
            assert not {play.card for play in view.revealed} & (others | hidden_from_all(state))
        public = engine.public_view(state)
        assert "Card(" not in repr(public)
        assert "pick=" not in repr(public)
        assert not {play.card for play in public.revealed} & (
            hidden_from_all(state) | {n for hand in state.hands for n in hand}
        )


def hidden_from_all(state: engine.GameState) -> set[int]:
    """Cards nobody at the table has seen: Leo's stack and the cards not dealt this stage."""
    if len(state.history) != state.stage:
        return set(range(1, len(engine.DECK) + 1))
    log = state.history[-1]
    dealt = {n for hand in log.hands for n in hand} | set(log.leo)
    return set(state.leo_stack) | (set(range(1, len(engine.DECK) + 1)) - dealt)


@GAMES
@given(tables, variants, seeds, choosers)
def test_a_view_shows_every_card_revealed_in_this_stage_once(
    players: int, variant: str, seed: int, chooser: random.Random
) -> None:
    game = random_game(players, variant, seed, chooser)
    for state in replayed_states(game):
        revealed = engine.public_view(state).revealed
        if len(state.history) != state.stage:
            assert revealed == ()
            continue
        log = state.history[-1]
        finished = len(log.rounds)
        shown_rounds = finished + (state.phase is Phase.MOVING)
        leo_cards = log.leo[: min(shown_rounds, len(log.leo))]
        expected = {c for plays in log.rounds for _, c, _ in plays} | set(leo_cards)
        if state.phase is Phase.MOVING:
            expected |= {pick[0] for pick in state.picks if pick is not None}
        assert len(revealed) == len(expected)
        assert {play.card for play in revealed} == expected
        assert [play.round for play in revealed] == sorted(play.round for play in revealed)
        for play in revealed:
            assert play.value == VALUES[play.card]
            if play.round <= finished:
                assert play.target is not None


@GAMES
@given(tables, variants, seeds, choosers)
def test_views_are_hashable_values_with_every_figure_looked_up(
    players: int, variant: str, seed: int, chooser: random.Random
) -> None:
    game = random_game(players, variant, seed, chooser)
    for state in replayed_states(game):
        public = engine.public_view(state)
        assert hash(public) == hash(engine.public_view(state))
        assert {public.position_of(f) for f in public.figures} <= set(state.positions)
        assert [public.total_of(f) for f in public.figures] == list(engine.totals(state).values())
        for player in state.players:
            view = engine.view_for(state, player)
            assert view == engine.view_for(state, player)
            assert hash(view) == hash(engine.view_for(state, player))


@GAMES
@given(tables, variants, seeds, choosers)
def test_a_hand_view_says_what_the_whole_view_says_of_the_hand(
    players: int, variant: str, seed: int, chooser: random.Random
) -> None:
    game = random_game(players, variant, seed, chooser)
    for state in replayed_states(game):
        for player in state.players:
            whole, hand = engine.view_for(state, player), engine.hand_view(state, player)
            for name in engine.HandView.__slots__:
                assert getattr(hand, name) == getattr(whole, name), name


@GAMES
@given(tables, variants, seeds, choosers)
def test_export_then_replay_reproduces_the_engines_results(
    players: int, variant: str, seed: int, chooser: random.Random
) -> None:
    game = random_game(players, variant, seed, chooser)
    result = engine.replay_record(engine.export_record(game.state)).to_dict()
    over = game.events[-1]
    assert isinstance(over, GameOver)
    assert tuple(result["winners"]) == over.winners
    assert tuple(result["totals"].items()) == over.totals
    scorings = [e for e in game.events if isinstance(e, StageScored)]
    assert [tuple(s["points"].items()) for s in result["stages"]] == [s.points for s in scorings]
    states = replayed_states(game)
    after_rounds = [
        engine.positions(after)
        for before, after in pairwise(states)
        if (after.stage, after.round, after.phase) != (before.stage, before.round, before.phase)
        and before.phase in (Phase.PICKING, Phase.MOVING)
        and after.phase is not Phase.MOVING
    ]
    assert [p for s in result["stages"] for p in s["positions"]] == after_rounds


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=MIN_SPACE, max_value=MAX_SPACE), min_size=2, max_size=7))
def test_stage_scoring_matches_the_rule_on_any_positions(spaces: list[int]) -> None:
    space, points = score_stage(spaces)
    assert space == second_distinct(spaces)
    assert points == tuple(at if at == space else 0 for at in spaces)


any_player = st.sampled_from(["u0", "u1", "u2", "Leo", "nobody"])
any_action = st.one_of(
    st.builds(
        engine.Pick,
        any_player,
        st.integers(0, 6),
        st.integers(0, 6),
        st.integers(-1, 34),
        any_player,
    ),
    st.builds(
        engine.ChooseCard, any_player, st.integers(0, 6), st.integers(0, 6), st.integers(-1, 34)
    ),
    st.builds(engine.MoveFigure, any_player, st.integers(0, 6), st.integers(0, 6), any_player),
    st.builds(
        engine.Timeout, st.integers(0, 6), st.integers(0, 6), st.one_of(st.none(), any_player)
    ),
)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([2, 3]), variants, seeds, st.lists(any_action, max_size=60))
def test_any_action_is_either_applied_or_refused_with_a_sentence(
    players: int, variant: str, seed: int, actions: list[engine.Action]
) -> None:
    state, _, _ = engine.settle(
        engine.new_game([f"u{n}" for n in range(players)], engine.Variant(variant), seed)
    )
    for action in actions:
        result = engine.apply(state, action)
        if isinstance(result, engine.Rejected):
            assert result.message.endswith(".")
            continue
        state, _, _ = engine.settle(result.state)
        assert all(MIN_SPACE <= space <= MAX_SPACE for space in state.positions)
        assert engine.state_from_dict(engine.state_to_dict(state)) == state
