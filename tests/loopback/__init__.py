"""A loopback Discord (gateway + REST) with simulated players, for end-to-end tests.

discord = LoopbackDiscord(); await discord.start()
guild = discord.add_guild("Pub"); games = guild.add_text_channel("games")
anne = discord.add_user("Anne"); guild.add_member(anne)
outcome = await anne.slash(games, "whyfirst start", variant="tactical")
await anne.click(games.last_message(), label="Join")

Where the app is installed only to a user (`anne.install_app()`): a group DM
(`discord.add_group_dm("friends", anne, ben)`) or a server that never invited the bot
(`discord.add_guild("Elsewhere", with_bot=False)`). There interactions carry their context
(0 server, 1 DM with the bot, 2 group DM) and `authorizing_integration_owners` ("0" the
server's install, "1" the user's); a command is offered only through the installs and in
the contexts it declares; REST to such a channel answers 403 50001, a DM to someone who
shares no server with the bot 50007; an interaction authorized by a user install alone may
have 5 follow-ups (the 6th: 400 40094 and a "followup-limit" violation); a message made
through an interaction keeps its installs, so anyone who sees it may click its buttons.

The application as its Developer Portal sets it (`discord.application`, all off as for a new
one): an IDENTIFY asking for a privileged intent whose switch is off is closed with 4014.
`discord.enable_activities()` allows LAUNCH_ACTIVITY answers (recorded in
`discord.activity_launches`) and creates Discord's default Entry Point command, which
`await anne.launch_app(games)` runs from the App Launcher. Launches in one channel join its
one instance, which the activity-instances endpoint lists until its last user leaves
(`anne.close_activity(games)`). `anne.authorize()` is the Activity's
sign-in code, exchanged at `POST /oauth2/token` with `discord.client_secret`.
"""

from tests.loopback.application import ActivityLaunch, Application
from tests.loopback.errors import LoopbackError, Violation
from tests.loopback.interactions import InteractionOutcome
from tests.loopback.loopback import LoopbackDiscord
from tests.loopback.model import Attachment, Message
from tests.loopback.players import GuildHandle, Player, TextChannel

__all__ = [
    "ActivityLaunch",
    "Application",
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
