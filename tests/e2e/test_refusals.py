"""Scenario 5: clicks that must change nothing get a short ephemeral refusal, and the stored
game stays exactly as it was."""

from __future__ import annotations

from tests.e2e.server import Server
from tests.e2e.stored import stored_games
from tests.e2e.table import Table, buttons, enabled
from tests.loopback import InteractionOutcome

NOT_PLAYING = "You are not playing in this game."
OLD_ROUND = "Those controls are from an earlier round. Press **Show my hand** for the current one."
FORGED = "That button isn't valid."
STALE = (
    "Those buttons changed just now. Use the ones shown now: your newest hand, or "
    "**Show my hand** in the game's channel."
)
TWICE = "You already chose that; nothing changed."
NOT_YOUR_MOVE = "It is not your move. Wait for your turn."
GAME_OVER = "This game is over."


async def refusal(server: Server, outcome: InteractionOutcome) -> str:
    text = await server.discord.wait_for(lambda: outcome.ephemeral_text, what="a refusal")
    assert outcome.ephemeral is not None
    assert outcome.ephemeral.ephemeral
    return text


async def test_refused_clicks_in_a_standard_game_change_nothing(server: Server) -> None:
    await server.start_bot()
    database = server.workdir / "whyfirst.sqlite3"
    anne, ben, cleo = players = server.players("Anne", "Ben", "Cleo")
    gus = server.members["Gus"]
    table = Table(server.discord, server.games, players)
    await table.open(pick_seconds=600)
    round_one = table.round_message()
    assert round_one is not None
    old_hand = (await anne.click(round_one, label="Show my hand")).ephemeral
    assert old_hand is not None
    # Shown again: the bot redraws only the newest, and the first stays at round 1.
    assert (await anne.click(round_one, label="Show my hand")).ephemeral is not None
    before = stored_games(database)

    outcome = await gus.click(round_one, label="Show my hand")
    assert await refusal(server, outcome) == NOT_PLAYING
    ben_dm = await table.controls(ben, 1, 1)
    anne_card = enabled(buttons(old_hand, "card"))[0]["custom_id"]
    outcome = await ben.forge_click(ben_dm, anne_card)
    assert await refusal(server, outcome) == FORGED
    outcome = await ben.forge_click(ben_dm, "wf:card:999999:1:1:1:5")
    assert await refusal(server, outcome) == FORGED
    assert stored_games(database) == before

    ben_card = enabled(buttons(ben_dm, "card"))[0]["custom_id"]
    await table.play_turn()
    await server.discord.wait_for(lambda: table.current_turn() == (1, 2), what="round 2")
    before = stored_games(database)
    outcome = await anne.click(old_hand, custom_id=anne_card)
    assert await refusal(server, outcome) == OLD_ROUND
    # Ben's DM showed round 1's cards when he clicked; it has shown round 2's since.
    await table.controls(ben, 1, 2)
    outcome = await ben.forge_click(ben_dm, ben_card)
    assert await refusal(server, outcome) == STALE
    assert stored_games(database) == before

    dm = await table.controls(cleo, 1, 2)
    await cleo.click(dm, custom_id=enabled(buttons(dm, "card"))[0]["custom_id"])
    target = buttons(dm, "pick")[0]["custom_id"]
    await cleo.click(dm, custom_id=target)
    await server.discord.wait_for(lambda: "You played" in dm.content, what="Cleo's pick shown")
    before = stored_games(database)
    outcome = await cleo.click(dm, custom_id=target)
    assert await refusal(server, outcome) == TWICE
    assert stored_games(database) == before


async def test_another_players_move_and_a_finished_game_are_refused(server: Server) -> None:
    await server.start_bot()
    database = server.workdir / "whyfirst.sqlite3"
    anne, ben = players = server.players("Anne", "Ben")
    table = Table(server.discord, server.games, players)
    await table.open(variant="tactical", pick_seconds=600)
    await table.play_turn()
    message = await server.discord.wait_for(
        lambda: (m := table.round_message()) and buttons(m, "move") and m, what="a move turn"
    )
    mover = anne if f"{anne.mention} moves" in table.waiting_line(message) else ben
    other = ben if mover is anne else anne
    before = stored_games(database)
    outcome = await other.click(message, custom_id=buttons(message, "move")[0]["custom_id"])
    assert await refusal(server, outcome) == NOT_YOUR_MOVE
    assert stored_games(database) == before

    final = await table.play_to_the_end()
    old_round_message = table.round_messages()[0]
    before = stored_games(database)
    outcome = await anne.click(old_round_message, label="Show my hand")
    result = f"https://discord.com/channels/{server.guild.id}/{server.games.id}/{final.id}"
    assert await refusal(server, outcome) == f"{GAME_OVER} Its result: {result}"
    assert stored_games(database) == before
    assert before[-1][1] == "finished"
