"""apply(state, action): the whole game as a pure function. Nothing here mutates a state."""
from dataclasses import dataclass
from enum import StrEnum

from .actions import Action, ChooseCard, Deal, MoveFigure, Pick, Timeout
from .cards import DECK_SIZE, VALUES
from .constants import (
    HAND_SIZE,
    LEO,
    LEO_STACK_SIZE,
    ROUNDS,
    STAGES,
    START,
    Phase,
    Variant,
)
from .events import (
    CardsRevealed,
    Event,
    FigureMoved,
    GameOver,
    Move,
    PickMade,
    Play,
    RoundRevealed,
    StageDealt,
    StageScored,
)
from .rng import DEAL_DRAWS, GAMMA, MASK64, draw_cards, next_u64
from .rules import clamp, score_stage, winner_indexes
from .state import GameState, RecordedPlay, StageLog, figure_names


class RejectCode(StrEnum):
    NOT_A_PLAYER = "not_a_player"
    WRONG_PHASE = "wrong_phase"
    STALE_TURN = "stale_turn"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    UNKNOWN_TARGET = "unknown_target"
    MUST_TARGET_SELF = "must_target_self"
    NOT_YOUR_MOVE = "not_your_move"
    GAME_OVER = "game_over"
    INVALID_DEAL = "invalid_deal"


@dataclass(frozen=True, slots=True)
class Accepted:
    state: GameState
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Rejected:
    """Why an action was refused: a code for the bot, an English sentence for people."""

    code: RejectCode
    message: str


Result = Accepted | Rejected
Picks = tuple[tuple[int, str | None] | None, ...]


def is_chance(state: GameState) -> bool:
    return state.phase is Phase.DEALING


def deal_size(player_count: int) -> int:
    return HAND_SIZE * player_count + (LEO_STACK_SIZE if player_count == 2 else 0)


def chance_outcome(state: GameState) -> Deal:
    """The deal the seeded generator gives at its current position (phase DEALING only)."""
    if state.phase is not Phase.DEALING:
        raise ValueError("No deal is due: the game is not between stages.")
    count = len(state.players)
    _, cards = draw_cards(state.rng, deal_size(count))
    hands = tuple(
        (player, tuple(cards[HAND_SIZE * seat:HAND_SIZE * (seat + 1)]))
        for seat, player in enumerate(state.players)
    )
    return Deal(state.stage, hands, tuple(cards[HAND_SIZE * count:]))


def settle(state: GameState) -> tuple[GameState, tuple[Action, ...], tuple[Event, ...]]:
    """Apply chance outcomes until a player must act or the game is over."""
    actions: list[Action] = []
    events: list[Event] = []
    while state.phase is Phase.DEALING:
        deal = chance_outcome(state)
        result = apply(state, deal)
        assert isinstance(result, Accepted), result
        actions.append(deal)
        events.extend(result.events)
        state = result.state
    return state, tuple(actions), tuple(events)


def apply(state: GameState, action: Action) -> Result:
    """The next state and what happened, or why the action is refused."""
    if state.phase is Phase.FINISHED:
        return Rejected(RejectCode.GAME_OVER, "The game is over; no more actions are accepted.")
    kind = type(action)
    if kind is Pick:
        return _pick(state, action)  # type: ignore[arg-type]
    if kind is ChooseCard:
        return _choose_card(state, action)  # type: ignore[arg-type]
    if kind is MoveFigure:
        return _move_figure(state, action)  # type: ignore[arg-type]
    if kind is Timeout:
        return _timeout(state, action)  # type: ignore[arg-type]
    if kind is Deal:
        return _deal(state, action)  # type: ignore[arg-type]
    raise TypeError(f"not an action: {action!r}")


# --- checks shared by the players' actions -------------------------------------------


def _turn_problem(
    state: GameState, player: str, stage: int, round_: int, variant: Variant, phase: Phase
) -> Rejected | None:
    if player not in state.players:
        return Rejected(RejectCode.NOT_A_PLAYER, f"{player} does not play in this game.")
    if state.variant is not variant:
        return Rejected(
            RejectCode.WRONG_PHASE,
            f"This game uses the {state.variant.value} variant; that action belongs to the "
            f"{variant.value} variant.",
        )
    if stage != state.stage or round_ != state.round:
        return Rejected(
            RejectCode.STALE_TURN,
            f"That action was for stage {stage} round {round_}, but the game is at stage "
            f"{state.stage} round {state.round}.",
        )
    if state.phase is not phase:
        return Rejected(RejectCode.WRONG_PHASE, _phase_sentence(state))
    return None


def _phase_sentence(state: GameState) -> str:
    if state.phase is Phase.DEALING:
        return f"Stage {state.stage} has not been dealt yet."
    if state.phase is Phase.PICKING:
        return "Players are still choosing their cards for this round."
    return "The cards are revealed; players are now moving figures in card-number order."


def _card_problem(state: GameState, seat: int, card: int) -> Rejected | None:
    if card not in state.hands[seat]:
        return Rejected(
            RejectCode.CARD_NOT_IN_HAND,
            f"Card {card} is not in {state.players[seat]}'s hand.",
        )
    return None


def _target_problem(state: GameState, target: str) -> Rejected | None:
    if target not in figure_names(state.players):
        return Rejected(RejectCode.UNKNOWN_TARGET, f"{target} is not a figure in this game.")
    return None


def _replace_at(items: tuple, index: int, value: object) -> tuple:
    return (*items[:index], value, *items[index + 1:])


# --- standard game -----------------------------------------------------------------


def _pick(state: GameState, action: Pick) -> Result:
    player = action.player
    problem = _turn_problem(
        state, player, action.stage, action.round, Variant.STANDARD, Phase.PICKING
    )
    if problem:
        return problem
    seat = state.players.index(player)
    problem = _card_problem(state, seat, action.card) or _target_problem(state, action.target)
    if problem:
        return problem
    if state.round == ROUNDS and action.target != player:
        return Rejected(
            RejectCode.MUST_TARGET_SELF,
            f"In round {ROUNDS} every player must play their last card on themselves.",
        )
    picks = _replace_at(state.picks, seat, (action.card, action.target))
    made = PickMade(player, state.stage, state.round)
    if None in picks:
        return Accepted(_with_picks(state, picks), (made,))
    next_state, events = _resolve_standard(state, picks, (False,) * len(picks))
    return Accepted(next_state, (made, *events))


def _with_picks(state: GameState, picks: Picks) -> GameState:
    return GameState(
        state.variant, state.players, state.seed, state.rng, state.phase, state.stage,
        state.round, state.positions, state.hands, state.leo_stack, picks, state.move_order,
        state.stage_points, state.history,
    )


def _resolve_standard(
    state: GameState, picks: Picks, automatic: tuple[bool, ...], rng: int | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """Reveal every pick, move each figure by the sum in front of it, clamp."""
    players = state.players
    names = figure_names(players)
    slot = {name: index for index, name in enumerate(names)}
    deltas = [0] * len(names)
    plays: list[Play] = []
    recorded: list[RecordedPlay] = []
    hands = list(state.hands)
    for seat, pick in enumerate(picks):
        assert pick is not None
        card, target = pick
        assert target is not None
        value = VALUES[card]
        deltas[slot[target]] += value
        plays.append(Play(players[seat], card, value, target, automatic[seat]))
        recorded.append((players[seat], card, target))
        hands[seat] = tuple(c for c in hands[seat] if c != card)
    leo_stack = state.leo_stack
    if len(players) == 2 and state.round < ROUNDS:
        card = leo_stack[0]
        leo_stack = leo_stack[1:]
        deltas[2] += VALUES[card]
        plays.append(Play(LEO, card, VALUES[card], LEO, False))
    moves = []
    new_positions = []
    for name, start, delta in zip(names, state.positions, deltas, strict=True):
        end = clamp(start + delta)
        moves.append(Move(name, start, delta, end, end != start + delta))
        new_positions.append(end)
    revealed = RoundRevealed(state.stage, state.round, tuple(plays), tuple(moves))
    return _end_round(
        state, rng if rng is not None else state.rng, tuple(new_positions), tuple(hands),
        leo_stack, tuple(recorded), (revealed,),
    )


def _end_round(
    state: GameState,
    rng: int,
    new_positions: tuple[int, ...],
    hands: tuple[tuple[int, ...], ...],
    leo_stack: tuple[int, ...],
    recorded: tuple[RecordedPlay, ...],
    events: tuple[Event, ...],
) -> tuple[GameState, tuple[Event, ...]]:
    """Log the finished round; then the next round, or stage scoring and what follows."""
    last = state.history[-1]
    history = (*state.history[:-1], StageLog(last.hands, last.leo, (*last.rounds, recorded)))
    no_picks = (None,) * len(state.players)
    if state.round < ROUNDS:
        next_state = GameState(
            state.variant, state.players, state.seed, rng, Phase.PICKING, state.stage,
            state.round + 1, new_positions, hands, leo_stack, no_picks, (), state.stage_points,
            history,
        )
        return next_state, events
    names = figure_names(state.players)
    space, points = score_stage(new_positions)
    stage_points = (*state.stage_points, points)
    sums = [sum(column) for column in zip(*stage_points, strict=True)]
    total_pairs = tuple(zip(names, sums, strict=True))
    scored = StageScored(state.stage, space, tuple(zip(names, points, strict=True)), total_pairs)
    if state.stage == STAGES:
        winners = tuple(names[index] for index in winner_indexes(sums))
        finished = GameState(
            state.variant, state.players, state.seed, rng, Phase.FINISHED, state.stage,
            state.round, new_positions, hands, leo_stack, no_picks, (), stage_points, history,
        )
        return finished, (*events, scored, GameOver(total_pairs, winners))
    between = GameState(
        state.variant, state.players, state.seed, rng, Phase.DEALING, state.stage + 1, 1,
        new_positions, hands, leo_stack, no_picks, (), stage_points, history,
    )
    return between, (*events, scored)


# --- tactical game -----------------------------------------------------------------


def _choose_card(state: GameState, action: ChooseCard) -> Result:
    player = action.player
    problem = _turn_problem(
        state, player, action.stage, action.round, Variant.TACTICAL, Phase.PICKING
    )
    if problem:
        return problem
    seat = state.players.index(player)
    problem = _card_problem(state, seat, action.card)
    if problem:
        return problem
    picks = _replace_at(state.picks, seat, (action.card, None))
    made = PickMade(player, state.stage, state.round)
    if None in picks:
        return Accepted(_with_picks(state, picks), (made,))
    next_state, events = _reveal_tactical(state, picks, (False,) * len(picks), state.rng)
    return Accepted(next_state, (made, *events))


def _reveal_tactical(
    state: GameState, picks: Picks, automatic: tuple[bool, ...], rng: int
) -> tuple[GameState, tuple[Event, ...]]:
    """Turn the chosen cards over and start moving in descending card number."""
    players = state.players
    plays: list[Play] = []
    order: list[tuple[str, int]] = []
    hands = list(state.hands)
    for seat, pick in enumerate(picks):
        assert pick is not None
        card = pick[0]
        plays.append(Play(players[seat], card, VALUES[card], players[seat], automatic[seat]))
        order.append((players[seat], card))
        hands[seat] = tuple(c for c in hands[seat] if c != card)
    leo_stack = state.leo_stack
    if len(players) == 2 and state.round < ROUNDS:
        card = leo_stack[0]
        leo_stack = leo_stack[1:]
        plays.append(Play(LEO, card, VALUES[card], LEO, False))
        order.append((LEO, card))
    order.sort(key=lambda entry: entry[1], reverse=True)
    revealed = CardsRevealed(
        state.stage, state.round, tuple(plays), tuple(mover for mover, _ in order)
    )
    moving = GameState(
        state.variant, players, state.seed, rng, Phase.MOVING, state.stage, state.round,
        state.positions, tuple(hands), leo_stack, picks, tuple(order), state.stage_points,
        state.history,
    )
    return _run_moves(moving, (revealed,))


def _move_one(
    state: GameState, target: str, automatic: bool
) -> tuple[tuple[int, ...], FigureMoved]:
    mover, card = state.move_order[0]
    index = figure_names(state.players).index(target)
    start = state.positions[index]
    value = VALUES[card]
    end = clamp(start + value)
    move = Move(target, start, value, end, end != start + value)
    moved = FigureMoved(state.stage, state.round, mover, card, value, target, move, automatic)
    return _replace_at(state.positions, index, end), moved


def _run_moves(
    state: GameState, events: tuple[Event, ...]
) -> tuple[GameState, tuple[Event, ...]]:
    """Make Leo's moves (Leo's card always moves Leo) until a player must move or the
    round is over."""
    collected = list(events)
    positions = state.positions
    order = state.move_order
    while order and order[0][0] == LEO:
        current = GameState(
            state.variant, state.players, state.seed, state.rng, state.phase, state.stage,
            state.round, positions, state.hands, state.leo_stack, state.picks, order,
            state.stage_points, state.history,
        )
        positions, moved = _move_one(current, LEO, False)
        collected.append(moved)
        order = order[1:]
    if order:
        waiting = GameState(
            state.variant, state.players, state.seed, state.rng, Phase.MOVING, state.stage,
            state.round, positions, state.hands, state.leo_stack, state.picks, order,
            state.stage_points, state.history,
        )
        return waiting, tuple(collected)
    recorded = tuple(
        (player, pick[0], pick[1])
        for player, pick in zip(state.players, state.picks, strict=True)
        if pick is not None and pick[1] is not None
    )
    return _end_round(
        state, state.rng, positions, state.hands, state.leo_stack, recorded, tuple(collected)
    )


def _move_figure(state: GameState, action: MoveFigure) -> Result:
    player = action.player
    problem = _turn_problem(
        state, player, action.stage, action.round, Variant.TACTICAL, Phase.MOVING
    )
    if problem:
        return problem
    mover = state.move_order[0][0]
    if player != mover:
        return Rejected(
            RejectCode.NOT_YOUR_MOVE, f"It is {mover}'s move, not {player}'s."
        )
    problem = _target_problem(state, action.target)
    if problem:
        return problem
    next_state, events = _make_player_move(state, action.target, automatic=False)
    return Accepted(next_state, events)


def _make_player_move(
    state: GameState, target: str, automatic: bool
) -> tuple[GameState, tuple[Event, ...]]:
    mover, card = state.move_order[0]
    positions, moved = _move_one(state, target, automatic)
    seat = state.players.index(mover)
    picks = _replace_at(state.picks, seat, (card, target))
    after = GameState(
        state.variant, state.players, state.seed, state.rng, state.phase, state.stage,
        state.round, positions, state.hands, state.leo_stack, picks, state.move_order[1:],
        state.stage_points, state.history,
    )
    return _run_moves(after, (moved,))


# --- deadlines and deals -----------------------------------------------------------


def _timeout(state: GameState, action: Timeout) -> Result:
    if state.phase is Phase.DEALING:
        return Rejected(RejectCode.WRONG_PHASE, _phase_sentence(state))
    if action.stage != state.stage or action.round != state.round:
        return Rejected(
            RejectCode.STALE_TURN,
            f"That deadline was for stage {action.stage} round {action.round}, but the game "
            f"is at stage {state.stage} round {state.round}.",
        )
    if state.phase is Phase.MOVING:
        mover = state.move_order[0][0]
        next_state, events = _make_player_move(state, mover, automatic=True)
        return Accepted(next_state, events)
    rng = state.rng
    picks = list(state.picks)
    automatic = [False] * len(picks)
    standard = state.variant is Variant.STANDARD
    for seat, pick in enumerate(picks):
        if pick is None:
            rng, output = next_u64(rng)
            hand = state.hands[seat]
            card = hand[output % len(hand)]
            picks[seat] = (card, state.players[seat] if standard else None)
            automatic[seat] = True
    if standard:
        next_state, events = _resolve_standard(state, tuple(picks), tuple(automatic), rng)
    else:
        next_state, events = _reveal_tactical(state, tuple(picks), tuple(automatic), rng)
    return Accepted(next_state, events)


def deal_problem(state: GameState, deal: Deal) -> str | None:
    """Why `deal` cannot start the current stage, or None."""
    players = state.players
    dealt_to = [player for player, _ in deal.hands]
    if sorted(dealt_to) != sorted(players):
        return "A deal must give exactly one hand to every player."
    seen: set[int] = set()
    for player, hand in deal.hands:
        if len(hand) != HAND_SIZE:
            return f"{player}'s hand must hold {HAND_SIZE} cards, not {len(hand)}."
        if any(type(number) is not int or not 1 <= number <= DECK_SIZE for number in hand):
            return f"Cards are numbered 1 to {DECK_SIZE}."
        seen.update(hand)
    expected_leo = LEO_STACK_SIZE if len(players) == 2 else 0
    if len(deal.leo) != expected_leo:
        return f"Leo's stack must hold {expected_leo} cards, not {len(deal.leo)}."
    if any(type(number) is not int or not 1 <= number <= DECK_SIZE for number in deal.leo):
        return f"Cards are numbered 1 to {DECK_SIZE}."
    seen.update(deal.leo)
    if len(seen) != deal_size(len(players)):
        return "No card may be dealt twice."
    return None


def _deal(state: GameState, deal: Deal) -> Result:
    if state.phase is not Phase.DEALING:
        return Rejected(RejectCode.WRONG_PHASE, "No deal is due: a stage is being played.")
    if deal.stage != state.stage:
        return Rejected(
            RejectCode.STALE_TURN,
            f"That deal was for stage {deal.stage}, but stage {state.stage} is due.",
        )
    problem = deal_problem(state, deal)
    if problem:
        return Rejected(RejectCode.INVALID_DEAL, problem)
    by_player = dict(deal.hands)
    hands = tuple(tuple(by_player[player]) for player in state.players)
    leo = tuple(deal.leo)
    names = figure_names(state.players)
    dealt = GameState(
        state.variant, state.players, state.seed, (state.rng + DEAL_DRAWS * GAMMA) & MASK64,
        Phase.PICKING, state.stage, 1, (START,) * len(names), hands, leo,
        (None,) * len(state.players), (), state.stage_points,
        (*state.history, StageLog(hands, leo, ())),
    )
    return Accepted(dealt, (StageDealt(state.stage),))


# --- what may be done ----------------------------------------------------------------


def legal_actions(state: GameState, player: str) -> tuple[Action, ...]:
    """Every action `player` may take now (a repeated pick replaces the earlier one)."""
    if player not in state.players:
        return ()
    seat = state.players.index(player)
    stage, round_ = state.stage, state.round
    names = figure_names(state.players)
    if state.phase is Phase.PICKING:
        hand = state.hands[seat]
        if state.variant is Variant.TACTICAL:
            return tuple(ChooseCard(player, stage, round_, card) for card in hand)
        targets = (player,) if round_ == ROUNDS else names
        return tuple(
            Pick(player, stage, round_, card, target) for card in hand for target in targets
        )
    if state.phase is Phase.MOVING and state.move_order[0][0] == player:
        return tuple(MoveFigure(player, stage, round_, target) for target in names)
    return ()
