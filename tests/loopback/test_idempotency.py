"""Sending once, as Discord's docs (Create Message) describe it: a nonce with `enforce_nonce`
gives back the same author's message instead of a second; and reading back what was sent just
after a message (Get Channel Messages' `after`), seen through discord.py."""

from __future__ import annotations

import discord
import pytest

from tests.loopback.test_basics import Pub


def channel_of(pub: Pub) -> discord.TextChannel:
    channel = pub.client.get_channel(pub.games.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_a_nonce_sent_again_gives_back_the_first_message(pub: Pub) -> None:
    first = await channel_of(pub).send("Stage 1 · Round 2 revealed", nonce="1.7.r")
    again = await channel_of(pub).send("Stage 1 · Round 2 revealed", nonce="1.7.r")
    other = await channel_of(pub).send("Stage 1 · Round 3 revealed", nonce="1.9.r")
    assert again.id == first.id
    assert other.id != first.id
    assert [m.content for m in pub.games.messages()] == [
        "Stage 1 · Round 2 revealed",
        "Stage 1 · Round 3 revealed",
    ]


async def test_a_nonce_is_held_for_a_few_minutes_and_a_deleted_message_is_unknown(
    pub: Pub,
) -> None:
    first = await channel_of(pub).send("once", nonce="a")
    await first.delete()
    with pytest.raises(discord.NotFound):
        await channel_of(pub).send("once", nonce="a")
    kept = await channel_of(pub).send("later", nonce="b")
    pub.discord.world.nonce_seconds = 0.0  # the few minutes have passed
    assert (await channel_of(pub).send("later", nonce="b")).id != kept.id


async def test_messages_after_one_are_listed_oldest_first_through_discord_py(pub: Pub) -> None:
    sent = [await channel_of(pub).send(f"message {n}") for n in range(5)]
    after = [m async for m in channel_of(pub).history(after=sent[1], oldest_first=True)]
    assert [m.content for m in after] == ["message 2", "message 3", "message 4"]
    limited = [m async for m in channel_of(pub).history(after=sent[0], limit=2)]
    assert [m.content for m in limited] == ["message 1", "message 2"]
    before = [m async for m in channel_of(pub).history(before=sent[3], limit=2)]
    assert [m.content for m in before] == ["message 2", "message 1"]
