"""The rating of one game: properties that hold whatever the skills and the outcome."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from bot.rating import NEWCOMER, Skill, rate_game, shown_change, shown_rating

skills = st.builds(
    Skill,
    mu=st.floats(min_value=0.0, max_value=50.0),
    sigma=st.floats(min_value=0.5, max_value=9.0),
)
tables = st.dictionaries(st.integers(1, 10**18), skills, min_size=2, max_size=6)


@given(tables, st.data())
def test_a_rating_does_not_depend_on_the_seat_order(
    before: dict[int, Skill], data: st.DataObject
) -> None:
    people = list(before)
    winners = set(data.draw(st.lists(st.sampled_from(people), unique=True)))
    seated = data.draw(st.permutations(people))
    assert rate_game({user: before[user] for user in seated}, winners) == rate_game(before, winners)


@given(st.integers(2, 6), skills, st.booleans())
def test_a_tie_among_all_people_leaves_equals_equal(
    people: int, skill: Skill, all_win: bool
) -> None:
    before = {user: skill for user in range(1, people + 1)}
    after = rate_game(before, set(before) if all_win else set())
    assert len({rated.mu for rated in after.values()}) == 1
    assert len({rated.sigma for rated in after.values()}) == 1


@given(tables, st.data())
def test_sharing_the_win_never_costs_more_than_losing(
    before: dict[int, Skill], data: st.DataObject
) -> None:
    person = data.draw(st.sampled_from(list(before)))
    others = [user for user in before if user != person]
    rival = data.draw(st.sampled_from(others))
    won = rate_game(before, {person, rival})[person]
    lost = rate_game(before, {rival})[person]
    assert won.mu >= lost.mu


def test_the_order_is_the_winners_first_and_everyone_else_tied_second() -> None:
    """What openskill itself gives for ranks 1, 2, 2, 2 (winners first, in any seat)."""
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(4)], ranks=[2, 1, 2, 2])
    after = rate_game({user: NEWCOMER for user in (40, 10, 30, 20)}, {20})
    by_user = dict(zip((10, 20, 30, 40), expected, strict=True))
    for user, team in by_user.items():
        assert after[user] == Skill(team[0].mu, team[0].sigma)
    assert after[20].mu > NEWCOMER.mu > after[10].mu == after[30].mu == after[40].mu


def test_the_shown_scale() -> None:
    assert shown_rating(NEWCOMER.conservative) == 1000
    assert shown_rating(1.24) == 1025
    assert shown_change(0.09) == 1.8
    assert shown_change(-0.03) == -0.6


def test_a_game_needs_two_people() -> None:
    with pytest.raises(ValueError, match="two people"):
        rate_game({7: NEWCOMER}, set())
