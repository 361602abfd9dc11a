"""The one list of what the bot needs in a game's channel: the invite asks for it, and
/whyfirst start checks it (naming what is missing) before a lobby opens."""

from __future__ import annotations

import discord

NEEDED_PERMISSIONS = (
    "view_channel",
    "send_messages",
    "embed_links",
    "attach_files",
    # A round message is read back after a restart, to edit its "Waiting for" line.
    "read_message_history",
)


def invite_permissions() -> int:
    """The permissions integer of the invite link (README: "Creating the Discord application")."""
    return discord.Permissions(**dict.fromkeys(NEEDED_PERMISSIONS, True)).value


def missing_permissions(permissions: discord.Permissions) -> list[str]:
    return [name for name in NEEDED_PERMISSIONS if not getattr(permissions, name)]
