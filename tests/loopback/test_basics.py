"""The loopback Discord against a real discord.py client: handshake, commands, buttons, DMs."""

from __future__ import annotations

import aiohttp

from tests.loopback import GuildHandle, LoopbackDiscord, Player, TextChannel
from tests.loopback.demo_client import DemoClient


class Pub:
    def __init__(self, discord: LoopbackDiscord) -> None:
        self.discord = discord
        self.guild: GuildHandle = discord.add_guild("Pub")
        self.games: TextChannel = self.guild.add_text_channel("games")
        self.anne: Player = discord.add_user("Anne")
        self.ben: Player = discord.add_user("Ben")
        self.guild.add_member(self.anne)
        self.guild.add_member(self.ben, manage_guild=True)
        self.client: DemoClient


async def test_the_client_connects_and_syncs_its_commands_to_the_guild(pub: Pub) -> None:
    assert pub.client.user is not None
    assert pub.client.user.id == pub.discord.bot_user.id
    assert [guild.id for guild in pub.client.guilds] == [pub.guild.id]
    assert [c["name"] for c in pub.discord.commands(pub.guild)] == ["demo"]
    assert pub.discord.commands() == []


async def test_a_slash_command_posts_a_message_whose_button_edits_it(pub: Pub) -> None:
    outcome = await pub.anne.slash(pub.games, "demo hello", mood="sad", times=3)
    assert outcome.response_type == 4
    message = pub.games.last_message()
    assert message.content == "hello sad x3"
    assert [b["label"] for b in message.buttons()] == ["Greet 1"]

    click = await pub.ben.click(message, label="Greet 1")
    assert click.response_type == 7
    assert message.content == "greeted 1"
    assert [b["label"] for b in message.buttons()] == ["Greet 2"]
    assert message.edit_count == 1


async def test_a_dm_button_click_gets_an_ephemeral_reply_only_its_user_sees(pub: Pub) -> None:
    outcome = await pub.anne.slash(pub.games, "demo dm")
    assert outcome.response_type == 5
    await pub.discord.wait_for(lambda: outcome.ephemeral_text)
    assert outcome.ephemeral_text == "sent you a DM"
    assert pub.games.messages() == []

    dm = pub.anne.last_dm()
    click = await pub.anne.click(dm, label_startswith="Greet")
    assert click.response_type == 4
    assert click.ephemeral_text == "secret 7"
    assert [m.content for m in pub.anne.ephemerals()] == ["sent you a DM", "secret 7"]
    assert pub.ben.ephemerals() == []


async def test_attachments_keep_their_bytes_and_the_embeds_are_stored(pub: Pub) -> None:
    await pub.anne.slash(pub.games, "demo picture")
    message = await pub.discord.wait_for(
        lambda: (
            pub.games.messages()
            and pub.games.last_message().attachments
            and pub.games.last_message()
        )
    )
    assert message.attachments[0].data == b"\x89PNG fake bytes"
    assert message.attachments[0].description == "alt"
    assert message.embeds[0]["title"] == "Track"
    async with (
        aiohttp.ClientSession() as session,
        session.get(message.attachments[0].url) as response,
    ):
        assert await response.read() == b"\x89PNG fake bytes"


async def test_user_options_are_resolved_and_app_permissions_reflect_the_channel(pub: Pub) -> None:
    await pub.anne.slash(pub.games, "demo who", member=pub.ben)
    full = int(pub.games.last_message().content.split()[1])
    await pub.games.deny_bot("send_messages", "attach_files")
    await pub.anne.slash(pub.games, "demo who", member=pub.ben)
    reduced = int(pub.games.last_message().content.split()[1])
    assert pub.games.last_message().content.startswith("Ben ")
    send_messages, attach_files = 1 << 11, 1 << 15
    assert full & send_messages
    assert not reduced & (send_messages | attach_files)


async def test_responses_carry_exactly_the_json_content_type(loopback: LoopbackDiscord) -> None:
    headers = {"Authorization": f"Bot {loopback.token}"}
    async with aiohttp.ClientSession() as session:
        async with session.get(loopback.api_base + "/users/@me", headers=headers) as response:
            assert response.headers["Content-Type"] == "application/json"
        async with session.get(loopback.api_base + "/users/@me") as response:
            assert response.status == 401
