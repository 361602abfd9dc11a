"""The table (a Discord Activity) signs a player in, end to end: the real bot serves
/activity/ with DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET against the loopback Discord;
the test "Discord client" frames it in headless Chromium and answers the Embedded App SDK as
Discord does; the page asks for the scopes it needs (rich presence's too), says where it is, or
why it could not sign in, with no console error."""

from __future__ import annotations

from playwright.async_api import expect

from tests.e2e.browser import ARTEFACTS, browser_page, chromium
from tests.e2e.server import Server
from tests.table.at_the_table import discord_client, table_of
from tests.table.discord_client import SCOPES, DiscordClient

__all__ = ["discord_client"]

REFUSED_REQUEST = "the server responded with a status of 400"
"""Chromium's own console line for the refused sign-in's 400, which the page shows in words."""


async def test_a_player_is_signed_in_at_the_table_and_a_refused_code_is_explained(
    server: Server, discord_client: DiscordClient
) -> None:
    chromium()
    await server.start_bot()
    anne, ben = server.players("Anne", "Ben")
    async with browser_page(height=800) as (page, problems):
        await discord_client.serve_in(page.context)
        await page.goto(discord_client.visit(anne, server.games))
        table = await table_of(page)
        await expect(table.locator("#place")).to_have_text("#games")
        await expect(table.locator("#status")).to_have_text(
            "No game is open in this conversation. "
            "Start one with /whyfirst start and it shows up here."
        )
        assert await table.get_attribute("html", "lang") == "en"
        await expect(table.locator("#present")).to_have_text("Here now: Anne.")
        commands = [command["cmd"] for command in await page.evaluate("rpc.commands")]
        assert commands == [
            "AUTHORIZE",
            "AUTHENTICATE",
            "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS",
            "SUBSCRIBE",
        ]
        authorized = (await page.evaluate("rpc.commands"))[0]["args"]
        assert authorized["scope"] == SCOPES
        await page.screenshot(path=str(ARTEFACTS / "table-signed-in.png"))
        assert problems == []

        await page.goto(discord_client.visit(ben, server.games, refused_code=True))
        table = await table_of(page)
        await expect(table.locator("#status")).to_have_text(
            "This sign-in is no longer valid: close the table and open it again."
        )
        await expect(table.locator("#place")).to_have_text("")
        assert [command["cmd"] for command in await page.evaluate("rpc.commands")] == ["AUTHORIZE"]
    assert [problem for problem in problems if REFUSED_REQUEST not in problem] == []
