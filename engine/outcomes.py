"""What apply() answers: the next state and its events, or a refusal."""

from dataclasses import dataclass
from enum import StrEnum

from .events import Event
from .state import GameState


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
