"""apply(state, action): the whole game as a pure function. Nothing here mutates a state."""

from .actions import Action, ChooseCard, Deal, MoveFigure, Pick, Timeout
from .constants import ROUNDS, Phase, Variant
from .dealing import apply_deal, chance_outcome
from .events import Event
from .outcomes import Accepted, RejectCode, Rejected, Result
from .rng import next_u64
from .standard import apply_pick, resolve_standard
from .state import GameState, figure_names
from .tactical import apply_choose_card, apply_move_figure, make_player_move, reveal_tactical
from .turns import phase_sentence


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
    if isinstance(action, Pick):
        return apply_pick(state, action)
    if isinstance(action, ChooseCard):
        return apply_choose_card(state, action)
    if isinstance(action, MoveFigure):
        return apply_move_figure(state, action)
    if isinstance(action, Timeout):
        return apply_timeout(state, action)
    if isinstance(action, Deal):
        return apply_deal(state, action)
    raise TypeError(f"not an action: {action!r}")


def apply_timeout(state: GameState, action: Timeout) -> Result:
    """Late players get a random card of their hand (from the game's generator) played on
    themselves; a late tactical mover moves their own figure."""
    if state.phase is Phase.DEALING:
        return Rejected(RejectCode.WRONG_PHASE, phase_sentence(state))
    if action.stage != state.stage or action.round != state.round:
        return Rejected(
            RejectCode.STALE_TURN,
            f"That deadline was for stage {action.stage} round {action.round}, but the game "
            f"is at stage {state.stage} round {state.round}.",
        )
    if state.phase is Phase.MOVING:
        mover = state.move_order[0][0]
        if action.mover is not None and action.mover != mover:
            return Rejected(
                RejectCode.STALE_TURN,
                f"That deadline was {action.mover}'s, but {mover} is moving now.",
            )
        next_state, events = make_player_move(state, mover, automatic=True)
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
        next_state, events = resolve_standard(state, tuple(picks), tuple(automatic), rng)
    else:
        next_state, events = reveal_tactical(state, tuple(picks), tuple(automatic), rng)
    return Accepted(next_state, events)


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
