"""How good the end of a stage is for one figure: its share of the win, exactly after the
last stage, estimated before it.

Before the last stage the stages still to come are treated as noise: each figure scores
what a figure scores in a stage of random play (measured once per table size with the
rollout simulator, from a fixed seed), independently of the others. The estimate is the
mean share of the win over a fixed set of such futures.
"""

from functools import cache

from ..constants import STAGES
from ..rng import next_u64
from .knowledge import Knowledge
from .rollout import random_stage_points

FUTURES = 48
MEASURED_STAGES = 600
MEASURE_SEED = 0x5EC0_4D


def win_share(totals: tuple[int, ...] | list[int], me: int) -> float:
    """`me`'s share of the win with these final totals: 1/k when `me` is one of k figures
    on the second-highest distinct total (everyone shares when all totals are equal)."""
    mine = totals[me]
    above = None
    level = 0
    for total in totals:
        if total > mine:
            if above is None:
                above = total
            elif total != above:
                return 0.0
        elif total == mine:
            level += 1
    if above is None:
        return 1.0 / level if level == len(totals) else 0.0
    return 1.0 / level


@cache
def stage_points_pool(player_count: int) -> tuple[int, ...]:
    """Points one figure scored in each of many stages of random play."""
    pool: list[int] = []
    position = MEASURE_SEED
    for _ in range(MEASURED_STAGES):
        position, seed = next_u64(position)
        pool.extend(random_stage_points(player_count, seed))
    return tuple(pool)


Futures = tuple[tuple[int, ...], ...]


@cache
def futures(
    player_count: int, figure_count: int, stages_left: int, count: int = FUTURES, percent: int = 100
) -> Futures:
    """`count` fixed vectors of points still to come, one number per figure, each stage's
    points drawn from the pool and scaled to `percent` (rounded)."""
    pool = stage_points_pool(player_count)
    position = next_u64(MEASURE_SEED ^ (player_count << 8 | stages_left))[1]
    vectors = []
    for _ in range(count):
        vector = []
        for _ in range(figure_count):
            points = 0
            for _ in range(stages_left):
                position, bits = next_u64(position)
                points += pool[bits % len(pool)]
            vector.append(points if percent == 100 else (points * percent + 50) // 100)
        vectors.append(tuple(vector))
    return tuple(vectors)


class Outlook:
    """The value of a stage's end for `me`, remembered per outcome within one decision."""

    __slots__ = ("known", "me", "noise", "totals")

    def __init__(
        self,
        totals: tuple[int, ...],
        me: int,
        player_count: int,
        stage: int,
        noise: Futures | None = None,
    ) -> None:
        """`noise`: the futures to average over (by default `futures`' for the stages left)."""
        self.totals = totals
        self.me = me
        stages_left = STAGES - stage
        if noise is None:
            noise = futures(player_count, len(totals), stages_left) if stages_left else ()
        self.noise = noise
        self.known: dict[tuple[int, ...], float] = {}

    def value(self, points: tuple[int, ...]) -> float:
        known = self.known.get(points)
        if known is not None:
            return known
        after = [total + add for total, add in zip(self.totals, points, strict=True)]
        me = self.me
        if not self.noise:
            result = win_share(after, me)
        else:
            shares = 0.0
            for future in self.noise:
                shares += win_share([a + f for a, f in zip(after, future, strict=True)], me)
            result = shares / len(self.noise)
        self.known[points] = result
        return result


# Expert play's own outlook: more futures (a smoother estimate), their points scaled. Not kept:
# at two players, futures drawn from the stages of 750 games of sharp against sharp (0.79 points
# per figure and stage, random play's 0.72) lost 1.5 +-2.8 points over 2,000 games against sharp.
# Nor, at four players, futures scaled to 140%: against the final shares of 1,200 games of sharp
# against sharp, the unscaled outlook is overconfident (the ends it values at 0.93 won 0.78) and
# 140% fits best (Brier score after stage 4: 0.1342 against 0.1382; at two players 100% fits
# best), yet over seed 2024's 2,000 games of bench/ai.py it lost 0.8 +-2.6 points.
EXPERT_FUTURES = 48
EXPERT_PERCENT = 100
# Two players: a smoother estimate, cheap there (few figures, few distinct stage ends). Seed
# 2024's 2,000 games against sharp: 55.1% +-2.1 with 384 futures, 55.0% with 192, 54.1% with 48;
# 384 against 192 paired +0.1 +-2.7 (decision p99 249 ms against 204 and 191).
TWO_PLAYER_FUTURES = 384


def expert_outlook(totals: tuple[int, ...], me: int, player_count: int, stage: int) -> Outlook:
    """The outlook expert play values its own stage ends by."""
    stages_left = STAGES - stage
    count = TWO_PLAYER_FUTURES if player_count == 2 else EXPERT_FUTURES
    noise = (
        futures(player_count, len(totals), stages_left, count, EXPERT_PERCENT)
        if stages_left
        else ()
    )
    return Outlook(totals, me, player_count, stage, noise)


def my_outlook(knowledge: Knowledge) -> Outlook:
    """Expert play's outlook from its seat."""
    return expert_outlook(knowledge.totals, knowledge.me, knowledge.player_count, knowledge.stage)
