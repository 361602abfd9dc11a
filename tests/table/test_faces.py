"""The faces at a table and its lobby, against the loopback Discord: a table opened on a lobby
is shown its seats, then who joins; every person's avatar is sent as data (a player's own from
their sign-in, another's asked of Discord once), and the bot serves the avatar it knows a user
by, from Discord's CDN, and nothing else."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.storage import Storage
from bot.table.live import LOBBY_SECONDS
from tests.loopback import LoopbackDiscord, Player, TextChannel
from tests.loopback.avatars import new_avatar
from tests.storage.helpers import open_game, seat
from tests.table.tables import Client
from tests.table.test_live import client, games
from tests.table.test_live import signed_in as sign_in

__all__ = ["client", "games"]

LOBBY = "In the lobby: the game starts when the host presses Start."


async def signed_in(
    client: Client, loopback: LoopbackDiscord, player: Player, games: TextChannel
) -> str:
    launch = loopback.world.application.launch(player.user, games.channel)
    return await sign_in(client, player, games, launch.instance_id)


async def messages_until(socket: Any, wanted: str, count: int = 1) -> list[dict[str, Any]]:
    """The messages of type `wanted` the table is sent, the first `count` of them."""
    found = []
    while len(found) < count:
        message = await asyncio.wait_for(socket.receive_json(), timeout=10)
        if message["type"] == wanted:
            found.append(message)
    return found


async def test_a_lobby_shows_its_seats_with_faces_and_who_joins(
    client: Client, loopback: LoopbackDiscord, storage: Storage, games: TextChannel
) -> None:
    anne, ben, cleo = (loopback.add_user(name) for name in ("Anne", "Ben", "Cleo"))
    for person in (anne, ben):
        person.user.avatar = new_avatar()
    lobby = await open_game(
        storage,
        [(anne.id, "Anne"), (ben.id, "Ben")],
        guild_id=games.channel.guild.id,
        channel_id=games.id,
    )
    session = await signed_in(client, loopback, anne, games)
    asked_before = len(loopback.rest.requests)
    async with client.ws_connect("/activity/api/live") as socket:
        await socket.send_json({"session": session})
        (first,) = await messages_until(socket, "state")
        assert first["lobby"] is True
        assert first["status"] == LOBBY
        assert first["headline"] == "Lobby"
        assert [seat["name"] for seat in first["figures"]] == ["Anne", "Ben"]
        assert [seat["user"] for seat in first["figures"]] == [str(anne.id), str(ben.id)]
        assert (first["seats"], first["hand"]) == (6, None)
        # Anne's face is known from her sign-in; Ben's is asked of Discord, once.
        faces = await messages_until(socket, "faces", 2)
        assert faces[0]["faces"] == {str(anne.id): anne.user.avatar}
        assert faces[1]["faces"] == {str(ben.id): ben.user.avatar}
        asked = [path for _, path in loopback.rest.requests[asked_before:]]
        assert asked.count("/users/{user_id}") == 1, asked

        await seat(storage, lobby, [(cleo.id, "Cleo")], lobby.created_at)
        (joined,) = await asyncio.wait_for(messages_until(socket, "state"), LOBBY_SECONDS * 5)
        assert [seat["name"] for seat in joined["figures"]] == ["Anne", "Ben", "Cleo"]


async def test_the_bot_serves_the_avatar_it_knows_a_user_by_and_nothing_else(
    client: Client, loopback: LoopbackDiscord, games: TextChannel
) -> None:
    anne = loopback.add_user("Anne")
    anne.user.avatar = new_avatar()
    address = f"/activity/avatars/{anne.id}/{anne.user.avatar}.png"
    assert (await client.get(address)).status == 404  # nobody signed in with it yet
    await signed_in(client, loopback, anne, games)
    served = await client.get(address)
    assert served.status == 200
    assert served.headers["Content-Type"] == "image/png"
    assert "immutable" in served.headers["Cache-Control"]
    assert (await served.read()).startswith(b"\x89PNG")
    assert loopback.avatars.served == [f"/avatars/{anne.id}/{anne.user.avatar}.png?size=64"]
    again = await client.get(address)
    assert again.status == 200
    assert len(loopback.avatars.served) == 1  # kept: the CDN is asked once
    for elsewhere in (
        f"/activity/avatars/{anne.id}/{new_avatar()}.png",
        f"/activity/avatars/{anne.id}/not-a-hash.png",
        f"/activity/avatars/{loopback.bot_user.id}/{anne.user.avatar}.png",
    ):
        assert (await client.get(elsewhere)).status == 404, elsewhere
