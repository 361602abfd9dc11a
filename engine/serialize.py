"""GameState <-> a JSON-safe dict, for storage: state_from_dict(state_to_dict(s)) == s."""

from .constants import Phase, Variant
from .json_types import JsonObject
from .state import GameState, StageLog

FORMAT = 1


def state_to_dict(state: GameState) -> JsonObject:
    return {
        "format": FORMAT,
        "variant": state.variant.value,
        "players": list(state.players),
        "seed": state.seed,
        "rng": state.rng,
        "phase": state.phase.value,
        "stage": state.stage,
        "round": state.round,
        "positions": list(state.positions),
        "hands": [list(hand) for hand in state.hands],
        "leo_stack": list(state.leo_stack),
        "picks": [None if pick is None else list(pick) for pick in state.picks],
        "move_order": [list(entry) for entry in state.move_order],
        "stage_points": [list(points) for points in state.stage_points],
        "history": [
            {
                "hands": [list(hand) for hand in log.hands],
                "leo": list(log.leo),
                "rounds": [[list(play) for play in plays] for plays in log.rounds],
            }
            for log in state.history
        ],
    }


def state_from_dict(data: object) -> GameState:
    """Rebuild a state; ValueError if `data` was not made by state_to_dict."""
    if not isinstance(data, dict):
        raise ValueError(f"not a saved game state: {data!r}")
    try:
        if data["format"] != FORMAT:
            raise ValueError(f"unknown state format {data['format']!r}")
        return GameState(
            variant=Variant(data["variant"]),
            players=tuple(data["players"]),
            seed=int(data["seed"]),
            rng=int(data["rng"]),
            phase=Phase(data["phase"]),
            stage=int(data["stage"]),
            round=int(data["round"]),
            positions=tuple(data["positions"]),
            hands=tuple(tuple(hand) for hand in data["hands"]),
            leo_stack=tuple(data["leo_stack"]),
            picks=tuple(
                None if pick is None else (int(pick[0]), pick[1]) for pick in data["picks"]
            ),
            move_order=tuple((str(m), int(c)) for m, c in data["move_order"]),
            stage_points=tuple(tuple(points) for points in data["stage_points"]),
            history=tuple(
                StageLog(
                    hands=tuple(tuple(hand) for hand in log["hands"]),
                    leo=tuple(log["leo"]),
                    rounds=tuple(
                        tuple((str(p), int(c), str(t)) for p, c, t in plays)
                        for plays in log["rounds"]
                    ),
                )
                for log in data["history"]
            ),
        )
    except (KeyError, TypeError, IndexError) as error:
        raise ValueError(f"not a saved game state: {error}") from error
