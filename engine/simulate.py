"""Random legal games, fast: statistics about the game, and records to test replay with.

Each simulated game is the engine game `new_game(players, variant, record["seed"])`
with random (uniform) choices instead of people: the deals are the engine's own.
"""

from collections.abc import Iterator
from dataclasses import dataclass, field

from .constants import HAND_SIZE, LEO, ROUNDS, STAGES, Variant
from .dealing import deal_size
from .json_types import JsonObject
from .rng import draw_cards, next_u64, seed_position
from .rules import make_moves_at_once, make_moves_in_order, score_stage, winner_indexes
from .state import check_players, figure_names


@dataclass(frozen=True, slots=True)
class SimulatedGame:
    seed: int
    totals: tuple[int, ...]
    winners: tuple[int, ...]  # figure indexes
    silent_stages: int  # stages where nobody scored
    record: JsonObject | None


def seat_names(player_count: int) -> tuple[str, ...]:
    return check_players([f"P{seat}" for seat in range(1, player_count + 1)])


def simulate_games(
    player_count: int, games: int, seed: int, variant: Variant, with_records: bool = False
) -> Iterator[SimulatedGame]:
    """`games` random games; game seeds and choices all follow from `seed`."""
    players = seat_names(player_count)
    tactical = Variant(variant) is Variant.TACTICAL
    position = seed_position(seed)
    for _ in range(games):
        position, game_seed = next_u64(position)
        position, choice_seed = next_u64(position)
        yield play_random_game(players, tactical, game_seed, choice_seed, with_records)


def random_plays(
    hands: list[list[int]], cards_left: int, figure_count: int, bits: int
) -> list[tuple[int, int]]:
    """Every hand's random (card, target figure index), each card taken out of its hand: one
    64-bit draw makes every choice of a round (at most 30**6 < 2**30)."""
    options = cards_left * figure_count
    played = []
    for hand in hands:
        bits, choice = divmod(bits, options)
        target, index = divmod(choice, cards_left)
        played.append((hand.pop(index), target))
    return played


def play_random_game(
    players: tuple[str, ...],
    tactical: bool,
    game_seed: int,
    choice_seed: int,
    with_records: bool,
) -> SimulatedGame:
    # One long function on purpose: this is the simulation hot path (bench/engine.py's goal
    # is 5,000 games a second), where every helper call shows in the figures.
    names = figure_names(players)
    count = len(players)
    figure_count = len(names)
    with_leo = count == 2
    cards_dealt = deal_size(count)
    deal_rng = seed_position(game_seed)
    choices = seed_position(choice_seed)
    totals = [0] * figure_count
    silent = 0
    stages: list[JsonObject] = []
    for _ in range(STAGES):
        deal_rng, cards = draw_cards(deal_rng, cards_dealt)
        hands = [cards[HAND_SIZE * seat : HAND_SIZE * (seat + 1)] for seat in range(count)]
        leo = cards[HAND_SIZE * count :]
        if with_records:
            stage: JsonObject = {"hands": {p: list(h) for p, h in zip(players, hands, strict=True)}}
            if with_leo:
                stage["leo"] = list(leo)
            rounds: list[list[JsonObject]] = []
            stage["rounds"] = rounds
            stages.append(stage)
        positions = [0] * figure_count
        for round_number in range(1, ROUNDS + 1):
            choices, bits = next_u64(choices)
            cards_left = ROUNDS + 1 - round_number
            if round_number == ROUNDS and not tactical:
                # The last card, on oneself.
                played = [(hand.pop(), seat) for seat, hand in enumerate(hands)]
            else:
                played = random_plays(hands, cards_left, figure_count, bits)
            if with_records:
                rounds.append(
                    [
                        {"player": players[seat], "card": card, "target": names[target]}
                        for seat, (card, target) in enumerate(played)
                    ]
                )
            if with_leo and round_number < ROUNDS:
                played.append((leo[round_number - 1], 2))
            if tactical:
                make_moves_in_order(positions, played)
            else:
                make_moves_at_once(positions, played)
        space, points = score_stage(positions)
        if space is None:
            silent += 1
        for index in range(figure_count):
            totals[index] += points[index]
    record: JsonObject | None = None
    if with_records:
        record = {
            "variant": Variant.TACTICAL.value if tactical else Variant.STANDARD.value,
            "players": list(players),
            "seed": game_seed,
            "stages": stages,
        }
    return SimulatedGame(game_seed, tuple(totals), winner_indexes(totals), silent, record)


@dataclass(slots=True)
class Summary:
    """What many games tell: winning totals, wins per seat (and Leo), silent stages."""

    figures: tuple[str, ...]
    games: int = 0
    winning_totals: list[int] = field(default_factory=list)
    wins: dict[str, int] = field(default_factory=dict)
    shared_wins: int = 0
    silent_stages: int = 0

    def add(self, game: SimulatedGame) -> None:
        self.games += 1
        self.winning_totals.append(game.totals[game.winners[0]])
        for index in game.winners:
            name = self.figures[index]
            self.wins[name] = self.wins.get(name, 0) + 1
        if len(game.winners) > 1:
            self.shared_wins += 1
        self.silent_stages += game.silent_stages

    def lines(self) -> list[str]:
        games = self.games
        if not games:
            return ["no games played"]
        values = self.winning_totals
        mean = sum(values) / games
        spread = (sum((v - mean) ** 2 for v in values) / games) ** 0.5
        lines = [
            f"games: {games}",
            f"winning total: mean {mean:.2f}, standard deviation {spread:.2f}, "
            f"min {min(values)}, max {max(values)}",
            "wins (a shared win counts for every winner):",
        ]
        for name in self.figures:
            won = self.wins.get(name, 0)
            label = f"seat {name[1:]} ({name})" if name != LEO else LEO
            lines.append(f"  {label}: {won} ({100 * won / games:.1f}%)")
        stages = games * STAGES
        lines.append(f"shared wins: {self.shared_wins} ({100 * self.shared_wins / games:.1f}%)")
        lines.append(
            f"stages where nobody scores: {self.silent_stages} of {stages} "
            f"({100 * self.silent_stages / stages:.2f}%)"
        )
        return lines
