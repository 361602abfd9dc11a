"""A pick on a DM hand is acknowledged at once and, once stored, its hand is redrawn through the
click before any later change of the game is shown, once: no later edit of the bot's brings
back the round the player had just played (with several processes, a later edit drawn from one
process's state could land after another process dealt the next round to that very hand). A
pick that deals the next stage leaves its hand to the deal: that stage's hand is a new DM."""

from __future__ import annotations

import asyncio

from tests.e2e.server import Server
from tests.e2e.table import Table, buttons, enabled, turn_in
from tests.loopback.interactions import DEFERRED_UPDATE

# 30 s to pick at 1/20 of real time: 1.5 s a round.
FAST_CLOCK = 0.05
PICK_SECONDS = 30


async def test_a_dm_pick_is_acknowledged_at_once_and_its_hand_redrawn_once(
    server: Server,
) -> None:
    await server.start_bot()
    anne, ben, cleo = players = server.players("Anne", "Ben", "Cleo")
    table = Table(server.discord, server.games, players, seed=5)
    await table.open(pick_seconds=600)
    hand = await table.controls(anne, 1, 1)
    card = enabled(buttons(hand, "card"))[0]
    await anne.click(hand, custom_id=card["custom_id"])
    target = buttons(hand, "pick")[0]
    edits = len(hand.revisions)

    picked = await anne.click(hand, custom_id=target["custom_id"])

    assert picked.response_type == DEFERRED_UPDATE
    await server.discord.wait_for(lambda: "You played" in hand.content, what="her pick shown")
    assert len(hand.revisions) == edits + 1
    await table.pick_all([(p, await table.controls(p, 1, 1)) for p in (ben, cleo)], 1, 1)
    await server.discord.wait_for(
        lambda: turn_in(hand.content) == (1, 2), what="Anne's hand dealt round 2"
    )
    # Her pick's redraw, then round 2's deal: no other redraw of her pick in between.
    assert len(hand.revisions) == edits + 2
    assert [turn_in(content) for content, _ in hand.revisions[edits:]] == [(1, 1), (1, 1)]


async def test_the_pick_that_deals_a_stage_leaves_the_old_hand_and_brings_a_new_dm(
    server: Server,
) -> None:
    await server.start_bot()
    players = server.players("Anne", "Ben")
    table = Table(server.discord, server.games, players, seed=2)
    await table.open(pick_seconds=600)
    while await table.play_turn() != (1, 5):
        pass
    for player in players:
        stage_1, stage_2 = await server.discord.wait_for(
            lambda p=player: p.dms()[-2:] if turn_in(p.dms()[-1].content) == (2, 1) else None,
            what=f"{player.name}'s stage 2 hand",
        )
        assert not enabled(buttons(stage_1, "card"))
        assert enabled(buttons(stage_2, "card"))


async def test_a_card_chosen_as_the_deadline_plays_the_turn_leaves_the_next_hand_playable(
    server: Server,
) -> None:
    """Ben chooses a card (his hand asks for its target) as his deadline plays the round for
    him, and the answer to his click is slow to reach Discord: his DM then shows the next
    round's cards, not the targets of a round that is over."""
    await server.start_bot(time_scale=FAST_CLOCK)
    anne, ben = players = server.players("Anne", "Ben")
    table = Table(server.discord, server.games, players, seed=5)
    await table.open(pick_seconds=PICK_SECONDS)
    await table.pick_all([(anne, await table.controls(anne, 1, 1))], 1, 1)
    hand = await table.controls(ben, 1, 1)
    slow = server.discord.hold_requests("/callback")
    card = enabled(buttons(hand, "card"))[0]
    chosen = asyncio.create_task(ben.click(hand, custom_id=card["custom_id"]))
    await server.discord.wait_for(lambda: slow.held == 1, what="the answer to Ben's click held")
    # Past his deadline (the round began before his hand came), within Discord's 3 s.
    await asyncio.sleep(PICK_SECONDS * FAST_CLOCK + 0.5)
    slow.release()
    assert (await chosen).ephemeral_text is None

    await table.controls(ben, 1, 2)
