"""An app's Activity: answering with LAUNCH_ACTIVITY (type 12) only with Activities enabled,
and the Entry Point command (type 4) that opens it from the App Launcher, with Discord's
rules (global only, one at most, not left out of a bulk overwrite: 50240)."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from tests.loopback import LoopbackDiscord, LoopbackError
from tests.loopback.test_basics import Pub

CHAT = {"name": "whyfirst", "description": "Play", "type": 1}
ENTRY_POINT = {"name": "launch", "description": "Open the table", "type": 4, "handler": 1}


async def as_the_bot(
    loopback: LoopbackDiscord, method: str, path: str, body: Any = None
) -> tuple[int, Any]:
    """A request to the application's `path`, as the bot makes it: (status, JSON body)."""
    url = f"{loopback.api_base}/applications/{loopback.bot_user.id}{path}"
    headers = {"Authorization": f"Bot {loopback.token}"}
    async with (
        aiohttp.ClientSession(headers=headers) as session,
        session.request(method, url, json=body) as response,
    ):
        return response.status, await response.json() if response.status != 204 else None


async def global_commands(
    loopback: LoopbackDiscord, method: str, body: Any = None, tail: str = ""
) -> tuple[int, Any]:
    return await as_the_bot(loopback, method, f"/commands{tail}", body)


def launches(loopback: LoopbackDiscord) -> list[tuple[str, str]]:
    return [(launch.user.name, launch.channel.name) for launch in loopback.activity_launches]


async def test_launch_activity_is_refused_while_activities_are_off(pub: Pub) -> None:
    pub.discord.expect_violation("invalid-callback")
    outcome = await pub.anne.slash(pub.games, "demo launch")
    assert outcome.ephemeral_text == "cannot launch (50035)"
    assert launches(pub.discord) == []


async def test_a_command_and_a_button_launch_the_activity_for_who_used_them(pub: Pub) -> None:
    pub.discord.enable_activities()
    outcome = await pub.anne.slash(pub.games, "demo launch")
    assert outcome.response_type == 12
    assert pub.games.messages() == []

    await pub.anne.slash(pub.games, "demo launcher")
    click = await pub.ben.click(pub.games.last_message(), label="Launch")
    assert click.response_type == 12
    assert launches(pub.discord) == [("Anne", "games"), ("Ben", "games")]


async def test_enabling_activities_creates_discords_default_entry_point(pub: Pub) -> None:
    with pytest.raises(LoopbackError, match="offers no Activity"):
        await pub.anne.launch_app(pub.games)
    pub.discord.enable_activities()
    [launch] = pub.discord.commands()
    assert (launch["name"], launch["type"], launch["handler"]) == ("launch", 4, 2)

    # DISCORD_LAUNCH_ACTIVITY: Discord opens the Activity; the app hears nothing of it.
    assert await pub.anne.launch_app(pub.games) is None
    assert launches(pub.discord) == [("Anne", "games")]
    assert pub.discord.world.interactions == {}


async def test_a_bulk_overwrite_that_leaves_the_entry_point_out_is_refused_with_50240(
    pub: Pub,
) -> None:
    pub.discord.expect_violation("entry-point-removed")
    pub.discord.enable_activities()
    before = pub.discord.commands()
    status, error = await global_commands(pub.discord, "PUT", [CHAT])
    assert (status, error["code"]) == (400, 50240)
    assert pub.discord.commands() == before

    status, stored = await global_commands(pub.discord, "PUT", [CHAT, ENTRY_POINT])
    assert status == 200
    assert [(c["name"], c["type"]) for c in stored] == [("whyfirst", 1), ("launch", 4)]
    # The same command, kept: its id did not change.
    assert stored[1]["id"] == before[0]["id"]


async def test_an_entry_point_created_with_post_sends_the_app_the_launch(pub: Pub) -> None:
    pub.discord.enable_activities()
    [default] = pub.discord.commands()
    status, _ = await global_commands(pub.discord, "DELETE", tail=f"/{default['id']}")
    assert status == 204
    status, created = await global_commands(pub.discord, "POST", ENTRY_POINT)
    assert (status, created["type"], created["handler"]) == (201, 4, 1)

    # APP_HANDLER: the app gets the interaction (data.type 4) and answers LAUNCH_ACTIVITY.
    outcome = await pub.ben.launch_app(pub.games)
    assert outcome is not None
    assert outcome.response_type == 12
    [interaction] = pub.discord.world.interactions.values()
    assert interaction.payload["type"] == 2
    assert interaction.payload["data"]["type"] == 4
    assert launches(pub.discord) == [("Ben", "games")]


async def test_an_entry_point_is_global_only_one_and_needs_activities(pub: Pub) -> None:
    pub.discord.expect_violation("entry-point")
    status, error = await global_commands(pub.discord, "POST", ENTRY_POINT)
    assert (status, error["code"]) == (400, 50035)
    assert "Activities" in str(error)

    pub.discord.enable_activities()
    second = {**ENTRY_POINT, "name": "play"}
    status, error = await global_commands(pub.discord, "POST", second)
    assert (status, error["code"]) == (400, 50035)
    assert "already has an Entry Point command" in str(error)
    status, error = await global_commands(pub.discord, "PUT", [ENTRY_POINT, second])
    assert (status, error["code"]) == (400, 50035)
    assert "an app may have one" in str(error)
    status, error = await global_commands(pub.discord, "POST", {**CHAT, "handler": 1})
    assert (status, error["code"]) == (400, 50035)
    assert "only an Entry Point command (type 4) has a handler" in str(error)

    guild_commands = f"/guilds/{pub.guild.id}/commands"
    status, error = await as_the_bot(pub.discord, "POST", guild_commands, ENTRY_POINT)
    assert (status, error["code"]) == (400, 50035)
    assert "cannot be a server's command" in str(error)
    assert [c["name"] for c in pub.discord.commands()] == ["launch"]


async def test_an_instance_names_who_is_in_it_until_the_last_one_leaves(pub: Pub) -> None:
    pub.discord.enable_activities()
    await pub.anne.launch_app(pub.games)
    await pub.ben.launch_app(pub.games)
    first, second = pub.discord.activity_launches
    assert first.instance_id == second.instance_id
    path = f"/activity-instances/{first.instance_id}"
    status, instance = await as_the_bot(pub.discord, "GET", path)
    assert status == 200
    assert instance["users"] == [str(pub.anne.id), str(pub.ben.id)]
    assert instance["location"] == {
        "id": f"gc-{pub.guild.id}-{pub.games.id}",
        "kind": "gc",
        "channel_id": str(pub.games.id),
        "guild_id": str(pub.guild.id),
    }

    pub.anne.close_activity(pub.games)
    assert (await as_the_bot(pub.discord, "GET", path))[1]["users"] == [str(pub.ben.id)]
    pub.ben.close_activity(pub.games)
    status, error = await as_the_bot(pub.discord, "GET", path)
    assert (status, error["code"]) == (404, 0)
