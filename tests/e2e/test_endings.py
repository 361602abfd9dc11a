"""However a game ends, nothing players look at next offers a control that can only be
refused (Rematch aside): not the game's latest channel message, not a DM, not an ephemeral
hand. Every attachment has a description."""

from __future__ import annotations

from typing import Any

from tests.e2e.server import Server
from tests.e2e.table import Table
from tests.loopback import Message

FAST_CLOCK = 0.05
PICK_SECONDS = 30
REMATCH = "Rematch"


def live_controls(message: Message) -> list[str]:
    """Labels of the message's enabled buttons, Rematch aside."""
    return [
        str(button.get("label"))
        for button in message.buttons()
        if not button.get("disabled") and button.get("label") != REMATCH
    ]


def offered_after_the_end(table: Table) -> dict[str, Any]:
    """Every control still offered where players look once a game is over."""
    offered: dict[str, Any] = {}
    messages = table.game_messages()
    if messages and live_controls(messages[-1]):
        offered["latest channel message"] = live_controls(messages[-1])
    if table.lobby is not None and live_controls(table.lobby):
        offered["lobby"] = live_controls(table.lobby)
    for player in table.players:
        for message in player.dms() + player.ephemerals():
            if live_controls(message):
                offered.setdefault(player.name, []).append(live_controls(message))
    return offered


async def test_a_finished_game_leaves_only_rematch_and_describes_every_attachment(
    server: Server,
) -> None:
    await server.start_bot()
    table = Table(server.discord, server.games, server.players("Anne", "Ben"), seed=5)
    await table.open(pick_seconds=600)
    # Ben looks at his hand in the channel once too: that ephemeral hand must end as well.
    message = table.round_message()
    assert message is not None
    await table.players[1].click(message, label="Show my hand")
    final = await table.play_to_the_end()
    assert [b["label"] for b in final.buttons()] == [REMATCH]
    await server.discord.wait_for(lambda: not offered_after_the_end(table), what="no live control")
    last_reveal = table.game_messages()[-2]
    assert "Stage 5 · Round 5 revealed" in last_reveal.content
    assert last_reveal.buttons() == []
    # The picture of a stage's last reveal shows where the stage ended, and says so.
    for stage in range(1, 6):
        title = f"Stage {stage} · Round 5 revealed"
        (scored,) = [m for m in table.game_messages() if title in m.content]
        (picture,) = scored.attachments
        words = str(picture.description)
        assert words.startswith(f"Stage {stage} · scoring. "), words
    attachments = [a for m in table.game_messages() for a in m.attachments]
    assert attachments
    assert all(attachment.description for attachment in attachments)
    (record,) = final.attachments
    assert record.description is not None
    assert "python -m engine replay" in record.description


async def test_a_cancelled_game_leaves_no_control(server: Server) -> None:
    await server.start_bot()
    table = Table(server.discord, server.games, server.players("Anne", "Ben", "Cleo"), seed=6)
    await table.open(pick_seconds=600)
    await table.play_turn()
    message = table.round_message()
    assert message is not None
    await table.players[2].click(message, label="Show my hand")
    await table.host.slash(server.games, "whyfirst cancel")
    await server.discord.wait_for(
        lambda: "cancelled" in server.games.last_message().content, what="the notice"
    )
    await server.discord.wait_for(lambda: not offered_after_the_end(table), what="no live control")


async def test_an_abandoned_game_leaves_no_control(server: Server) -> None:
    await server.start_bot(time_scale=FAST_CLOCK)
    table = Table(server.discord, server.games, server.players("Anne", "Ben"), seed=7)
    await table.open(pick_seconds=PICK_SECONDS)
    await server.discord.wait_for(
        lambda: "abandoned" in server.games.last_message().content,
        timeout=30,
        what="the game to be abandoned",
    )
    await server.discord.wait_for(lambda: not offered_after_the_end(table), what="no live control")


async def test_a_lobby_that_closes_leaves_no_control(server: Server) -> None:
    await server.start_bot()
    anne = server.members["Anne"]
    outcome = await anne.slash(server.games, "whyfirst start")
    lobby = outcome.message or server.games.last_message()
    await anne.click(lobby, label="Cancel")
    await server.discord.wait_for(lambda: not lobby.buttons(), what="the lobby's buttons gone")
