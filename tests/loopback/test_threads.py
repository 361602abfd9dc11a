"""Threads as Discord's docs (Topics › Threads) describe them, seen through discord.py: one
started with a message or without, its members, its own permission to talk, and archiving."""

from __future__ import annotations

import asyncio

import discord
import pytest

from tests.loopback.test_basics import Pub
from tests.loopback.thread_model import PRIVATE_THREAD, PUBLIC_THREAD


def text_channel(pub: Pub) -> discord.TextChannel:
    channel = pub.client.get_channel(pub.games.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def known_thread(pub: Pub, thread_id: int) -> discord.Thread:
    """The thread as discord.py's cache has it once THREAD_CREATE arrived."""
    guild = pub.client.get_guild(pub.guild.id)
    assert guild is not None
    thread = await pub.discord.wait_for(lambda: guild.get_thread(thread_id), what="THREAD_CREATE")
    return thread


async def test_a_public_thread_started_without_a_message_takes_members_and_messages(
    pub: Pub,
) -> None:
    thread = await text_channel(pub).create_thread(
        name="League 1 · game 1 · table A", type=discord.ChannelType.public_thread
    )
    assert (thread.type, thread.parent_id) == (discord.ChannelType.public_thread, pub.games.id)
    assert (await known_thread(pub, thread.id)).name == "League 1 · game 1 · table A"
    stored = pub.discord.world.channels[thread.id]
    assert stored.kind == PUBLIC_THREAD
    assert stored.thread is not None

    await thread.add_user(discord.Object(pub.anne.id))
    assert set(stored.thread.members) == {pub.discord.bot_user.id, pub.anne.id}
    sent = await thread.send(f"{pub.anne.mention}, you sit here.")
    assert [m.id for m in stored.live_messages()] == [sent.id]
    assert stored.thread.message_count == 1


async def test_a_thread_started_without_a_type_is_private(pub: Pub) -> None:
    """In API v9 and later, as discord.py's create_thread(type=None) asks for."""
    thread = await pub.client.http.start_thread_without_message(
        pub.games.id,
        name="quiet",
        auto_archive_duration=60,
        type=None,  # type: ignore[arg-type]
    )
    assert thread["type"] == PRIVATE_THREAD


async def test_a_thread_started_on_a_message_shares_its_id_once(pub: Pub) -> None:
    post = await text_channel(pub).send("League 1 is open")
    thread = await post.create_thread(name="League 1")
    assert thread.id == post.id
    with pytest.raises(discord.HTTPException) as twice:
        await post.create_thread(name="again")
    assert twice.value.code == 160004


async def test_send_messages_in_threads_governs_a_thread_and_send_messages_does_not(
    pub: Pub,
) -> None:
    thread = await text_channel(pub).create_thread(
        name="table", type=discord.ChannelType.public_thread
    )
    await pub.games.deny_bot("send_messages")
    await thread.send("still allowed: Send Messages has no effect in threads")
    await pub.games.deny_bot("send_messages_in_threads")
    with pytest.raises(discord.Forbidden):
        await thread.send("refused")
    await pub.games.allow_bot()

    await pub.games.deny_bot("create_public_threads")
    with pytest.raises(discord.Forbidden):
        await text_channel(pub).create_thread(name="no", type=discord.ChannelType.public_thread)


async def test_an_idle_thread_archives_itself_refuses_edits_and_a_message_unarchives_it(
    pub: Pub,
) -> None:
    thread = await text_channel(pub).create_thread(
        name="table", type=discord.ChannelType.public_thread, auto_archive_duration=60
    )
    posted = await thread.send("round 1")
    pub.discord.world.thread_minute_seconds = 0.001  # an hour of idleness lasts 60 ms
    await asyncio.sleep(0.1)
    with pytest.raises(discord.HTTPException) as refused:
        await posted.edit(content="round 1, edited")
    assert refused.value.code == 50083
    await thread.send("round 2")  # unarchives it
    stored = pub.discord.world.channels[thread.id]
    assert stored.thread is not None
    assert not stored.thread.archived
    pub.discord.world.thread_minute_seconds = 60.0
    await posted.edit(content="round 1, edited")


async def test_a_locked_archived_thread_refuses_a_message(pub: Pub) -> None:
    thread = await text_channel(pub).create_thread(
        name="table", type=discord.ChannelType.public_thread
    )
    stored = pub.discord.world.channels[thread.id]
    assert stored.thread is not None
    stored.thread.locked = True
    await thread.edit(archived=True)
    assert stored.thread.archived
    with pytest.raises(discord.HTTPException) as refused:
        await thread.send("hello?")
    assert refused.value.code == 50083
