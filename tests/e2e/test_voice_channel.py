"""A voice channel's chat (text in voice, channel type 2) is where Activities are launched most
often: a whole game is played there with the buttons, and the table opened there signs its
player in, takes a pick and follows the game to its end."""

from __future__ import annotations

from typing import Any

import aiohttp

from tests.e2e.results import announced_totals, recorded_plays, replay
from tests.e2e.server import Server
from tests.e2e.table import Table
from tests.e2e.test_table_launch import LAUNCH_ACTIVITY, table_on
from tests.loopback import Player
from tests.loopback.model import GUILD_VOICE


def still_waiting_for(game: Table, player: Player) -> bool:
    """Whether the game's round message still lists `player` among those it waits for."""
    message = game.round_message()
    assert message is not None
    return player in game.waiting_for(message)


async def next_state(socket: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = await socket.receive_json(timeout=30)
        assert message["type"] != "refused", message
        if message["type"] == "state":
            return message


async def test_a_whole_game_and_the_table_in_a_voice_channels_chat(server: Server) -> None:
    table_on(server)
    server.games = server.guild.add_voice_channel("Lounge")
    assert server.games.channel.kind == GUILD_VOICE
    await server.start_bot()
    players = server.players("Anne", "Ben", "Cleo")
    anne = players[0]
    game = Table(server.discord, server.games, players, seed=5)
    await game.open(pick_seconds=600)

    launched = await anne.launch_app(server.games)
    assert launched is not None
    assert launched.response_type == LAUNCH_ACTIVITY
    (launch,) = server.discord.activity_launches
    assert launch.channel is server.games.channel

    site = server.extra_environment["WHYFIRST_PUBLIC_URL"]
    asked = {
        "code": anne.authorize(),
        "channel_id": str(server.games.id),
        "instance_id": launch.instance_id,
    }
    async with aiohttp.ClientSession(site) as web:
        async with web.post("/activity/api/token", json=asked) as response:
            assert response.status == 200, await response.text()
            session = (await response.json())["session"]
        async with web.ws_connect("/activity/api/live") as socket:
            await socket.send_json({"session": session})
            state = await next_state(socket)
            assert state["headline"] == "Stage 1 · Round 1"
            hand = state["hand"]
            card = next(c["card"] for c in hand["cards"] if c["playable"])
            target = hand["targets"][0]["code"]
            play = {"game": state["game"], "stage": 1, "round": 1, "card": card}
            await socket.send_json(play | {"target": target})
            while (await next_state(socket))["hand"]["picked"] != card:
                pass

            # The others play from their Discord hands once the channel stops waiting for her.
            await server.discord.wait_for(
                lambda: not still_waiting_for(game, anne),
                what="the round message no longer waiting for Anne",
            )
            final = await game.play_to_the_end()
            while "second-highest total" not in (state := await next_state(socket))["status"]:
                pass

    record = game.record()
    plays = recorded_plays(record)
    assert (str(anne.id), card) in {(player, played) for player, played, _ in plays[(1, 1)]}
    assert (await replay(record, server.workdir))["totals"] == announced_totals(final)
