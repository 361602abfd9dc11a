"""The rules of Why First?: a pure, deterministic reducer (standard library only, no I/O).

A game's life:

    state = new_game(["111", "222"], Variant.STANDARD, seed)
    state, dealt, events = settle(state)          # the deal is a logged chance step
    result = apply(state, Pick("111", 1, 1, 17, LEO))
    if isinstance(result, Accepted):
        state, more, events = settle(result.state)  # log the action, then `more`

Replaying the logged actions (deals included) from new_game(players, variant, seed)
gives an equal state. view_for(state, player) is all a player may see, and all an AI
player sees: choose(view, Level.SHARP, ai_seed) is its action;
export_record / replay_record / `python -m engine replay` handle game records.
"""

from .actions import (
    Action,
    ActionFormatError,
    ChooseCard,
    Deal,
    MoveFigure,
    Pick,
    Timeout,
    action_from_dict,
    action_to_dict,
)
from .ai import Level, choose
from .cards import DECK, Card, card
from .constants import (
    HAND_SIZE,
    LEO,
    MAX_SPACE,
    MIN_SPACE,
    ROUNDS,
    STAGES,
    START,
    Phase,
    Variant,
)
from .dealing import chance_outcome
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
from .history import RoundMoves, logged_rounds
from .json_types import JsonObject
from .outcomes import Accepted, RejectCode, Rejected
from .record_types import RecordError, ReplayResult, StageResult
from .records import export_record, replay_record
from .reducer import apply, legal_actions, settle
from .rules import score_stage
from .serialize import state_from_dict, state_to_dict
from .state import GameState, StageLog, figures, new_game, positions, totals
from .turns import final_result
from .views import (
    HandView,
    PlayerView,
    PublicView,
    RevealedPlay,
    current_mover,
    hand_view,
    public_view,
    view_for,
    waiting_for,
)

__all__ = [
    "DECK",
    "HAND_SIZE",
    "LEO",
    "MAX_SPACE",
    "MIN_SPACE",
    "ROUNDS",
    "STAGES",
    "START",
    "Accepted",
    "Action",
    "ActionFormatError",
    "Card",
    "CardsRevealed",
    "ChooseCard",
    "Deal",
    "Event",
    "FigureMoved",
    "GameOver",
    "GameState",
    "HandView",
    "JsonObject",
    "Level",
    "Move",
    "MoveFigure",
    "Phase",
    "Pick",
    "PickMade",
    "Play",
    "PlayerView",
    "PublicView",
    "RecordError",
    "RejectCode",
    "Rejected",
    "ReplayResult",
    "RevealedPlay",
    "RoundMoves",
    "RoundRevealed",
    "StageDealt",
    "StageLog",
    "StageResult",
    "StageScored",
    "Timeout",
    "Variant",
    "action_from_dict",
    "action_to_dict",
    "apply",
    "card",
    "chance_outcome",
    "choose",
    "current_mover",
    "export_record",
    "figures",
    "final_result",
    "hand_view",
    "legal_actions",
    "logged_rounds",
    "new_game",
    "positions",
    "public_view",
    "replay_record",
    "score_stage",
    "settle",
    "state_from_dict",
    "state_to_dict",
    "totals",
    "view_for",
    "waiting_for",
]
