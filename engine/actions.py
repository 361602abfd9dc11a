"""What can be done to a game: the deal (a chance step) and the players' choices."""

from dataclasses import dataclass

from .json_types import JsonObject


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance step at the start of a stage: every hand, then Leo's stack (top first)."""

    stage: int
    hands: tuple[tuple[str, tuple[int, ...]], ...]
    leo: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pick:
    """Standard game: a card from the player's hand, played in front of `target`."""

    player: str
    stage: int
    round: int
    card: int
    target: str


@dataclass(frozen=True, slots=True)
class ChooseCard:
    """Tactical game: the card the player lays face down in front of themselves."""

    player: str
    stage: int
    round: int
    card: int


@dataclass(frozen=True, slots=True)
class MoveFigure:
    """Tactical game: the current mover moves `target` by their revealed card."""

    player: str
    stage: int
    round: int
    target: str


@dataclass(frozen=True, slots=True)
class Timeout:
    """The deadline of this turn passed: missing choices are made automatically.

    `mover` (optional, tactical MOVING): the mover whose deadline it was; if someone else
    is moving by now, the timeout is stale and refused.
    """

    stage: int
    round: int
    mover: str | None = None


Action = Deal | Pick | ChooseCard | MoveFigure | Timeout


class ActionFormatError(ValueError):
    """A dict that does not describe an action."""


def action_to_dict(action: Action) -> JsonObject:
    """A JSON-safe dict with a "type" key; action_from_dict reverses it."""
    match action:
        case Deal(stage, hands, leo):
            return {
                "type": "deal",
                "stage": stage,
                "hands": {player: list(cards) for player, cards in hands},
                "leo": list(leo),
            }
        case Pick(player, stage, round_, card, target):
            return {
                "type": "pick",
                "player": player,
                "stage": stage,
                "round": round_,
                "card": card,
                "target": target,
            }
        case ChooseCard(player, stage, round_, card):
            return {
                "type": "choose_card",
                "player": player,
                "stage": stage,
                "round": round_,
                "card": card,
            }
        case MoveFigure(player, stage, round_, target):
            return {
                "type": "move_figure",
                "player": player,
                "stage": stage,
                "round": round_,
                "target": target,
            }
        case Timeout(stage, round_, None):
            return {"type": "timeout", "stage": stage, "round": round_}
        case Timeout(stage, round_, mover):
            return {"type": "timeout", "stage": stage, "round": round_, "mover": mover}
    raise TypeError(f"not an action: {action!r}")


def _int(data: JsonObject, key: str) -> int:
    value = data.get(key)
    if type(value) is not int:
        raise ActionFormatError(f"action field {key!r} must be an integer, got {value!r}")
    return value


def _str(data: JsonObject, key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise ActionFormatError(f"action field {key!r} must be a string, got {value!r}")
    return value


def _cards(value: object, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or any(type(item) is not int for item in value):
        raise ActionFormatError(f"{what} must be a list of card numbers, got {value!r}")
    return tuple(value)


def action_from_dict(data: object) -> Action:
    """Rebuild an action from action_to_dict's output; ActionFormatError if malformed."""
    if not isinstance(data, dict):
        raise ActionFormatError(f"an action must be a JSON object, got {data!r}")
    kind = data.get("type")
    if kind == "deal":
        hands = data.get("hands")
        if not isinstance(hands, dict):
            raise ActionFormatError("a deal's 'hands' must be an object of player to cards")
        return Deal(
            stage=_int(data, "stage"),
            hands=tuple((str(p), _cards(c, f"the hand of {p}")) for p, c in hands.items()),
            leo=_cards(data.get("leo", []), "Leo's stack"),
        )
    if kind == "pick":
        return Pick(
            _str(data, "player"),
            _int(data, "stage"),
            _int(data, "round"),
            _int(data, "card"),
            _str(data, "target"),
        )
    if kind == "choose_card":
        return ChooseCard(
            _str(data, "player"), _int(data, "stage"), _int(data, "round"), _int(data, "card")
        )
    if kind == "move_figure":
        return MoveFigure(
            _str(data, "player"), _int(data, "stage"), _int(data, "round"), _str(data, "target")
        )
    if kind == "timeout":
        mover = _str(data, "mover") if "mover" in data else None
        return Timeout(_int(data, "stage"), _int(data, "round"), mover)
    raise ActionFormatError(f"unknown action type {kind!r}")
