"""As Discord's clients behave: the same player at the table on two devices sees one hand, a
pick on one showing on the other; a table popped out on the desktop comes back under a new
instance id, and its player keeps their seat."""

from __future__ import annotations

from playwright.async_api import Locator, expect

from tests.e2e.browser import browser_pages
from tests.e2e.server import Server
from tests.e2e.test_table_live import game_of
from tests.table.at_the_table import discord_client, seat_at_the_table
from tests.table.discord_client import DiscordClient

__all__ = ["discord_client"]


async def card_labels(hand: Locator) -> list[str]:
    """The hand's cards once it is shown."""
    cards = hand.locator("#cards").get_by_role("button")
    await expect(cards.first).to_be_visible()
    return await cards.all_inner_texts()


async def test_one_player_on_two_devices_sees_one_hand_and_a_pick_shows_on_both(
    server: Server, discord_client: DiscordClient
) -> None:
    anne, ben = server.players("Anne", "Ben")
    await game_of(server, [anne, ben])
    async with browser_pages(height=844, count=2, width=390) as ((phone, desktop), problems):
        await desktop.set_viewport_size({"width": 1280, "height": 800})
        on_phone, _ = await seat_at_the_table(phone, discord_client, anne, server)
        on_desktop, _ = await seat_at_the_table(desktop, discord_client, anne, server)
        hands = [table.get_by_role("region", name="Your hand") for table in (on_phone, on_desktop)]
        cards = [await card_labels(hand) for hand in hands]
        assert cards[0] == cards[1]

        played = cards[0][0]
        await hands[0].get_by_role("button", name=played, exact=True).first.click()
        await hands[0].get_by_role("button", name="Ben", exact=True).click()
        for hand in hands:
            await expect(hand.locator("#hand-status")).to_contain_text(
                f"You played {played} in front of Ben."
            )
        for table in (on_phone, on_desktop):
            await expect(table.locator("#status")).to_have_text("Still to pick: Ben.")
    assert problems == []


async def test_a_table_popped_out_under_a_new_instance_keeps_its_players_seat(
    server: Server, discord_client: DiscordClient
) -> None:
    anne, ben = server.players("Anne", "Ben")
    await game_of(server, [anne, ben])
    async with browser_pages(height=800, count=1, width=1280) as ((page,), problems):
        table, _ = await seat_at_the_table(page, discord_client, anne, server)
        hand = table.get_by_role("region", name="Your hand")
        before = await card_labels(hand)
        old = server.discord.world.application.instances[server.games.id].instance_id

        popped = server.discord.world.application.pop_out(server.games.channel)
        assert popped.instance_id != old
        table, _ = await seat_at_the_table(page, discord_client, anne, server)
        hand = table.get_by_role("region", name="Your hand")
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 1")
        assert await card_labels(hand) == before
        await expect(table.locator("#watching")).to_be_hidden()
    assert problems == []


async def test_who_is_at_the_table_is_said_beside_the_seats_and_follows_who_comes(
    server: Server, discord_client: DiscordClient
) -> None:
    anne, ben, cleo = server.players("Anne", "Ben", "Cleo")
    await game_of(server, [anne, ben])
    async with browser_pages(height=844, count=1, width=390) as ((page,), problems):
        table, _ = await seat_at_the_table(page, discord_client, anne, server)
        present = table.locator("#present")
        await expect(present).to_have_text("Here now: Anne.")
        await expect(table.locator("#seat-list .seat.here")).to_have_count(1)
        # Cleo, who does not play, opens the Activity in the channel; then Ben.
        for watcher in (cleo, ben):
            server.discord.world.application.launch(watcher.user, server.games.channel)
            await discord_client.participants_changed(page)
        await expect(present).to_have_text("Here now: Anne, Cleo and Ben.")
        # Beside the seats: the players here are marked, Cleo (not seated) only named.
        seats = table.locator("#seat-list .seat")
        await expect(seats.and_(table.locator(".here"))).to_have_count(2)
    assert problems == []
