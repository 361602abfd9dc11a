"""Driving real engine games from tests: scripted stages and random play."""

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import engine
from engine import Accepted, Action, Event, GameState


@dataclass
class Game:
    """A game driven through `engine.apply`, remembering every applied action and event."""

    state: GameState
    actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @classmethod
    def start(cls, players: Sequence[str], variant: str = "standard", seed: int = 1) -> "Game":
        return cls(engine.new_game(players, engine.Variant(variant), seed))

    def do(self, action: Action) -> tuple[Event, ...]:
        result = engine.apply(self.state, action)
        assert isinstance(result, Accepted), result
        self.state = result.state
        self.actions.append(action)
        self.events.extend(result.events)
        return result.events

    def settle(self) -> None:
        self.state, actions, events = engine.settle(self.state)
        self.actions.extend(actions)
        self.events.extend(events)

    def deal(self, hands: dict[str, Sequence[int]], leo: Sequence[int] = ()) -> None:
        self.do(
            engine.Deal(
                self.state.stage, tuple((p, tuple(h)) for p, h in hands.items()), tuple(leo)
            )
        )

    def pick(self, player: str, card: int, target: str) -> tuple[Event, ...]:
        return self.do(engine.Pick(player, self.state.stage, self.state.round, card, target))

    def choose(self, player: str, card: int) -> tuple[Event, ...]:
        return self.do(engine.ChooseCard(player, self.state.stage, self.state.round, card))

    def move(self, player: str, target: str) -> tuple[Event, ...]:
        return self.do(engine.MoveFigure(player, self.state.stage, self.state.round, target))

    def timeout(self) -> tuple[Event, ...]:
        return self.do(engine.Timeout(self.state.stage, self.state.round))


def play_randomly(
    players: Sequence[str],
    variant: str,
    seed: int,
    chooser: random.Random,
    timeout_share: float = 0.05,
    repick_share: float = 0.1,
) -> Game:
    """A whole game of random legal choices, with some timeouts and changed picks."""
    game = Game.start(players, variant, seed)
    game.settle()
    while game.state.phase is not engine.Phase.FINISHED:
        waiting = engine.public_view(game.state).waiting_for
        roll = chooser.random()
        if roll < timeout_share:
            game.timeout()
        else:
            if roll < timeout_share + repick_share:
                actor = chooser.choice(game.state.players)
            else:
                actor = chooser.choice(waiting)
            options = engine.legal_actions(game.state, actor)
            if not options:
                continue
            game.do(chooser.choice(options))
        game.settle()
    return game
