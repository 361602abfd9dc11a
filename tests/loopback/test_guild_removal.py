"""The loopback Discord models an admin removing the bot from a server and adding it back:
GUILD_DELETE without `unavailable` (discord.py's guild_remove, not an outage), no access
afterwards, and GUILD_CREATE on its return; against a real discord.py client."""

from __future__ import annotations

import discord
import pytest

from tests.loopback import LoopbackDiscord
from tests.loopback.demo_client import start_demo, stop_demo


async def test_a_removed_bot_loses_the_server_and_its_channels_until_it_is_added_back(
    loopback: LoopbackDiscord,
) -> None:
    pub = loopback.add_guild("Pub")
    games = pub.add_text_channel("games")
    client, task = await start_demo(loopback, pub.id)
    try:
        assert client.get_guild(pub.id) is not None
        await pub.remove_bot()
        await loopback.wait_for(lambda: client.get_guild(pub.id) is None, what="GUILD_DELETE")
        with pytest.raises(discord.Forbidden) as refused:
            await client.get_partial_messageable(games.id).send("still here?")
        assert refused.value.code == 50001

        await pub.invite_bot()
        await loopback.wait_for(lambda: client.get_guild(pub.id), what="GUILD_CREATE")
        sent = await client.get_partial_messageable(games.id).send("back")
        assert games.last_message().id == sent.id
    finally:
        await stop_demo(client, task)
