"""The loopback Discord models where an app reaches only through a user's install: a group DM
and a server that never invited the bot (contexts, authorizing installs, no REST, at most
5 follow-ups per interaction), against a real discord.py client."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.loopback import LoopbackDiscord, LoopbackError, Player, TextChannel
from tests.loopback.demo_client import DemoClient, start_demo, stop_demo
from tests.loopback.model import PRIVATE_APP_PERMISSIONS


class Friends:
    """Anne installed the app to her account; Ben did not; Cleo did, but shares no server
    with the bot."""

    def __init__(self, discord: LoopbackDiscord) -> None:
        self.discord = discord
        pub = discord.add_guild("Pub")
        self.pub_id = pub.id
        self.games: TextChannel = pub.add_text_channel("games")
        self.anne: Player = discord.add_user("Anne")
        self.ben: Player = discord.add_user("Ben")
        self.cleo: Player = discord.add_user("Cleo")
        pub.add_member(self.anne)
        pub.add_member(self.ben)
        self.anne.install_app()
        self.cleo.install_app()
        self.group: TextChannel = discord.add_group_dm("friends", self.anne, self.ben, self.cleo)
        elsewhere = discord.add_guild("Elsewhere", with_bot=False)
        self.elsewhere_id = elsewhere.id
        self.lounge: TextChannel = elsewhere.add_text_channel("lounge")
        elsewhere.add_member(self.anne)
        elsewhere.add_member(self.ben)
        self.client: DemoClient


@pytest.fixture
async def friends(loopback: LoopbackDiscord) -> AsyncIterator[Friends]:
    world = Friends(loopback)
    world.client, task = await start_demo(loopback, world.pub_id, anywhere=True)
    yield world
    await stop_demo(world.client, task)


async def test_a_group_dm_command_is_a_private_channel_authorized_by_the_users_install(
    friends: Friends,
) -> None:
    outcome = await friends.anne.slash(friends.group, "anywhere say")
    assert outcome.response_type == 4
    assert friends.group.last_message().content == f"private user {PRIVATE_APP_PERMISSIONS}"


async def test_only_someone_who_installed_the_app_is_offered_it_in_a_group_dm(
    friends: Friends,
) -> None:
    with pytest.raises(LoopbackError, match="not installed"):
        await friends.ben.slash(friends.group, "anywhere say")


async def test_anyone_in_the_group_dm_may_click_a_user_installed_apps_buttons(
    friends: Friends,
) -> None:
    await friends.anne.slash(friends.group, "anywhere say")
    message = friends.group.last_message()
    click = await friends.ben.click(message, label="Greet 1")
    # The demo answers a click outside a server with an ephemeral reply: Ben's alone.
    assert click.ephemeral_text == "secret 1"
    assert click.ephemeral in friends.ben.ephemerals()
    assert click.ephemeral not in friends.anne.ephemerals() + friends.group.messages()


async def test_rest_cannot_reach_a_group_dm_nor_someone_who_shares_no_server_with_the_bot(
    friends: Friends,
) -> None:
    await friends.cleo.slash(friends.group, "anywhere post")
    answer = friends.group.last_message()
    await friends.discord.wait_for(lambda: answer.content, what="the deferred answer")
    assert friends.client.command_errors == []
    # The channel: 50001 Missing Access; Cleo's DMs: the bot may not open them (50007).
    assert answer.content == "50001 50007"
    assert friends.group.messages() == [answer]
    assert friends.cleo.dms() == []


async def test_a_server_that_never_invited_the_bot_offers_the_app_only_to_who_installed_it(
    friends: Friends,
) -> None:
    outcome = await friends.anne.slash(friends.lounge, "anywhere say")
    assert outcome.response_type == 4
    assert friends.lounge.last_message().content == f"guild user {PRIVATE_APP_PERMISSIONS}"
    assert friends.elsewhere_id not in [guild.id for guild in friends.client.guilds]
    with pytest.raises(LoopbackError, match="not installed"):
        await friends.ben.slash(friends.lounge, "anywhere say")


async def test_a_user_installed_app_may_follow_an_interaction_up_five_times(
    friends: Friends,
) -> None:
    friends.discord.expect_violation("followup-limit")
    await friends.anne.slash(friends.group, "anywhere many", count=6)
    first = friends.group.messages()[0]
    await friends.discord.wait_for(lambda: first.content != "starting")
    assert first.content == "ok ok ok ok ok 40094"
    assert [v.kind for v in friends.discord.violations] == ["followup-limit"]


async def test_in_a_server_with_the_bot_follow_ups_are_not_limited_so(
    friends: Friends,
) -> None:
    await friends.ben.slash(friends.games, "anywhere many", count=6)
    first = friends.games.messages()[0]
    await friends.discord.wait_for(lambda: first.content != "starting")
    assert first.content == " ".join(["ok"] * 6)
