"""Expert play: sharp's Monte Carlo, planned further, with a better model of the others where
it is cheap.

Standard game with two players, rounds 1-3: regret matching over the round and a tree of the
rounds after it (regret.py, regret_tree.py). Other tables, rounds 1-3 (plan_pick, 64 samples
a decision): each sample deals the unseen cards anew and lets the others play casually this
round; then the deciding player keeps playing the move that looks best (casual's choice
without the noise) until round 4, the others at random. Round 4 of a sample, up to four
players, is played as the real one will be (endgame.known_hands_answers): each other player
answers the table as sharp does, and the deciding player answers them, as it will. Measured
over seed 2024's 2,000 4-player games of bench/ai.py against three sharp seats: 34.7% +-1.9 (the
plan's earlier 64, 128 and 256 samples in rounds 1-3 with round 4 like the rounds before it:
29.2% +-1.9; the deciding player answering the others' greedy moves instead of their answers:
30.3% +-1.9, on the first 1,000 games 31.0% against 36.5%). At five or six players, where it
would take too long, round 4 is played like the rounds before it.
Round 4, the stage's last choice (endgame_pick): every
sample settles the stage exactly, each other player playing what sharp would play with the
hand the sample deals it (endgame.SharpModel).
Tactical game: tactical_plan (rounds 1-4) and last_moves (round 5, every card face up).
Every stage end is valued by expert_outlook: the share of the win, exact after stage 5.
Budgets are counts of samples, so a seed gives the same move on any machine.

Not kept (four players, seed 2024's 2,000 games of bench/ai.py): the others playing at random
instead of casually in the plan's samples of rounds 1-2 (+0.3 +-2.6 points; sharp's own moves
there agree with themselves on another seed only 13% and 20% of the time, and casual play
explains them worse than a uniform guess) or of rounds 1-3 (-1.8 +-2.6). Nor 512 samples in
rounds 1 and 2 (28.6% +-2.6 of the first 1,000 games, against 29.2% over the 2,000; a round-1
decision p99 of 740 ms): the moves that more samples part on are about as good as each other.
"""

from functools import partial

from ..cards import VALUES
from ..constants import ROUNDS
from ..rng import next_u64
from ..rules import make_moves_at_once
from ..simulate import random_plays
from .casual import Aim, best_picks, kept_card
from .endgame import EndValues, SharpModel, World, known_hands_answers
from .knowledge import LARGE_TABLE, Knowledge
from .last_moves import LastMoves
from .outlook import expert_outlook, my_outlook
from .regret import regret_pick
from .rollout import LEO_INDEX
from .sharp import aims_of, best_of, deal_unseen, sampled_pick, standard_candidates
from .tactical_plan import plan_card, plan_move

PLAN_SAMPLES = 64  # standard rounds 1-3
WORLDS = 24  # round 4: samples of what another player cannot see, for its sharp model
ENDGAME_SAMPLES = 300  # round 4: samples of the others' hands
# Two players: one other to model, and round 4 is the cheap decision there, so the model takes as
# many samples as sharp itself does in round 4 (agreeing with sharp's move 84% of the time where
# 24 samples agree 75%; sharp agrees with itself 87%). Over 2,000 games against sharp (seed 2025,
# 72 regret iterations both): +1.3 +-1.9 points.
TWO_PLAYER_WORLDS = 256
TWO_PLAYER_ENDGAME_SAMPLES = 1200
REGRET_ROUNDS = 3  # two players: rounds 1..REGRET_ROUNDS by regret matching (regret.py)


def expert_move(knowledge: Knowledge, position: int) -> int:
    """Tactical MOVING: the figure to move."""
    if knowledge.round == ROUNDS:
        moves = LastMoves(knowledge, aims_of(knowledge))
        _, card = knowledge.moves_left[0]
        later = list(knowledge.moves_left[1:])
        return moves.best_target(list(knowledge.positions), knowledge.me, card, later)
    return plan_move(knowledge, position)


def expert_card(knowledge: Knowledge, position: int) -> int:
    """Tactical PICKING, rounds 1-4: the card to lay down."""
    return plan_card(knowledge, position)


def expert_pick(knowledge: Knowledge, position: int) -> tuple[int, int]:
    """Standard game, rounds 1-4: (card, target figure)."""
    if knowledge.round == ROUNDS - 1:
        return endgame_pick(knowledge, position)
    return plan_pick(knowledge, position)


def endgame_pick(knowledge: Knowledge, position: int) -> tuple[int, int]:
    """Round 4: my move against each sample's others, who play as sharp would."""
    me = knowledge.me
    aims = aims_of(knowledge)
    two = knowledge.player_count == 2
    worlds = TWO_PLAYER_WORLDS if two else WORLDS
    samples = TWO_PLAYER_ENDGAME_SAMPLES if two else ENDGAME_SAMPLES
    models: dict[int, SharpModel] = {}
    for seat in range(knowledge.player_count):
        if seat != me:
            position, seed = next_u64(position)
            models[seat] = SharpModel(knowledge, seat, aims, worlds, seed)
    candidates = standard_candidates(knowledge)
    number_of = {candidate: number for number, candidate in enumerate(candidates)}
    hand = knowledge.hand
    # (card, its value, the value of the card kept for round 5), once per card.
    mine = [
        (card, VALUES[card], VALUES[kept_card(hand, card)])
        for card in dict.fromkeys(card for card, _ in candidates)
    ]
    value = EndValues(my_outlook(knowledge))
    scores = [0.0] * len(candidates)
    for _ in range(samples):
        position, hands, leo_stack = deal_unseen(knowledge, position)
        fourth = []
        fifth = []
        for seat, dealt in enumerate(hands):
            if seat != me:
                card, target = models[seat].move(dealt)
                fourth.append((card, target))
                fifth.append((kept_card(dealt, card), seat))
        if leo_stack:
            fourth.append((leo_stack[0], LEO_INDEX))
        world = World(knowledge.positions, fourth, fifth)
        for card, played, kept in mine:
            for target, final in enumerate(world.ends(me, played, kept)):
                scores[number_of[card, target]] += value(final)
    return candidates[best_of(scores)]


def finish_planning(
    positions: list[int],
    hands: list[list[int]],
    leo_stack: list[int],
    next_round: int,
    position: int,
    aims: list[Aim],
    me: int,
    values: list[EndValues] | None = None,
) -> list[int]:
    """The rest of the stage: `me` playing the move that looks best each round, the others at
    random; given every player's `values`, round 4 played as endgame.known_hands_answers plays
    it. The final spaces."""
    figure_count = len(positions)
    others = [hand for seat, hand in enumerate(hands) if seat != me]
    for round_number in range(next_round, ROUNDS + 1):
        left = ROUNDS + 1 - round_number
        if left == 2 and values is not None:
            leo = leo_stack[round_number - next_round] if leo_stack else None
            fourth = known_hands_answers(positions, hands, leo, aims, values, me)
            fifth = [(kept_card(hands[seat], card), seat) for seat, (card, _) in enumerate(fourth)]
            make_moves_at_once(positions, fourth if leo is None else [*fourth, (leo, LEO_INDEX)])
            make_moves_at_once(positions, fifth)
            return positions
        if left == 1:
            moves = [(hand[0], seat) for seat, hand in enumerate(hands)]
        else:
            position, bits = next_u64(position)
            bits, pick = divmod(bits, 64)
            best = best_picks(positions, hands[me], aims[me], round_number)
            card, target = best[pick % len(best)]
            hands[me].remove(card)
            moves = [(card, target), *random_plays(others, left, figure_count, bits)]
            if leo_stack:
                moves.append((leo_stack[round_number - next_round], LEO_INDEX))
        make_moves_at_once(positions, moves)
    return positions


def plan_pick(knowledge: Knowledge, position: int) -> tuple[int, int]:
    """Rounds 1-3: sharp's sampled pick, the stage played out by finish_planning (round 4 with
    every player's answer up to four players; at five or six, where that would take too long,
    as the rounds before it)."""
    if knowledge.round <= REGRET_ROUNDS and knowledge.player_count == 2:
        return regret_pick(knowledge, position)
    mine = my_outlook(knowledge)
    values = None
    if knowledge.player_count < LARGE_TABLE:
        players, totals, stage = knowledge.player_count, knowledge.totals, knowledge.stage
        values = [
            EndValues(
                mine if seat == knowledge.me else expert_outlook(totals, seat, players, stage)
            )
            for seat in range(players)
        ]
    finish = partial(finish_planning, aims=aims_of(knowledge), me=knowledge.me, values=values)
    return sampled_pick(knowledge, position, PLAN_SAMPLES, mine, finish)
