"""One rated game: the people's skills before it and who shared the win give their skills
after it. openskill's Plackett-Luce model with its default parameters (see the README for
why); every person who shares the win ranks first, every other person second, tied."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()
_FIRST, _SECOND = 1, 2


@dataclass(frozen=True)
class Skill:
    """openskill's estimate of a person: the mean `mu` and its uncertainty `sigma`."""

    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """mu − 3·sigma: what the person is almost surely at least as good as."""
        return self.mu - 3 * self.sigma


NEWCOMER = Skill(_MODEL.mu, _MODEL.sigma)


def rate_game(before: Mapping[int, Skill], winners: Collection[int]) -> dict[int, Skill]:
    """The skills after a game of the people in `before` (at least two) where `winners`
    shared the win. The people are given to the model in user-id order, so the outcome does
    not depend on the seats."""
    if len(before) < 2:
        raise ValueError(f"a rated game needs at least two people, not {len(before)}")
    people = sorted(before)
    teams = [[_MODEL.create_rating([before[user].mu, before[user].sigma])] for user in people]
    ranks = [float(_FIRST if user in winners else _SECOND) for user in people]
    rated = _MODEL.rate(teams, ranks=ranks)
    # People who came in alike (same skill, same rank) leave alike: the model treats them the
    # same, and only its sums' rounding could tell them apart.
    alike: dict[tuple[float, float, float], Skill] = {}
    after: dict[int, Skill] = {}
    for user, rank, team in zip(people, ranks, rated, strict=True):
        came_in = (before[user].mu, before[user].sigma, rank)
        after[user] = alike.setdefault(came_in, Skill(team[0].mu, team[0].sigma))
    return after
