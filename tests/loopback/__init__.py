"""A loopback Discord (gateway + REST) with simulated players, for end-to-end tests.

discord = LoopbackDiscord(); await discord.start()
guild = discord.add_guild("Pub"); games = guild.add_text_channel("games")
anne = discord.add_user("Anne"); guild.add_member(anne)
outcome = await anne.slash(games, "whyfirst start", variant="tactical")
await anne.click(games.last_message(), label="Join")
"""

from tests.loopback.errors import LoopbackError, Violation
from tests.loopback.interactions import InteractionOutcome
from tests.loopback.loopback import LoopbackDiscord
from tests.loopback.model import Attachment, Message
from tests.loopback.players import GuildHandle, Player, TextChannel

__all__ = [
    "Attachment",
    "GuildHandle",
    "InteractionOutcome",
    "LoopbackDiscord",
    "LoopbackError",
    "Message",
    "Player",
    "TextChannel",
    "Violation",
]
