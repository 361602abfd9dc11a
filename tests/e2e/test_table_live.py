"""The table shows the channel's game live and a seated player plays from it, end to end: the
real bot against the loopback Discord, the table in headless Chromium framed by the test
"Discord client". One game, two ways to play: a pick from the table shows on the player's
Discord hand, and a round whose last pick comes from a Discord button is revealed on the
table. A player sees their own hand only; a spectator none; the bot alone judges a pick."""

from __future__ import annotations

import re
from typing import Any

from playwright.async_api import expect

from bot.i18n import t
from tests.e2e.browser import ARTEFACTS, browser_pages, chromium
from tests.e2e.server import Server
from tests.e2e.table import Table, buttons, card_of, lobby_button
from tests.loopback import Message, Player
from tests.loopback.harness import BotProcess
from tests.table.at_the_table import discord_client, seat_at_the_table
from tests.table.discord_client import DiscordClient

__all__ = ["discord_client"]


async def game_of(
    server: Server,
    players: list[Player],
    *,
    hands_in_channel: bool = False,
    process: bool = False,
    **options: str | int,
) -> Table:
    """The bot serving the table (`process`: as `python -m bot`), and a game of `players`
    started in #games with these options of /whyfirst start.

    Its turns last 60 s (600 s of the game's clock) unless told: these tests play no deadline,
    and a turn of the default 9 s ran out on a busy machine while a test restarted the bot
    and reopened the table (a soak run with two CPU hogs), so its clicks met the next round."""
    chromium()
    await (server.start_bot_process() if process else server.start_bot())
    game = Table(server.discord, server.games, players, hands_in_channel=hands_in_channel)
    options = {"pick_seconds": 600} | options
    await game.open(**options, **({"hands": "channel"} if hands_in_channel else {}))
    return game


def labels(message: Message, kind: str) -> list[str]:
    return [str(button["label"]) for button in buttons(message, kind)]


def hand_cards(states: list[dict[str, Any]]) -> set[int]:
    """Every card number any hand on the wire showed."""
    return {
        card["card"] for state in states if state.get("hand") for card in state["hand"]["cards"]
    }


async def test_a_seated_player_plays_from_the_table_and_a_spectator_only_watches(
    server: Server, discord_client: DiscordClient
) -> None:
    anne, ben, cleo = server.players("Anne", "Ben", "Cleo")
    game = await game_of(server, [anne, ben])
    anne_dm, ben_dm = await game.controls(anne, 1, 1), await game.controls(ben, 1, 1)
    anne_cards = {card_of(button) for button in buttons(anne_dm, "card")}
    ben_cards = {card_of(button) for button in buttons(ben_dm, "card")}

    async with browser_pages(height=900, count=2) as ((anne_page, cleo_page), problems):
        table, anne_wire = await seat_at_the_table(anne_page, discord_client, anne, server)
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 1")
        await expect(table.locator("#status")).to_have_text("Still to pick: Anne and Ben.")
        hand = table.get_by_role("region", name="Your hand")
        card_names = await hand.locator("#cards").get_by_role("button").all_inner_texts()
        assert card_names == labels(anne_dm, "card")
        # Her first game: the table's hand says what her Discord hand says of the rules.
        first_hand = t("learn.first_hand", "en-US").replace("**", "")
        note = hand.locator("#hand-note")
        await expect(note).to_have_text(f"💡 {first_hand}")
        await note.locator("summary").click()  # one line; a tap shows it whole
        await expect(note).to_have_attribute("open", "")
        await note.locator("summary").click()
        assert f"💡 {t('learn.first_hand', 'en-US')}" in anne_dm.content

        # Anne looks at her DM hand (a card chosen there, not played), then plays from the table.
        await anne.click(anne_dm, custom_id=buttons(anne_dm, "card")[0]["custom_id"])
        await server.discord.wait_for(lambda: buttons(anne_dm, "pick"), what="Anne's targets")
        played = labels(anne_dm, "card")[-1]
        await hand.get_by_role("button", name=played, exact=True).last.click()
        targets = hand.locator("#targets").get_by_role("button")
        assert await targets.all_inner_texts() == labels(anne_dm, "pick")
        await hand.get_by_role("button", name="Ben", exact=True).click()
        await server.discord.wait_for(
            lambda: f"You played **{played}** in front of **Ben**" in anne_dm.content,
            what="Anne's DM hand showing her pick from the table",
        )
        await expect(table.locator("#status")).to_have_text("Still to pick: Ben.")
        await expect(hand.locator("#hand-status")).to_contain_text(
            f"You played {played} in front of Ben."
        )

        await cleo_page.emulate_media(reduced_motion="reduce")
        cleo_table, cleo_wire = await seat_at_the_table(cleo_page, discord_client, cleo, server)
        await expect(cleo_table.locator("#watching")).to_have_text(
            "You are watching: only the seated players have a hand."
        )
        await expect(cleo_table.locator("#status")).to_have_text("Still to pick: Ben.")
        assert await cleo_table.get_by_role("button").count() == 0
        cleo_wire.forge(game=anne_wire.states()[-1]["game"], stage=1, round=1, card=1, target="0")
        assert await cleo_wire.wait_for_refusal(1) == "You are not playing in this game."
        await expect(cleo_table.locator("#status")).to_have_text(
            "You are not playing in this game."
        )

        # Ben's pick, the round's last, comes from his Discord buttons: both tables reveal it.
        await game.pick_all([(ben, ben_dm)], 1, 1)
        for seen in (table, cleo_table):
            await expect(seen.locator("#headline")).to_have_text("Stage 1 · Round 2")
            await expect(seen.locator("#revealed")).to_contain_text("Stage 1 · Round 1")
            await expect(seen.locator("#status")).to_have_text("Still to pick: Anne and Ben.")
        # The reveal moved Anne's figures; Cleo's system asks for no motion, and got none.
        await expect(table.locator("#track .figure.moving")).to_have_count(3)
        await expect(cleo_table.locator("#track .figure.moving")).to_have_count(0)
        await anne_page.locator("iframe").screenshot(path=str(ARTEFACTS / "table-live.png"))

    assert hand_cards(anne_wire.states()) <= anne_cards
    assert not hand_cards(anne_wire.states()) & ben_cards
    assert all(state.get("hand") is None for state in cleo_wire.states())
    assert problems == []


async def test_a_forged_pick_changes_nothing_and_a_table_that_lost_its_socket_catches_up(
    server: Server, discord_client: DiscordClient
) -> None:
    anne, ben = server.players("Anne", "Ben")
    game = await game_of(server, [anne, ben])
    anne_dm, ben_dm = await game.controls(anne, 1, 1), await game.controls(ben, 1, 1)
    ben_card = card_of(buttons(ben_dm, "card")[0])
    anne_card = card_of(buttons(anne_dm, "card")[0])

    async with browser_pages(height=900, count=1) as ((page,), problems):
        table, wire = await seat_at_the_table(page, discord_client, anne, server)
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 1")
        game_id = wire.states()[-1]["game"]
        states, revisions = len(wire.states()), len(anne_dm.revisions)
        wire.forge(game=game_id, stage=1, round=1, card=ben_card, target="1")
        refused = "That card is not in your hand any more."
        assert await wire.wait_for_refusal(1) == refused
        await expect(table.get_by_role("alert")).to_have_text(refused)
        assert (len(wire.states()), len(anne_dm.revisions)) == (states, revisions)

        await game.play_turn()
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 2")
        states = len(wire.states())
        wire.forge(game=game_id, stage=1, round=1, card=anne_card, target="1")
        assert await wire.wait_for_refusal(2) == (
            "Those controls are from an earlier round. Press Show my hand for the current one."
        )
        assert len(wire.states()) == states
        await expect(table.locator("#status")).to_have_text("Still to pick: Anne and Ben.")

        # The connection drops and stays down while round 2 is played from Discord.
        wire.refusing = True
        await wire.cut()
        await expect(table.locator("#status")).to_have_text("Connection lost: reconnecting…")
        await game.play_turn()
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 2")
        wire.refusing = False
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 3", timeout=30_000)
        await expect(table.locator("#status")).to_have_text("Still to pick: Anne and Ben.")
        hand = table.get_by_role("region", name="Your hand")
        await expect(hand.locator("#cards").get_by_role("button", disabled=False)).to_have_count(3)
        assert wire.connections == 2
    assert problems == []


async def test_a_pick_from_the_table_shows_on_the_players_hand_in_the_channel(
    server: Server, discord_client: DiscordClient
) -> None:
    anne, ben = server.players("Anne", "Ben")
    anne.user.locale = "de"
    game = await game_of(server, [anne, ben], hands_in_channel=True)
    anne_hand = await game.controls(anne, 1, 1)

    async with browser_pages(height=900, count=1) as ((page,), problems):
        table, _ = await seat_at_the_table(page, discord_client, anne, server)
        await expect(table.locator(".seat.you .state")).to_have_text("du · wählt noch")
        hand = table.get_by_role("region", name="Deine Handkarten")
        played = labels(anne_hand, "card")[0]
        await hand.get_by_role("button", name=played, exact=True).first.click()
        targets = hand.locator("#targets").get_by_role("button")
        await expect(targets).to_have_text(["Anne (du)", "Ben", "Leo"])
        await hand.get_by_role("button", name="Anne (du)", exact=True).click()
        await server.discord.wait_for(
            lambda: f"Du hast **{played}** vor dich selbst gelegt" in anne_hand.content,
            what="Anne's hand in the channel showing her pick from the table",
        )
        assert labels(anne_hand, "pick") == ["Anne (du)", "Ben", "Leo"]
        await expect(table.locator("#status")).to_have_text("Noch nicht gewählt: Ben.")
    assert problems == []


async def test_a_table_signs_in_again_when_the_bot_restarted_and_forgot_its_session(
    server: Server, discord_client: DiscordClient
) -> None:
    anne, ben = server.players("Anne", "Ben")
    game = await game_of(server, [anne, ben], process=True)
    async with browser_pages(height=900, count=1) as ((page,), problems):
        table, wire = await seat_at_the_table(page, discord_client, anne, server)
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 1")
        (bot,) = server.bots
        assert isinstance(bot, BotProcess)
        wire.refusing = True
        await bot.kill()
        await expect(table.locator("#status")).to_have_text("Connection lost: reconnecting…")
        await bot.start()
        await game.play_turn()
        wire.refusing = False
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 2", timeout=30_000)
        commands = [command["cmd"] for command in await page.evaluate("rpc.commands")]
        signing_in = [c for c in commands if c in ("AUTHORIZE", "AUTHENTICATE")]
        assert signing_in == ["AUTHORIZE", "AUTHENTICATE"] * 2
    assert problems == []


async def test_a_tactical_card_and_move_are_played_from_the_table(
    server: Server, discord_client: DiscordClient
) -> None:
    anne, ben = server.players("Anne", "Ben")
    game = await game_of(server, [anne, ben], variant="tactical")
    anne_dm, ben_dm = await game.controls(anne, 1, 1), await game.controls(ben, 1, 1)
    async with browser_pages(height=900, count=1) as ((page,), problems):
        table, _ = await seat_at_the_table(page, discord_client, anne, server)
        hand = table.get_by_role("region", name="Your hand")
        played = labels(anne_dm, "card")[0]
        await hand.get_by_role("button", name=played, exact=True).click()
        await expect(hand.locator("#hand-status")).to_contain_text(f"You laid {played} face down.")
        await expect(table.locator("#status")).to_have_text("Still to pick: Ben.")
        await game.pick_all([(ben, ben_dm)], 1, 1)

        # The moves, in the cards' order: Anne's from the table, Ben's from Discord.
        waiting = table.locator("#status")
        for _ in range(2):
            await expect(waiting).to_have_text(re.compile(r"Waiting for (Anne|Ben) to move"))
            mover = await waiting.inner_text()
            if "Anne" in mover:
                targets = hand.locator("#targets").get_by_role("button")
                await expect(targets).to_have_text(["Anne (you)", "Ben", "Leo"])
                await targets.get_by_text("Ben", exact=True).click()
            else:
                await game.play_turn()
            await expect(waiting).not_to_have_text(mover)
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 2")
        await expect(waiting).to_have_text("Still to pick: Anne and Ben.")
    assert problems == []


async def test_a_table_opened_on_the_lobby_shows_the_game_once_it_starts(
    server: Server, discord_client: DiscordClient
) -> None:
    chromium()
    await server.start_bot()
    anne, ben = server.players("Anne", "Ben")
    game = Table(server.discord, server.games, [anne, ben])
    opened = await anne.slash(server.games, "whyfirst start")
    game.lobby = opened.message or server.games.last_message()
    await ben.click(game.lobby, custom_id=lobby_button(game.lobby, "join"))
    async with browser_pages(height=900, count=1) as ((page,), problems):
        table, _ = await seat_at_the_table(page, discord_client, ben, server)
        await expect(table.locator("#headline")).to_have_text("Lobby")
        await expect(table.locator("#status")).to_have_text(
            "In the lobby: the game starts when the host presses Start."
        )
        seats = table.locator("#seat-list .seat .name")
        await expect(seats).to_have_text(["Anne", "Ben"])
        await expect(table.locator(".seat.you .name")).to_have_text("Ben")
        # Cleo joins while Ben looks: her seat comes without a reload.
        cleo = server.players("Cleo")[0]
        await cleo.click(game.lobby, custom_id=lobby_button(game.lobby, "join"))
        await expect(seats).to_have_text(["Anne", "Ben", "Cleo"])
        game.players.append(cleo)
        await game.start()
        await expect(table.locator("#headline")).to_have_text("Stage 1 · Round 1")
        await expect(table.locator("#status")).to_have_text("Still to pick: Anne, Ben and Cleo.")
        hand = table.get_by_role("region", name="Your hand")
        await expect(hand.locator("#cards").get_by_role("button")).to_have_count(5)
    assert problems == []


async def test_a_dm_hand_never_clicked_shows_a_pick_made_at_the_table(
    server: Server, discord_client: DiscordClient
) -> None:
    """The player went straight to the table: their DM hand, which they never clicked, still
    comes to show what they played there."""
    anne, ben = server.players("Anne", "Ben")
    game = await game_of(server, [anne, ben])
    anne_dm = await game.controls(anne, 1, 1)
    played = labels(anne_dm, "card")[0]
    async with browser_pages(height=900, count=1) as ((page,), problems):
        table, _wire = await seat_at_the_table(page, discord_client, anne, server)
        hand = table.get_by_role("region", name="Your hand")
        await hand.get_by_role("button", name=played, exact=True).first.click()
        await hand.get_by_role("button", name="Ben", exact=True).click()
        await server.discord.wait_for(
            lambda: f"You played **{played}** in front of **Ben**" in anne_dm.content,
            what="Anne's unclicked DM hand showing her pick from the table",
        )
    assert problems == []
