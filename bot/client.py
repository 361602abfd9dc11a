"""The discord.py client: wires storage, the game service, the announcer, timers and commands.

setup_hook registers the buttons, opens the database, syncs the command tree only when its
definition changed, and re-arms the timers of every running game; the ready line is logged
once the gateway is ready too.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

import engine
from bot import storage as store
from bot.announce.announcer import Announcer
from bot.announce.pacing import RestPacer
from bot.i18n import locale_name, t
from bot.messages.lobby import lobby_content, lobby_view
from bot.play.deadlines import Deadlines
from bot.play.router import NO_PINGS, Router, refuse, turn_of
from bot.play.service import GameService, pick_seconds_of
from bot.settings import Settings
from bot.standings import Standings
from bot.ui.buttons import ALL_BUTTONS, report_failure, sent_once
from bot.ui.command_text import CatalogTranslator
from bot.ui.commands import WhyFirstCommands
from bot.ui.custom_ids import is_known

log = logging.getLogger("whyfirst")

COMMANDS_HASH_KEY = "commands_hash"


class WhyFirstClient(discord.Client):
    def __init__(self, settings: Settings) -> None:
        super().__init__(
            intents=discord.Intents(guilds=True),
            guild_ready_timeout=settings.seconds(2.0),
            allowed_mentions=discord.AllowedMentions.none(),
            # The bot never reads old messages back from the cache: keep none.
            max_messages=None,
        )
        self.settings = settings
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(WhyFirstCommands(self))
        self.tree.on_error = self._on_command_error  # type: ignore[method-assign]
        self.rest = RestPacer()
        self.router = Router(self)
        self.announcer = Announcer(self)
        self.standings = Standings(self)
        self.deadlines = Deadlines(
            self.router.remind, self.router.time_out, self.router.close_lobby
        )
        self._storage: Any = None
        self._service: GameService | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._ready_logged = False

    @property
    def storage(self) -> Any:
        assert self._storage is not None, "storage is opened in setup_hook"
        return self._storage

    @property
    def service(self) -> GameService:
        assert self._service is not None, "the game service is created in setup_hook"
        return self._service

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run `work` in the background, keeping a reference until it ends."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._background_done)

    def _background_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background work failed", exc_info=task.exception())

    async def _background_settled(self) -> None:
        """Wait until no background work or announcement is left (new ones included)."""
        while self._tasks or self.announcer.busy:
            await asyncio.gather(*self._tasks, return_exceptions=True)
            await self.announcer.idle()

    # --- life cycle --------------------------------------------------------------------

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*ALL_BUTTONS)
        Path(self.settings.database).parent.mkdir(parents=True, exist_ok=True)
        self._storage = await store.Storage.open(self.settings.database)
        self._service = GameService(self._storage, self.settings, self.router.on_transition)
        await self._sync_commands()
        await self._recover()

    async def on_ready(self) -> None:
        if not self._ready_logged:
            self._ready_logged = True
            log.info("whyfirst: ready")

    async def close(self) -> None:
        self.deadlines.cancel_all()
        try:
            # Finish what was committed (reveals, an abandoned game's notice) before the
            # connection closes under it.
            await asyncio.wait_for(self._background_settled(), timeout=5)
        except (TimeoutError, Exception):
            log.info("closing with announcements still pending")
        self.announcer.drop_waiting_edits()
        await super().close()
        if self._storage is not None:
            await self._storage.close()
            self._storage = None

    async def _sync_commands(self) -> None:
        guild = discord.Object(self.settings.dev_guild) if self.settings.dev_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        # The hash covers every language's text, so a new translation is synced too.
        translator = CatalogTranslator()
        await self.tree.set_translator(translator)
        payload = [
            await command.get_translated_payload(self.tree, translator)
            for command in self.tree.get_commands(guild=guild)
        ]
        fingerprint = hashlib.sha256(
            json.dumps(
                {"guild": self.settings.dev_guild, "commands": payload}, sort_keys=True
            ).encode()
        ).hexdigest()
        if await self.storage.get_setting(COMMANDS_HASH_KEY) == fingerprint:
            log.info("slash commands unchanged; not syncing")
            return
        await self.tree.sync(guild=guild)
        await self.storage.set_setting(COMMANDS_HASH_KEY, fingerprint)
        log.info("slash commands synced%s", f" to guild {guild.id}" if guild else " globally")

    async def _recover(self) -> None:
        """Pick up every open game where it was: timers re-armed from stored deadlines."""
        for record in await self.storage.active_games():
            self.service.remember(record)
            if record.status == "lobby":
                if record.lobby_deadline is not None:
                    self.deadlines.arm_lobby(record.id, record.lobby_deadline)
                continue
            if record.state is None or record.deadline is None:
                continue
            state = engine.state_from_dict(record.state)
            self.router.resume_watch(record.id, state, await self.storage.action_log(record.id))
            half = self.settings.seconds(pick_seconds_of(record) / 2)
            self.deadlines.arm_turn(record.id, turn_of(state), record.deadline, half)
            self.announcer.scene(record.id).round_message_id = record.round_message_id
        log.info("recovered open games")

    async def _on_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        await report_failure(interaction, original)

    # --- the game's place disappears ---------------------------------------------------

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed from a server: its open games end (nobody can see them)."""
        await self._end_games_where(lambda record: record.guild_id == guild.id, "guild removed")

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._end_games_where(
            lambda record: record.channel_id == channel.id, "channel deleted"
        )

    async def _end_games_where(self, where: Any, reason: str) -> None:
        for record in await self.storage.active_games():
            if not where(record):
                continue
            ended = await self.service.end(record.id, "abandoned")
            self.deadlines.cancel(record.id)
            self.announcer.forget(record.id)
            if ended is not None:
                log.info("game %s abandoned: %s", record.id, reason)

    # --- interactions no button claims -------------------------------------------------

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Refuse clicks on buttons that are not ours or not on their message (forged ids)."""
        if interaction.type != discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if _on_message(interaction, custom_id) and is_known(custom_id):
            return
        if not interaction.response.is_done():
            await refuse(interaction, "refusal.forged")

    # --- lobbies -----------------------------------------------------------------------

    async def open_lobby(
        self,
        interaction: discord.Interaction,
        variant: engine.Variant,
        pick_seconds: int,
        seated: list[Any] | None = None,
    ) -> None:
        """Open a lobby in the interaction's channel, with `seated` players already in."""
        if interaction.guild_id is None or interaction.channel_id is None:
            await refuse(interaction, "refusal.guild_only")
            return
        if self.service.game_in_channel(interaction.channel_id) is not None:
            await refuse(interaction, "refusal.channel_busy")
            return
        # The lobby's first write may queue behind other games' writes: answer first.
        await interaction.response.defer(thinking=True)
        try:
            record = await self.service.open_lobby(
                interaction.guild_id,
                interaction.channel_id,
                interaction.user.id,
                interaction.user.display_name,
                variant,
                pick_seconds,
                locale_name(interaction.guild_locale),
            )
        except store.ChannelBusy:
            # Another process opened one meanwhile; the deferred answer is public, so it says
            # so in public (a follow-up would replace it anyway).
            await interaction.edit_original_response(
                content=t("refusal.channel_busy", interaction.locale)
            )
            return
        for seat in seated or []:
            try:
                record = await self.storage.join(
                    record.id, seat.user_id, seat.display_name, expected_version=record.version
                )
            except store.GameConflict as problem:
                log.info("game %s: could not reseat %s: %s", record.id, seat.user_id, problem)
        with sent_once(lobby_view(record)) as view:
            lobby = await interaction.edit_original_response(
                content=lobby_content(record), view=view, allowed_mentions=NO_PINGS
            )
        await self.storage.set_message_ids(record.id, lobby_message_id=lobby.id)
        self.router.touch_lobby(record.id)
        log.info("game %s: lobby opened in channel %s", record.id, interaction.channel_id)


def _on_message(interaction: discord.Interaction, custom_id: str) -> bool:
    message = interaction.message
    if message is None:
        return False
    for row in message.components:
        for child in getattr(row, "children", ()):
            if getattr(child, "custom_id", None) == custom_id:
                return True
    return False
