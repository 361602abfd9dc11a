"""INTERACTION_CREATE payloads, with exactly the fields DISCORD.md lists."""

from __future__ import annotations

from typing import Any

from tests.loopback.commands import CHAT_INPUT
from tests.loopback.errors import LoopbackError
from tests.loopback.interactions import (
    APPLICATION_COMMAND,
    GUILD_INSTALL,
    MESSAGE_COMPONENT,
    USER_INSTALL,
)
from tests.loopback.model import DM, GROUP_DM, PRIVATE_APP_PERMISSIONS, Channel, Message, User
from tests.loopback.world import World

SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, NUMBER = 3, 4, 5, 6, 10
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
GUILD_CONTEXT, BOT_DM_CONTEXT, PRIVATE_CHANNEL_CONTEXT = 0, 1, 2


def context_of(channel: Channel) -> int:
    if channel.guild is not None:
        return GUILD_CONTEXT
    return PRIVATE_CHANNEL_CONTEXT if channel.kind == GROUP_DM else BOT_DM_CONTEXT


def installs_for(world: World, user: User, channel: Channel) -> dict[str, str]:
    """The installations that let `user` use the app in `channel`, as Discord lists them in
    `authorizing_integration_owners`: the server's (or "0" in a DM with the bot), the user's."""
    owners: dict[str, str] = {}
    if channel.kind == DM:
        owners[GUILD_INSTALL] = "0"
    elif channel.guild is not None and channel.guild.bot_joined:
        owners[GUILD_INSTALL] = str(channel.guild.id)
    if user.id in world.user_installs:
        owners[USER_INSTALL] = str(user.id)
    if not owners:
        raise LoopbackError(
            f"the app is not installed where {user.name} is ({channel!r}): Discord offers it "
            "only in servers that added it, DMs with the bot, or to users who installed it"
        )
    return owners


def _base(
    world: World,
    kind: int,
    user: User,
    channel: Channel,
    owners: dict[str, str] | None = None,
) -> dict[str, Any]:
    owners = installs_for(world, user, channel) if owners is None else owners
    if channel.guild is not None and GUILD_INSTALL in owners:
        app_permissions = channel.bot_permissions()
    else:
        app_permissions = PRIVATE_APP_PERMISSIONS
    payload: dict[str, Any] = {
        "application_id": str(world.application_id),
        "type": kind,
        "version": 1,
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        "locale": user.locale,
        "entitlements": [],
        "authorizing_integration_owners": owners,
        "context": context_of(channel),
        "app_permissions": str(app_permissions),
        "channel_id": str(channel.id),
        "channel": channel.to_json(world.bot),
    }
    if channel.guild is not None:
        member = channel.guild.members.get(user.id)
        if member is None:
            raise LoopbackError(f"{user.name} is not a member of {channel.guild.name}")
        payload["guild_id"] = str(channel.guild.id)
        locale = channel.guild.preferred_locale
        payload["guild"] = {"id": str(channel.guild.id), "locale": locale, "features": []}
        payload["guild_locale"] = locale
        payload["member"] = member.to_json(with_permissions=True)
    else:
        payload["user"] = user.to_json()
    return payload


def slash_payload(
    world: World, user: User, channel: Channel, command_line: str, arguments: dict[str, Any]
) -> dict[str, Any]:
    """A slash command as the Discord client would send it, checked against the synced tree."""
    names = command_line.removeprefix("/").split()
    guild_id = channel.guild.id if channel.guild else None
    command = _find_command(world, guild_id, names[0])
    owners = _offering_installs(world, user, channel, command, f"/{names[0]}")
    data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1}
    if "guild_id" in command:
        data["guild_id"] = command["guild_id"]
    definition: dict[str, Any] = command
    options: list[dict[str, Any]] = []
    data["options"] = options
    resolved: dict[str, dict[str, Any]] = {}
    for name in names[1:]:
        sub = _option(definition, name, (SUBCOMMAND, SUBCOMMAND_GROUP))
        nested: list[dict[str, Any]] = []
        options.append({"name": sub["name"], "type": sub["type"], "options": nested})
        options, definition = nested, sub
    for name, value in arguments.items():
        option = _option(definition, name, (STRING, INTEGER, BOOLEAN, USER, NUMBER))
        options.append(
            {
                "name": name,
                "type": option["type"],
                "value": _value(option, value, channel, resolved),
            }
        )
    for option in definition.get("options") or []:
        if option.get("required") and option["name"] not in arguments:
            raise LoopbackError(f"/{command_line}: the client requires option {option['name']!r}")
    if resolved:
        data["resolved"] = resolved
    payload = _base(world, APPLICATION_COMMAND, user, channel, owners)
    payload["data"] = data
    return payload


def _offering_installs(
    world: World, user: User, channel: Channel, command: dict[str, Any], what: str
) -> dict[str, str]:
    """The installs through which Discord offers `command` here. A guild command exists only
    through its server's install; a global one through the install types it declares
    (`integration_types`, by default the server install) in the contexts it declares
    (`contexts`, by default all). None: LoopbackError, naming `what` is not offered."""
    if "guild_id" in command:
        kinds = [GUILD_INSTALL]
    else:
        kinds = [str(kind) for kind in command.get("integration_types") or [0]]
    contexts = command.get("contexts")
    installs = installs_for(world, user, channel)
    offered = {kind: owner for kind, owner in installs.items() if kind in kinds}
    if not offered or (contexts is not None and context_of(channel) not in contexts):
        raise LoopbackError(
            f"Discord does not offer {what} to {user.name} here ({channel!r}): its "
            f"integration_types {command.get('integration_types')} and contexts "
            f"{contexts} do not allow it"
        )
    return offered


def entry_point_payload(
    world: World, user: User, channel: Channel, command: dict[str, Any]
) -> dict[str, Any]:
    """The Entry Point command run from the App Launcher (by its APP_HANDLER's app)."""
    owners = _offering_installs(world, user, channel, command, "the App Launcher's entry")
    payload = _base(world, APPLICATION_COMMAND, user, channel, owners)
    payload["data"] = {"id": command["id"], "name": command["name"], "type": command["type"]}
    return payload


def _find_command(world: World, guild_id: int | None, name: str) -> dict[str, Any]:
    for scope in (guild_id, None):
        for command in world.commands.get(scope, []):
            if command["name"] == name and command.get("type", CHAT_INPUT) == CHAT_INPUT:
                return command
    raise LoopbackError(f"/{name} is not synced for this guild or globally")


def _option(definition: dict[str, Any], name: str, kinds: tuple[int, ...]) -> dict[str, Any]:
    for option in definition.get("options") or []:
        if option["name"] == name and option["type"] in kinds:
            return option
    known = [option["name"] for option in definition.get("options") or []]
    raise LoopbackError(f"/{definition['name']} has no option {name!r} (it has {known})")


def _value(option: dict[str, Any], value: Any, channel: Channel, resolved: dict[str, Any]) -> Any:
    kind = option["type"]
    if kind == USER:
        user: User = getattr(value, "user", value)
        resolved.setdefault("users", {})[str(user.id)] = user.to_json()
        if channel.guild is not None and user.id in channel.guild.members:
            member = channel.guild.members[user.id].to_json(with_permissions=True)
            member.pop("user")
            resolved.setdefault("members", {})[str(user.id)] = member
        return str(user.id)
    choices = [choice["value"] for choice in option.get("choices") or []]
    if choices and value not in choices:
        raise LoopbackError(f"option {option['name']!r} accepts only {choices}, not {value!r}")
    if kind == INTEGER and not isinstance(value, int):
        raise LoopbackError(f"option {option['name']!r} takes an integer")
    low, high = option.get("min_value"), option.get("max_value")
    if (low is not None and value < low) or (high is not None and value > high):
        raise LoopbackError(f"option {option['name']!r} must lie in [{low}, {high}]")
    return value


def component_payload(
    world: World, user: User, message: Message, component: dict[str, Any], values: list[str] | None
) -> dict[str, Any]:
    payload = _base(world, MESSAGE_COMPONENT, user, message.channel, message.authorizing)
    data: dict[str, Any] = {
        "custom_id": component["custom_id"],
        "component_type": component["type"],
    }
    if values is not None:
        data["values"] = values
    payload["data"] = data
    payload["message"] = message.to_json()
    return payload
