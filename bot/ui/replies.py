"""The short private answers a click or a command gets: a refusal, or a failure in one sentence.

Every answer is ephemeral and changes nothing. Mentions never ping unless a message says so."""

from __future__ import annotations

import logging

import discord

from bot.i18n import t
from bot.storage.errors import StorageError

log = logging.getLogger("whyfirst.replies")

NO_PINGS = discord.AllowedMentions.none()
PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False)
UNKNOWN_INTERACTION = 10062

REFUSED, FAILED = "refused", "failed"
"""What `interaction.extras` notes of an answer, for the interaction's count (bot/observe)."""
ANSWERED = "answered"
"""What it notes of a click answered through bot/ui/tokens.py, which discord.py cannot know."""


async def refuse(interaction: discord.Interaction, key: str, **values: object) -> None:
    """A short ephemeral sentence from the catalog; nothing changes."""
    interaction.extras[REFUSED] = True
    await say_privately(interaction, t(key, interaction.locale, **values))


async def report_failure(interaction: discord.Interaction, error: BaseException) -> None:
    """Log an unexpected failure and tell the player in one sentence (if Discord still lets us)."""
    interaction.extras[FAILED] = True
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION:
        # Discord no longer accepts an answer (it came too late): nobody can be told.
        log.warning("an interaction expired before it was answered")
        return
    if isinstance(error, StorageError):
        log.error("the database failed: %s", error)
        key = "refusal.database"
    else:
        log.error("an interaction failed", exc_info=error)
        key = "refusal.internal"
    try:
        await refuse(interaction, key)
    except discord.HTTPException:
        log.warning("could not tell the user about the failure")


async def say_privately(interaction: discord.Interaction, text: str) -> None:
    """`text` only for the user who clicked or typed: the answer, or a follow-up after it."""
    if answered(interaction):
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def answered(interaction: discord.Interaction) -> bool:
    return ANSWERED in interaction.extras or interaction.response.is_done()


def outcome_of(interaction: discord.Interaction) -> str:
    """How an interaction was answered: answered, refused, or failed."""
    if interaction.extras.get(FAILED):
        return FAILED
    return REFUSED if interaction.extras.get(REFUSED) else "answered"
