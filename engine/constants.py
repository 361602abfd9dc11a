"""Fixed numbers of the game and the enums that name its variants and phases."""

from enum import StrEnum

LEO = "Leo"
MIN_SPACE = -12
MAX_SPACE = 16
START = 0
STAGES = 5
ROUNDS = 5
HAND_SIZE = 5
LEO_STACK_SIZE = ROUNDS - 1
MIN_PLAYERS = 2
MAX_PLAYERS = 6


class Variant(StrEnum):
    STANDARD = "standard"
    TACTICAL = "tactical"


class Phase(StrEnum):
    DEALING = "dealing"
    PICKING = "picking"
    MOVING = "moving"
    FINISHED = "finished"
