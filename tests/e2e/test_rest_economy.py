"""The REST economy: a whole game spends about one rate-limited request per round (its reveal),
and every player's DM shows the right hand after every reveal, whether their last click's
token is fresh, expired, or missing (a player who never clicked)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.e2e.results import ROUNDS_PER_GAME, budget_per_round
from tests.e2e.server import Server
from tests.e2e.table import Table, buttons, enabled, turn_in
from tests.loopback import Message, Player

REVEALS_WATCHED = 6
"""Stage 1 and the first round of stage 2: a stage's deal is among them."""


async def play_a_counted_game(server: Server, names: list[str], variant: str) -> Counter[str]:
    await server.start_bot()
    table = Table(server.discord, server.games, server.players(*names), seed=len(names))
    before = server.discord.rate_limited_requests()
    await table.open(variant=variant, pick_seconds=600)
    await table.play_to_the_end()

    def live_hands() -> list[str]:
        return [p.name for p in table.players for dm in p.dms() if enabled(dm.buttons())]

    await server.discord.wait_for(lambda: not live_hands(), what="every DM hand retired")
    return server.discord.rate_limited_requests() - before


@pytest.mark.parametrize(
    ("players", "variant"),
    [(4, "standard"), (2, "standard"), (6, "standard"), (4, "tactical")],
    ids=["4-players", "2-players", "6-players", "4-players-tactical"],
)
async def test_a_whole_game_spends_one_request_a_round_and_one_per_eight_players_at_most(
    server: Server, players: int, variant: str
) -> None:
    """4 players: 1.5 a round at most; in general 1 + players/8."""
    names = ["Anne", "Ben", "Cleo", "Dan", "Eve", "Finn"][:players]
    spent = await play_a_counted_game(server, names, variant)
    per_round = sum(spent.values()) / ROUNDS_PER_GAME
    assert per_round <= budget_per_round(len(names)), spent


def current_hand(player: Player, turn: tuple[int, int]) -> Message | None:
    """The player's latest DM, if it is this turn's hand with live cards."""
    dms = player.dms()
    if not dms or turn_in(dms[-1].content) != turn:
        return None
    return dms[-1] if enabled(buttons(dms[-1], "card")) else None


async def test_every_dm_shows_the_current_hand_whether_its_token_is_fresh_expired_or_missing(
    server: Server,
) -> None:
    await server.start_bot()
    anne, ben, cleo = server.players("Anne", "Ben", "Cleo")
    # Anne clicks every round (fresh tokens); Ben too, but his tokens have expired each time;
    # Cleo never clicks: the deadline plays her card.
    table = Table(server.discord, server.games, [anne, ben, cleo], seed=3)
    await table.open(pick_seconds=20)
    for _ in range(REVEALS_WATCHED):
        message = await server.discord.wait_for(
            lambda: table.current_turn() and table.round_message() is not table.acted_on,
            what="a turn to play",
        )
        assert message
        turn = table.current_turn()
        assert turn is not None
        server.discord.expire_tokens(ben)
        for player in (anne, ben, cleo):
            await server.discord.wait_for(
                lambda p=player, t=turn: current_hand(p, t), what=f"{player.name}'s hand for {turn}"
            )
        hands = [(p, await table.controls(p, *turn)) for p in (anne, ben)]
        before = table.round_message()
        await table.pick_all(hands, *turn)
        await server.discord.wait_for(
            lambda b=before: table.round_message() is not b, timeout=15, what="the reveal"
        )
