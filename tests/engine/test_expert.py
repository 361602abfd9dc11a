"""The expert AI: legal at every table and in both variants, Leo included, the same move from
the same view and seed, and the game's last move made as the rules score it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import LEO, ChooseCard, Level, MoveFigure, Phase, Pick, Variant, choose
from engine.ai.casual import aim_of, best_picks
from engine.ai.endgame import EndValues, World, known_hands_answers
from engine.ai.outlook import expert_outlook
from engine.constants import MAX_PLAYERS, MIN_PLAYERS
from engine.rules import make_moves_at_once, score_stage

from .play import Game
from .test_ai import last_move_view, share_after_move

EXPERT_STAGES = (1, engine.STAGES)
"""The stages the expert plays in the whole-game tests (casual players fill the others): the
first, planned ahead, and the last, where the totals decide the game."""


def expert_seat_game(players: int, variant: Variant, seed: int) -> tuple[Game, int]:
    """A game whose first seat is an expert in EXPERT_STAGES (casual in the others, as are
    the other seats); every action is applied (Game.do asserts it is accepted). Returns the
    game and how many decisions the expert made."""
    names = [f"p{seat}" for seat in range(players)]
    game = Game.start(names, variant, seed)
    game.settle()
    decided = 0
    while game.state.phase is not Phase.FINISHED:
        player = engine.public_view(game.state).waiting_for[0]
        view = engine.view_for(game.state, player)
        expert = player == names[0] and view.stage in EXPERT_STAGES
        action = choose(view, Level.EXPERT if expert else Level.CASUAL, seed)
        assert (action.player, action.stage, action.round) == (player, view.stage, view.round)
        if expert:
            decided += 1
            if view.phase is Phase.MOVING:
                assert isinstance(action, MoveFigure)
                assert action.target in view.targets
            elif variant is Variant.TACTICAL:
                assert isinstance(action, ChooseCard)
            else:
                assert isinstance(action, Pick)
                assert action.target in view.targets
        game.do(action)
        game.settle()
    return game, decided


@pytest.mark.parametrize("variant", list(Variant))
@pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
def test_the_expert_plays_only_legal_moves_at_every_table(players: int, variant: Variant) -> None:
    game, decided = expert_seat_game(players, variant, seed=players * 31 + len(variant.value))
    # Every round of both stages: standard picks (round 5's too); tactical cards (round 5's
    # single card included) and at least its own move each round.
    assert decided >= len(EXPERT_STAGES) * engine.ROUNDS * (2 if variant is Variant.TACTICAL else 1)
    if players == 2:  # Leo played beside it: his top card in each of rounds 1-4
        leo_cards = [
            play
            for event in game.events
            if isinstance(event, engine.RoundRevealed | engine.CardsRevealed)
            for play in event.plays
            if play.player == LEO
        ]
        assert len(leo_cards) == engine.STAGES * (engine.ROUNDS - 1)


@pytest.mark.parametrize("variant", list(Variant))
def test_the_expert_makes_the_same_moves_from_the_same_seed(variant: Variant) -> None:
    first, _ = expert_seat_game(3, variant, seed=5)
    again, _ = expert_seat_game(3, variant, seed=5)
    assert first.actions == again.actions


@settings(max_examples=30, deadline=None)
@given(
    st.integers(min_value=2, max_value=6).flatmap(
        lambda players: st.tuples(
            st.just(players),
            st.lists(
                st.integers(engine.MIN_SPACE, engine.MAX_SPACE),
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
    st.integers(min_value=1, max_value=len(engine.DECK)),
    st.integers(min_value=0, max_value=2**64),
)
def test_the_expert_takes_the_best_share_of_the_win_with_the_last_move(
    table: tuple[int, list[int], list[int]], card: int, ai_seed: int
) -> None:
    players, positions, totals = table
    figures = tuple(f"p{n}" for n in range(players)) + ((LEO,) if players == 2 else ())
    view = last_move_view(figures, card, tuple(positions), tuple(totals))
    action = choose(view, Level.EXPERT, ai_seed)
    assert isinstance(action, MoveFigure)
    best = max(share_after_move(view, target) for target in figures)
    assert share_after_move(view, action.target) == best


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_last_choice_s_samples_move_figures_as_the_rules_do(data: st.DataObject) -> None:
    """Round 4's samples add the cards up themselves, for speed: every end they give is where
    the rules' own moves put the figures, near the track's ends too."""
    players = data.draw(st.integers(MIN_PLAYERS, MAX_PLAYERS))
    figures = players + (players == 2)
    spaces = st.integers(engine.MIN_SPACE, engine.MAX_SPACE)
    cards = st.integers(1, len(engine.DECK))
    positions = tuple(data.draw(st.lists(spaces, min_size=figures, max_size=figures)))
    seat = data.draw(st.integers(0, players - 1))
    others = [other for other in range(players) if other != seat]
    fourth = [(data.draw(cards), data.draw(st.integers(0, figures - 1))) for _ in others]
    if players == 2:
        fourth.append((data.draw(cards), 2))  # Leo's card, on Leo
    fifth = [(data.draw(cards), other) for other in others]
    played, kept = (engine.card(data.draw(cards)).value for _ in range(2))
    card_of_value = {engine.card(number).value: number for number in range(1, len(engine.DECK) + 1)}
    for target, end in enumerate(World(positions, fourth, fifth).ends(seat, played, kept)):
        expected = list(positions)
        make_moves_at_once(expected, [*fourth, (card_of_value[played], target)])
        make_moves_at_once(expected, [*fifth, (card_of_value[kept], seat)])
        assert end == expected


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_plan_s_sample_plays_round_4_as_each_player_s_best_answer(data: st.DataObject) -> None:
    """The plan's samples play round 4 with every hand known: each other player's move ends the
    stage as well for it (its own outlook of the rules' moves and scoring) as any move of its
    hand would against the moves casual play likes best; the deciding player's as well as any
    would against those answers."""
    players = data.draw(st.integers(MIN_PLAYERS, 4))
    figures = players + (players == 2)
    spaces = st.integers(engine.MIN_SPACE, engine.MAX_SPACE)
    positions = data.draw(st.lists(spaces, min_size=figures, max_size=figures))
    dealt = data.draw(st.permutations(range(1, len(engine.DECK) + 1)))
    hands = [list(dealt[2 * seat : 2 * seat + 2]) for seat in range(players)]
    leo = [(dealt[-1], 2)] if players == 2 else []
    totals = tuple(data.draw(st.lists(st.integers(-20, 40), min_size=figures, max_size=figures)))
    stage = data.draw(st.integers(1, engine.STAGES))
    me = data.draw(st.integers(0, players - 1))
    aims = [aim_of(totals, seat, stage == engine.STAGES) for seat in range(figures)]
    outlooks = [expert_outlook(totals, seat, players, stage) for seat in range(players)]
    values = [EndValues(outlook) for outlook in outlooks]
    leo_card = leo[0][0] if leo else None
    moves = known_hands_answers(positions[:], hands, leo_card, aims, values, me)
    greedy = [best_picks(positions, hand, aims[seat], 4)[0] for seat, hand in enumerate(hands)]

    def value_for(seat: int, move: tuple[int, int], against: list[tuple[int, int]]) -> float:
        round_4 = [move if other == seat else against[other] for other in range(players)]
        after = positions[:]
        make_moves_at_once(after, round_4 + leo)
        make_moves_at_once(
            after,
            [(next(c for c in hands[p] if c != card), p) for p, (card, _) in enumerate(round_4)],
        )
        return outlooks[seat].value(score_stage(after)[1])

    for seat, move in enumerate(moves):
        against = moves if seat == me else greedy
        assert move[0] in hands[seat]
        assert 0 <= move[1] < figures
        every = [(card, target) for card in hands[seat] for target in range(figures)]
        assert value_for(seat, move, against) == max(value_for(seat, m, against) for m in every)
