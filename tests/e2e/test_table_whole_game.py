"""A whole 4-player game, played four ways at once: Anne and Ben from two tables (two browser
contexts: Anne's a phone held upright, Ben's Discord's desktop panel), Cleo from the buttons
of her DM hand, and Dan, whose DMs are closed, from the buttons of the hand the round
message's Show my hand gives him in the channel; and Anne leaves her table for her DM buttons
one round a stage, and comes back.
After the last reveal the table's totals are the engine's replay of the record the bot stored;
a spectator's page never had a hand; no page said anything in the console."""

from __future__ import annotations

import random
import re

from playwright.async_api import Frame, expect

import engine
from bot.storage import Storage
from tests.e2e.browser import browser_pages, chromium
from tests.e2e.results import announced_totals
from tests.e2e.server import Server
from tests.e2e.table import Table
from tests.table.at_the_table import discord_client, seat_at_the_table
from tests.table.discord_client import DiscordClient

__all__ = ["discord_client"]

SWITCH = 3
"""The round of each stage Anne plays from her DM's buttons, not her table."""
PHONE, DESKTOP = (390, 844), (1280, 800)
REVEAL_TIMEOUT_MS = 60_000
"""A table plays every reveal before the next round (and the machine may be busy)."""


async def pick_at(table: Frame, stage: int, round_: int, chance: random.Random) -> None:
    """Once the table shows this round: a card, then a target figure, chosen by chance."""
    await expect(table.locator("#headline")).to_have_text(
        f"Stage {stage} · Round {round_}", timeout=REVEAL_TIMEOUT_MS
    )
    hand = table.get_by_role("region", name="Your hand")
    cards = hand.locator("#cards").get_by_role("button", disabled=False)
    await expect(cards).not_to_have_count(0)
    await cards.nth(chance.randrange(await cards.count())).click()
    if round_ < engine.ROUNDS:  # the last round's card goes on its player: no target to choose
        targets = hand.locator("#targets").get_by_role("button")
        await expect(targets).to_have_count(4)
        await targets.nth(chance.randrange(4)).click()
    await expect(hand.locator("#hand-status")).to_contain_text("You played")


async def stored_replay_totals(server: Server, game_id: int) -> dict[str, int]:
    """The engine's replay of the game as the bot stored it, keyed by figure."""
    storage = await Storage.open(server.workdir / "whyfirst.sqlite3")
    try:
        stored = await storage.game(game_id)
    finally:
        await storage.close()
    assert stored is not None
    assert stored.state is not None
    replayed = engine.replay_record(engine.export_record(engine.state_from_dict(stored.state)))
    return dict(zip(replayed.figures, replayed.totals, strict=True))


async def test_a_whole_game_from_two_tables_dm_buttons_and_channel_buttons(
    server: Server, discord_client: DiscordClient
) -> None:
    chromium()
    anne, ben, cleo, dan, eve = server.players("Anne", "Ben", "Cleo", "Dan", "Eve")
    dan.close_dms()
    await server.start_bot()
    game = Table(server.discord, server.games, [anne, ben, cleo, dan], closed_dms={str(dan.id)})
    await game.open(pick_seconds=600)
    chance = random.Random(39)

    sizes = [PHONE, DESKTOP, PHONE]  # Anne's, Ben's and Eve's screens
    async with browser_pages(height=900, count=3, sizes=sizes) as (pages, problems):
        at_tables = []
        for page, player in zip(pages, (anne, ben, eve), strict=True):
            at_tables.append(await seat_at_the_table(page, discord_client, player, server))
        (anne_table, _), (ben_table, _), (eve_table, eve_wire) = at_tables
        await expect(eve_table.locator("#watching")).to_have_text(
            "You are watching: only the seated players have a hand."
        )
        for stage in range(1, engine.STAGES + 1):
            for round_ in range(1, engine.ROUNDS + 1):
                # Anne switches to her DM buttons for each stage's round SWITCH, and back.
                from_dm = [anne] if round_ == SWITCH else []
                for table in [ben_table] if from_dm else [anne_table, ben_table]:
                    await pick_at(table, stage, round_, chance)
                await game.play_turn([*from_dm, cleo, dan])
        final = await server.discord.wait_for(game.final_message, what="the final message")

        totals = await stored_replay_totals(server, int(game.record()["game"]))
        names = {player.name: str(player.id) for player in game.players}
        for table in (anne_table, ben_table, eve_table):
            await expect(table.locator("#status")).to_have_text(
                re.compile(r"^The winners? (is|are) "), timeout=REVEAL_TIMEOUT_MS
            )
            seats = table.locator("#seat-list .seat")
            await expect(seats).to_have_count(4)
            shown = {}
            for seat in await seats.all():
                name = await seat.locator(".name").inner_text()
                total = await seat.locator(".total").text_content()
                assert total is not None
                shown[names[name.strip()]] = int(total.split()[-1])
            assert shown == totals
        assert await eve_table.get_by_role("button").count() == 0
        assert await eve_table.get_by_role("region", name="Your hand").count() == 0

    assert announced_totals(final) == totals
    assert all(state.get("hand") is None for state in eve_wire.states())
    assert len(dan.ephemerals()) >= engine.STAGES * engine.ROUNDS
    assert dan.dms() == []
    assert problems == []
