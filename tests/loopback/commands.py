"""Application commands: the global list and each server's, bulk overwrites (PUT) and single
creates (POST), and the rules of the Entry Point command, the one that opens the app's Activity
from the App Launcher (global only, at most one, only with Activities enabled; a bulk
overwrite may not leave it out)."""

from __future__ import annotations

from typing import Any, NoReturn

from tests.loopback import limits
from tests.loopback.errors import DiscordError, invalid_form_body
from tests.loopback.model import new_snowflake
from tests.loopback.server import Call, Created, RestServer
from tests.loopback.world import World

CHAT_INPUT, PRIMARY_ENTRY_POINT = 1, 4
APP_HANDLER, DISCORD_LAUNCH_ACTIVITY = 1, 2
DEFAULT_ENTRY_POINT: dict[str, Any] = {
    "name": "launch",
    "description": "",
    "type": PRIMARY_ENTRY_POINT,
    "handler": DISCORD_LAUNCH_ACTIVITY,
    "integration_types": [0, 1],
    "contexts": [0, 1, 2],
}
"""The command Discord creates when Activities are switched on ("Launch")."""


def entry_point_removed() -> DiscordError:
    return DiscordError(
        400,
        50240,
        "You cannot remove this app's Primary Entry Point command in a bulk update operation. "
        "Please include the Primary Entry Point command in your update request or delete it "
        "separately.",
    )


def entry_point(world: World) -> dict[str, Any] | None:
    """The app's Entry Point command, if it has one (only ever global)."""
    for command in world.commands.get(None, []):
        if command.get("type") == PRIMARY_ENTRY_POINT:
            return command
    return None


def store_command(world: World, scope: int | None, command: dict[str, Any]) -> dict[str, Any]:
    """The command as Discord keeps and returns it; its id stays the same across overwrites."""
    kind = command.get("type") or CHAT_INPUT
    key = (scope, kind, command["name"])
    entry = {
        "type": kind,
        "default_member_permissions": None,
        "nsfw": False,
        "options": [],
        **command,
        "id": str(world.command_ids.setdefault(key, new_snowflake())),
        "application_id": str(world.application_id),
        "version": str(new_snowflake()),
    }
    if kind == PRIMARY_ENTRY_POINT:
        entry.setdefault("handler", DISCORD_LAUNCH_ACTIVITY)
        entry.pop("options")
    if scope is not None:
        entry["guild_id"] = str(scope)
    return entry


def enable_activities(world: World) -> None:
    """The Portal's Activities switch: on, with Discord's default Entry Point command unless
    the app has one."""
    world.application.activities_enabled = True
    if entry_point(world) is None:
        world.commands.setdefault(None, []).append(store_command(world, None, DEFAULT_ENTRY_POINT))
    world.notify()


class CommandRoutes:
    def __init__(self, world: World) -> None:
        self.world = world

    def register(self, server: RestServer, app: Any) -> None:
        for template in (
            "/applications/{application_id}/commands",
            "/applications/{application_id}/guilds/{guild_id}/commands",
        ):
            server.route(app, "GET", template, self.get_commands)
            server.route(app, "PUT", template, self.put_commands)
            server.route(app, "POST", template, self.create_command)
            server.route(app, "DELETE", template + "/{command_id}", self.delete_command)

    def _scope(self, call: Call) -> int | None:
        if call.snowflake("application_id") != self.world.application_id:
            raise DiscordError(403, 50001, "Missing Access")
        if "guild_id" not in call.request.match_info:
            return None
        guild_id = call.snowflake("guild_id")
        if guild_id not in self.world.guilds:
            raise DiscordError(403, 50001, "Missing Access")
        return guild_id

    async def get_commands(self, call: Call) -> Any:
        return self.world.commands.get(self._scope(call), [])

    async def put_commands(self, call: Call) -> Any:
        scope = self._scope(call)
        commands: list[dict[str, Any]] = list(call.body or [])
        self._check(scope, commands)
        existing = entry_point(self.world)
        if (
            scope is None
            and existing is not None
            and not any(_same_command(existing, command) for command in commands)
        ):
            self.world.record_violation(
                "entry-point-removed",
                f"a bulk overwrite of the global commands leaves out /{existing['name']}, the "
                "Entry Point command (discord.py's tree.sync() knows no type 4)",
            )
            raise entry_point_removed()
        stored = [store_command(self.world, scope, command) for command in commands]
        self.world.commands[scope] = stored
        self.world.command_puts += 1
        self.world.notify()
        return stored

    async def create_command(self, call: Call) -> Any:
        """Create a command, or replace the one of the same name and type."""
        scope = self._scope(call)
        command = dict(call.body)
        self._check(scope, [command])
        existing = entry_point(self.world)
        if (
            command.get("type") == PRIMARY_ENTRY_POINT
            and existing is not None
            and not _same_command(existing, command)
        ):
            self._refuse(f"the app already has an Entry Point command, /{existing['name']}")
        listed = self.world.commands.setdefault(scope, [])
        kept = [entry for entry in listed if not _same_command(entry, command)]
        created = len(kept) == len(listed)
        entry = store_command(self.world, scope, command)
        self.world.commands[scope] = [*kept, entry]
        self.world.notify()
        return Created(entry) if created else entry

    async def delete_command(self, call: Call) -> Any:
        scope = self._scope(call)
        listed = self.world.commands.get(scope, [])
        kept = [entry for entry in listed if entry["id"] != call.param("command_id")]
        if len(kept) == len(listed):
            raise DiscordError(404, 10063, "Unknown application command")
        self.world.commands[scope] = kept
        self.world.notify()
        return None

    def _check(self, scope: int | None, commands: list[dict[str, Any]]) -> None:
        problems = limits.command_problems(commands)
        if problems:
            self.world.record_violation("command-limits", "; ".join(problems))
            raise invalid_form_body("; ".join(problems))
        entry_points = [c for c in commands if c.get("type") == PRIMARY_ENTRY_POINT]
        handlers = [c for c in commands if c.get("handler") is not None]
        if entry_points and not self.world.application.activities_enabled:
            self._refuse("an Entry Point command needs Activities enabled for the app")
        if entry_points and scope is not None:
            self._refuse("an Entry Point command cannot be a server's command: it is global")
        if len(entry_points) > 1:
            self._refuse(f"{len(entry_points)} Entry Point commands (an app may have one)")
        if any(c.get("type") != PRIMARY_ENTRY_POINT for c in handlers):
            self._refuse("only an Entry Point command (type 4) has a handler")
        if any(c.get("handler") not in (APP_HANDLER, DISCORD_LAUNCH_ACTIVITY) for c in handlers):
            self._refuse("handler must be 1 (APP_HANDLER) or 2 (DISCORD_LAUNCH_ACTIVITY)")

    def _refuse(self, problem: str) -> NoReturn:
        self.world.record_violation("entry-point", problem)
        raise invalid_form_body(problem)


def _same_command(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Commands are told apart by name within their type (a bulk overwrite keeps ids so)."""
    kind_a, kind_b = a.get("type") or CHAT_INPUT, b.get("type") or CHAT_INPUT
    return bool(kind_a == kind_b and a.get("name") == b.get("name"))
