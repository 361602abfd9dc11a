"""The slash commands are synced with Discord only when their definition changed, and by one
process of several starting at once: the one that replaces the stored fingerprint of the
definitions (compare and set)."""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any, Protocol, TypeVar

import discord
from discord import app_commands

from bot.ui.command_text import CatalogTranslator

log = logging.getLogger("whyfirst")

COMMANDS_HASH_KEY = "commands_hash"

ClientT = TypeVar("ClientT", bound=discord.Client)


def commands_scope(dev_guild: int | None) -> str:
    """Where the commands are synced, in the words of the setting that decides it."""
    return "globally" if dev_guild is None else f"on the server WHYFIRST_DEV_GUILD={dev_guild}"


class CommandsRefused(Exception):
    """Discord refused the slash commands; the message is one sentence for the operator."""

    def __init__(self, dev_guild: int | None, refusal: discord.Forbidden) -> None:
        super().__init__(
            f"Discord refused the bot's slash commands {commands_scope(dev_guild)} "
            f"({refusal.code}: {refusal.text}): invite the bot to that server again with the "
            "scopes bot and applications.commands (Developer Portal, OAuth2, URL Generator), "
            "or check WHYFIRST_DEV_GUILD."
        )


class SettingStore(Protocol):
    async def get_setting(self, key: str) -> str | None: ...

    async def replace_setting(self, key: str, expected: str | None, value: str) -> bool:
        """Compare and set: whether `value` replaced `expected`."""

    async def set_setting(self, key: str, value: str | None) -> None: ...


async def sync_commands(
    tree: app_commands.CommandTree[ClientT],
    storage: SettingStore,
    dev_guild: int | None,
    *,
    app_launcher: bool = False,
) -> None:
    """Sync the tree (to `dev_guild` only, when given) if its definition changed.
    `app_launcher`: the bot answers the Activity's Entry Point command (the table is on)."""
    guild = discord.Object(dev_guild) if dev_guild else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    # The hash covers every language's text, so a new translation is synced too.
    translator = CatalogTranslator()
    await tree.set_translator(translator)
    payload = [
        await command.get_translated_payload(tree, translator)
        for command in tree.get_commands(guild=guild)
    ]
    fingerprint = hashlib.sha256(
        json.dumps({"guild": dev_guild, "commands": payload}, sort_keys=True).encode()
    ).hexdigest()
    known = await _answer_the_app_launcher(tree.client) if app_launcher else None
    synced = await storage.get_setting(COMMANDS_HASH_KEY)
    if synced == fingerprint:
        log.info("slash commands unchanged; not syncing")
        return
    # Several processes may start at once: the one that records the new definition syncs.
    if not await storage.replace_setting(COMMANDS_HASH_KEY, synced, fingerprint):
        log.info("slash commands are being synced by another process")
        return
    try:
        if guild is None:
            await _overwrite_global_commands(tree.client, payload, known)
        else:
            await tree.sync(guild=guild)
    except BaseException as failure:
        await storage.set_setting(COMMANDS_HASH_KEY, synced)
        if isinstance(failure, discord.Forbidden):
            raise CommandsRefused(dev_guild, failure) from None
        raise
    log.info("slash commands synced%s", f" to guild {guild.id}" if guild else " globally")


PRIMARY_ENTRY_POINT = 4
"""The command type of an Activity's Entry Point (the App Launcher); discord.py knows no such
type, so its tree never holds one."""
APP_HANDLER = 1
"""An Entry Point whose launches the app answers (Discord's default launches it itself)."""


def is_app_launch(interaction: discord.Interaction) -> bool:
    """A player picked the app in the App Launcher (its Entry Point command)."""
    data = interaction.data
    return (
        interaction.type is discord.InteractionType.application_command
        and data is not None
        and data.get("type") == PRIMARY_ENTRY_POINT
    )


_WRITABLE = frozenset(
    (
        "id",
        "type",
        "name",
        "name_localizations",
        "description",
        "description_localizations",
        "options",
        "default_member_permissions",
        "contexts",
        "integration_types",
        "handler",
        "nsfw",
    )
)
"""What a bulk overwrite takes of a command (the rest of a fetched one is Discord's own)."""

GlobalCommands = list[dict[str, Any]]
"""The global commands as Discord lists them (discord.py's types know no Entry Point)."""


async def _overwrite_global_commands(
    client: discord.Client, payload: list[dict[str, Any]], known: GlobalCommands | None
) -> None:
    """Replace the global commands with `payload`, keeping an Entry Point command that Discord
    made when Activities were switched on in the Developer Portal: an overwrite that left it
    out would be refused (50240), and discord.py's tree.sync() would leave it out. `known`:
    the global commands as this start already read them."""
    application_id = client.application_id
    assert application_id is not None, "the commands are synced once logged in"
    existing = known if known is not None else await _global_commands(client, application_id)
    kept = [
        {field: value for field, value in command.items() if field in _WRITABLE}
        for command in existing
        if command["type"] == PRIMARY_ENTRY_POINT
    ]
    await client.http.bulk_upsert_global_commands(application_id, payload + kept)


async def _answer_the_app_launcher(client: discord.Client) -> GlobalCommands:
    """Make the Entry Point command Discord created with Activities the bot's to answer (at
    every start, before the commands: it is one request, and nothing of it is stored); the
    global commands as they stand then."""
    application_id = client.application_id
    assert application_id is not None, "the commands are synced once logged in"
    existing = await _global_commands(client, application_id)
    entry = next((c for c in existing if c["type"] == PRIMARY_ENTRY_POINT), None)
    if entry is None or not client.application_flags.embedded:
        log.warning(
            "the table is on but the App Launcher does not offer it: turn Activities on in the "
            "Developer Portal (Activities, Settings)"
        )
        return existing
    if entry.get("handler") == APP_HANDLER:
        return existing
    fields = {field: value for field, value in entry.items() if field in _WRITABLE - {"id"}}
    # discord.py's types of a command know no type 4 and no handler.
    command = fields | {"handler": APP_HANDLER}
    await client.http.upsert_global_command(application_id, command)  # type: ignore[arg-type]
    return [command | {"id": entry["id"]} if c is entry else c for c in existing]


async def _global_commands(client: discord.Client, application_id: int) -> GlobalCommands:
    return [dict(command) for command in await client.http.get_global_commands(application_id)]
