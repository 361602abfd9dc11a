"""Simulated users, guilds and channels: the readable API the tests drive."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tests.loopback.commands import DISCORD_LAUNCH_ACTIVITY, entry_point
from tests.loopback.errors import LoopbackError
from tests.loopback.interactions import (
    APPLICATION_COMMAND,
    MESSAGE_COMPONENT,
    InteractionOutcome,
    PendingInteraction,
)
from tests.loopback.model import (
    GUILD_TEXT,
    GUILD_VOICE,
    PERMISSION_NAMES,
    Channel,
    Guild,
    Message,
    User,
)
from tests.loopback.payloads import component_payload, entry_point_payload, slash_payload

if TYPE_CHECKING:
    from tests.loopback.loopback import LoopbackDiscord


class TextChannel:
    def __init__(self, discord: LoopbackDiscord, channel: Channel) -> None:
        self._discord = discord
        self.channel = channel

    @property
    def id(self) -> int:
        return self.channel.id

    @property
    def name(self) -> str:
        return self.channel.name

    def messages(self) -> list[Message]:
        """Visible messages, oldest first (ephemeral ones are never here)."""
        return self.channel.live_messages()

    def last_message(self) -> Message:
        messages = self.messages()
        if not messages:
            raise LoopbackError(f"#{self.name} has no messages")
        return messages[-1]

    def find(self, predicate: Callable[[Message], bool]) -> list[Message]:
        return [message for message in self.messages() if predicate(message)]

    async def deny_bot(self, *permissions: str) -> None:
        """Take permissions from the bot in this channel (e.g. "send_messages")."""
        for name in permissions:
            self.channel.bot_denied |= PERMISSION_NAMES[name]
        await self._discord.announce_channel(self.channel)

    async def allow_bot(self) -> None:
        self.channel.bot_denied = 0
        await self._discord.announce_channel(self.channel)

    async def delete_message(self, message: Message) -> None:
        """A moderator deletes a message: the bot's later edits of it get 10008."""
        await self._discord.delete_message(message)


class GuildHandle:
    def __init__(self, discord: LoopbackDiscord, guild: Guild) -> None:
        self._discord = discord
        self.guild = guild

    @property
    def id(self) -> int:
        return self.guild.id

    def add_text_channel(self, name: str) -> TextChannel:
        return self._add_channel(name, GUILD_TEXT)

    def add_voice_channel(self, name: str) -> TextChannel:
        """A voice channel: played in through its chat (text in voice), like a text channel."""
        return self._add_channel(name, GUILD_VOICE)

    def _add_channel(self, name: str, kind: int) -> TextChannel:
        channel = self._discord.world.add_text_channel(self.guild, name, kind)
        self._discord.broadcast_soon("CHANNEL_CREATE", channel.to_json(), self.guild.id)
        return TextChannel(self._discord, channel)

    def add_member(self, player: Player, *, manage_guild: bool = False) -> None:
        member = self._discord.world.add_member(self.guild, player.user, manage_guild=manage_guild)
        data = {**member.to_json(), "guild_id": str(self.guild.id)}
        self._discord.broadcast_soon("GUILD_MEMBER_ADD", data, self.guild.id)

    async def remove_bot(self) -> None:
        """An admin removes the bot: GUILD_DELETE without `unavailable` (an outage sets it),
        and from then on the bot is no member (REST to the server answers 403 50001)."""
        await self._discord.gateway.dispatch("GUILD_DELETE", {"id": str(self.id)}, self.id)
        self.guild.bot_joined = False

    async def invite_bot(self) -> None:
        """An admin adds the bot back: GUILD_CREATE with the whole server, as at READY."""
        self.guild.bot_joined = True
        data = self.guild.to_json(self._discord.world.bot)
        await self._discord.gateway.dispatch("GUILD_CREATE", data, self.id)


class Player:
    """A simulated person with a Discord account."""

    def __init__(self, discord: LoopbackDiscord, user: User) -> None:
        self._discord = discord
        self.user = user

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def mention(self) -> str:
        return f"<@{self.user.id}>"

    def __repr__(self) -> str:
        return f"Player({self.name!r})"

    # --- what the player can see --------------------------------------------------------

    def dm_with_the_bot(self) -> TextChannel:
        """Their DM with the bot, where they may use its commands too."""
        return TextChannel(self._discord, self._discord.world.dm_channel(self.user))

    def dms(self) -> list[Message]:
        channel = self._discord.world.dm_channels.get(self.user.id)
        return channel.live_messages() if channel else []

    def last_dm(self) -> Message:
        dms = self.dms()
        if not dms:
            raise LoopbackError(f"{self.name} has no DMs from the bot")
        return dms[-1]

    def ephemerals(self) -> list[Message]:
        """Ephemeral replies only this player saw, oldest first."""
        return [m for m in self._discord.world.ephemerals.get(self.user.id, []) if not m.deleted]

    def close_dms(self) -> None:
        """From now on the bot's DMs to this player fail with 50007."""
        self.user.dms_closed = True

    def open_dms(self) -> None:
        self.user.dms_closed = False

    def install_app(self) -> None:
        """Add the app to their own account (a user install): its user-installable commands
        then work for them in group DMs and in servers that never invited the bot."""
        self._discord.world.user_installs.add(self.user.id)

    # --- what the player can do -----------------------------------------------------------

    async def slash(self, channel: TextChannel, command: str, **options: Any) -> InteractionOutcome:
        """Run e.g. `await anne.slash(games, "whyfirst start", variant="tactical")`."""
        world = self._discord.world
        payload = slash_payload(world, self.user, channel.channel, command, options)
        return await self._submit(
            PendingInteraction(APPLICATION_COMMAND, self.user, channel.channel, payload)
        )

    async def launch_app(self, channel: TextChannel) -> InteractionOutcome | None:
        """Pick the app in the App Launcher of `channel` (its Entry Point command). With the
        handler APP_HANDLER the bot gets the interaction (data.type 4) and its outcome is
        returned; with DISCORD_LAUNCH_ACTIVITY Discord opens the Activity itself (None)."""
        world = self._discord.world
        command = entry_point(world)
        if command is None or not world.application.activities_enabled:
            raise LoopbackError("the App Launcher offers no Activity of the app: it has none")
        payload = entry_point_payload(world, self.user, channel.channel, command)
        if command["handler"] == DISCORD_LAUNCH_ACTIVITY:
            world.application.launch(self.user, channel.channel)
            world.notify()
            return None
        return await self._submit(
            PendingInteraction(APPLICATION_COMMAND, self.user, channel.channel, payload)
        )

    def close_activity(self, channel: TextChannel) -> None:
        """Leave the Activity running in `channel` (it ends when its last user leaves)."""
        self._discord.world.application.leave(self.user, channel.channel)

    def authorize(self, *, scope: tuple[str, ...] = ("identify",)) -> str:
        """The code the Embedded App SDK's `commands.authorize({client_id, response_type:
        "code", scope})` gives the Activity's page when this player allows it; the page's server
        exchanges it once at `POST /oauth2/token`."""
        application = self._discord.world.application
        if not application.activities_enabled:
            raise LoopbackError("the Embedded App SDK runs only in an Activity: Activities are off")
        if list(scope) != ["identify"]:
            raise LoopbackError(f"the loopback grants the scope identify only, not {scope}")
        return application.authorization_code(self.user)

    async def click(
        self,
        message: Message,
        *,
        label: str | None = None,
        label_startswith: str | None = None,
        custom_id: str | None = None,
    ) -> InteractionOutcome:
        """Click an enabled button of `message`, found by label, label prefix or custom_id.

        Returns once the bot acknowledged the click (after 3 s: `failed`); a deferred reply
        ("thinking…") is awaited until the bot replaced it. Followups sent after a deferred
        update (type 6) arrive later in `outcome.followups`: wait for them with
        `discord.wait_for(lambda: outcome.ephemeral_text)`.
        """
        button = _find_button(message, label, label_startswith, custom_id)
        if button.get("disabled"):
            raise LoopbackError(f"button {button.get('label')!r} is disabled: it cannot be clicked")
        return await self._component(message, button, None)

    async def select(
        self, message: Message, *values: str, custom_id: str | None = None
    ) -> InteractionOutcome:
        """Pick options (by value) of the message's select menu (the only one, or by custom_id)."""
        selects = [c for c in message.all_components() if c.get("type") in (3, 5, 6, 7, 8)]
        if custom_id is not None:
            selects = [c for c in selects if c.get("custom_id") == custom_id]
        if len(selects) != 1:
            raise LoopbackError(f"expected one select menu, found {len(selects)}")
        menu = selects[0]
        offered = [option["value"] for option in menu.get("options") or []]
        unknown = [value for value in values if menu.get("type") == 3 and value not in offered]
        if unknown or menu.get("disabled"):
            raise LoopbackError(f"cannot pick {list(values)} from {offered}")
        return await self._component(message, menu, list(values))

    async def forge_click(self, message: Message, custom_id: str) -> InteractionOutcome:
        """Send a button click with any custom_id (as a modified client could)."""
        return await self._component(message, {"type": 2, "custom_id": custom_id}, None)

    async def _component(
        self, message: Message, component: dict[str, Any], values: list[str] | None
    ) -> InteractionOutcome:
        if message.deleted:
            raise LoopbackError("the message was deleted: nothing to click")
        if message.ephemeral and message not in self.ephemerals():
            raise LoopbackError(f"{self.name} cannot see another user's ephemeral message")
        world = self._discord.world
        payload = component_payload(world, self.user, message, component, values)
        pending = PendingInteraction(
            MESSAGE_COMPONENT, self.user, message.channel, payload, message
        )
        return await self._submit(pending)

    async def _submit(self, pending: PendingInteraction) -> InteractionOutcome:
        pending.payload["id"] = str(pending.id)
        pending.payload["token"] = pending.token
        return await self._discord.desk.submit(pending)


def _find_button(
    message: Message, label: str | None, label_startswith: str | None, custom_id: str | None
) -> dict[str, Any]:
    buttons = message.buttons()
    if custom_id is not None:
        found = [b for b in buttons if b.get("custom_id") == custom_id]
    elif label is not None:
        found = [b for b in buttons if b.get("label") == label]
    elif label_startswith is not None:
        found = [b for b in buttons if (b.get("label") or "").startswith(label_startswith)]
    else:
        raise LoopbackError("say which button: label=, label_startswith= or custom_id=")
    if len(found) != 1:
        labels = [b.get("label") for b in buttons]
        wanted = custom_id or label or label_startswith
        raise LoopbackError(f"expected one button {wanted!r}, found {len(found)} among {labels}")
    return found[0]
