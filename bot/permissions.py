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

NEEDED_THROUGH_CLICKS = ("embed_links", "attach_files")
"""Where only a user's install brings the bot (it posts nothing by itself there), what its
answers need: Discord grants these in group DMs."""


def invite_permissions() -> int:
    """The permissions integer of the invite link (README: "Creating the Discord application")."""
    return discord.Permissions(**dict.fromkeys(NEEDED_PERMISSIONS, True)).value


def missing_permissions(permissions: discord.Permissions, clicks_only: bool = False) -> list[str]:
    needed = NEEDED_THROUGH_CLICKS if clicks_only else NEEDED_PERMISSIONS
    return [name for name in needed if not getattr(permissions, name)]
