"""The lobby's desk: /whyfirst start (and Rematch) open it; Join, Leave, Start and Cancel act on it.

The desk checks who may ask, answers and shows the lobby; every change is the game service's
(bot/play/service.py). Clicks that write are deferred first, so Discord's 3 seconds are never at
risk; refusals are short ephemeral sentences and change nothing."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace

import discord

import engine
from bot import storage as store
from bot.announce.click_book import logged_click
from bot.clock import Clock
from bot.i18n import locale_name, t
from bot.languages import Languages
from bot.lobby.answer import DEFERRED, LobbyAnswer
from bot.lobby.request import LobbyRequest
from bot.messages.lobby import lobby_content, lobby_view, next_ai_seat, started_lobby
from bot.messages.post import Post
from bot.options import GameOptions, HandsIn
from bot.play.announcing import Announcing, Clicked
from bot.play.service import GameService
from bot.play.transition import EndReason, Refusal
from bot.preferences.server_defaults import ServerDefaults
from bot.storage import GameRecord, GameStatus, Seat, player_id
from bot.timers.loop import Timers
from bot.timers.timer import lobby_idle_end
from bot.ui import tokens
from bot.ui.contexts import place_names, public_locale, reach_of, standings_place
from bot.ui.replies import refuse
from bot.ui.tokens import DEFERRED_UPDATE

log = logging.getLogger("whyfirst.lobby")
# A seat's change refused, by why; any other conflict: the lobby closed or vanished meanwhile.
_REFUSALS: dict[type[store.GameConflict], str] = {
    store.AlreadySeated: "refusal.already_seated",
    store.GameFull: "refusal.game_full",
    store.NotSeated: "refusal.not_seated",
}


class LobbyDesk:
    def __init__(
        self,
        service: GameService,
        timers: Timers,
        clock: Clock,
        announcing: Announcing,
        languages: Languages,
        defaults: ServerDefaults,
        table: bool = False,
    ) -> None:
        """`table`: the bot serves the table (its Activity); new games offer it."""
        self._table = table
        self._service = service
        self._defaults = defaults
        self._timers = timers
        self._clock = clock
        self._announcing = announcing
        self._languages = languages

    # --- opening -----------------------------------------------------------------------

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """A new lobby for the same players (the one who clicked hosts it)."""
        record = await self._service.games.refresh(game_id)
        if record is None:
            await refuse(interaction, "refusal.unknown_game")
            return
        if record.seat_of(interaction.user.id) is None:
            await refuse(interaction, "refusal.not_seated")
            return
        others = [seat for seat in record.seats if seat.user_id != interaction.user.id]
        seated = sorted(others, key=lambda seat: seat.seat)
        request = LobbyRequest(engine.Variant(record.variant), GameOptions.of(record), False)
        await self.open_lobby(interaction, request, seated=seated)

    async def open_lobby(
        self,
        interaction: discord.Interaction,
        request: LobbyRequest,
        answer: LobbyAnswer = DEFERRED,
        seated: Sequence[Seat] = (),
    ) -> None:
        """Open the lobby `request` asks for in the interaction's channel, with `seated` players
        already in (a rematch).

        Through a user install (a group DM, a server that never invited the bot) the hands
        are in the channel whatever was asked, a group DM's games and standings are kept
        under its channel's id, and its public language is the host's."""
        reach = reach_of(interaction)
        channel_id = interaction.channel_id
        where = standings_place(interaction)
        if where is None or channel_id is None:
            await refuse(interaction, "refusal.guild_only")
            return
        known = self._service.games.in_channel(channel_id)
        # Known here as open; another process may have ended it since: the database says.
        record = None if known is None else await self._service.games.refresh(known)
        if record is not None and record.status in store.ACTIVE_STATUSES:
            await refuse(interaction, "refusal.channel_busy")
            return
        if not await answer.first(interaction):
            return
        host = locale_name(interaction.locale)
        public = await self._languages.of_server(where, public_locale(interaction))
        options = request.options
        if reach.clicks_only:
            options = replace(options, hands=HandsIn.CHANNEL)
        elif request.server_hands:
            options = replace(options, hands=await self._defaults.hands(where))
        guild_name, channel_name = place_names(interaction, host)
        options = replace(
            options,
            locale=public,
            reach=reach,
            guild_name=guild_name,
            channel_name=channel_name,
            table=self._table,
        )
        try:
            record = await self._service.seating.open_lobby(
                where,
                channel_id,
                interaction.user.id,
                interaction.user.display_name,
                request.variant,
                options,
                seated,
            )
        except store.ChannelBusy:
            await answer.busy(interaction)
            return
        lobby = await answer.show(interaction, lobby_content(record), lobby_view(record))
        try:
            await self._service.seating.note_lobby_message(record.id, lobby)
        except store.StorageError as problem:
            log.warning("game %s: the lobby message id was not stored: %s", record.id, problem)
        self._timers.set(record.id, (lobby_idle_end(record.id, self._clock),))
        if answer.keeps_click:
            self._announcing.note_click(
                record.id, player_id(interaction.user.id), interaction, Clicked.LOBBY
            )
        log.info("game %s: lobby opened in channel %s", record.id, channel_id)

    # --- the lobby's buttons -----------------------------------------------------------

    async def lobby_button(
        self, interaction: discord.Interaction, action: str, game_id: int
    ) -> None:
        record = await self._service.games.current(game_id)
        if record is None:
            await refuse(interaction, "refusal.unknown_game")
            return
        if record.status is not GameStatus.LOBBY:
            await refuse(interaction, "refusal.lobby_closed")
            return
        if action == "join":
            await self._join(interaction, record)
        elif action == "leave":
            await self._leave(interaction, record)
        elif action == "start":
            await self._start(interaction, record)
        elif action in ("add_ai", "remove_ai"):
            await self._seat_or_unseat_ai(interaction, record, add=action == "add_ai")
        else:
            await self.cancel(interaction, record)

    async def _seat_or_unseat_ai(
        self, interaction: discord.Interaction, record: GameRecord, *, add: bool
    ) -> None:
        """The host seats one more AI player, or takes the last one off."""
        if interaction.user.id != record.host_id:
            await refuse(interaction, "refusal.ai_host_only")
            return
        if add and len(record.seats) >= store.MAX_SEATS:
            await refuse(interaction, "refusal.game_full")
            return
        last = next((seat for seat in reversed(record.seats) if seat.is_ai), None)
        if not add and last is None:
            await refuse(interaction, "refusal.no_ai_seated")
            return
        await tokens.answer(interaction, DEFERRED_UPDATE)
        try:
            if add:
                seat = next_ai_seat(record)
                level = GameOptions.of(record).ai_level
                record = await self._service.seating.join(
                    record.id, seat.user_id, seat.display_name, ai_level=level
                )
            else:
                assert last is not None
                record = await self._service.seating.leave(record.id, last.user_id)
        except store.GameFull:
            await refuse(interaction, "refusal.game_full")
            return
        except store.GameConflict:  # the lobby closed, or another click got there first
            await refuse(interaction, "refusal.busy")
            return
        await self._lobby_changed(interaction, record)

    async def _join(self, interaction: discord.Interaction, record: GameRecord) -> None:
        user = interaction.user
        if record.seat_of(user.id) is not None:
            await refuse(interaction, "refusal.already_seated")
            return
        await tokens.answer(interaction, DEFERRED_UPDATE)
        try:
            click = logged_click(interaction, Clicked.LOBBY)
            record = await self._service.seating.join(
                record.id, user.id, user.display_name, click=click
            )
        except store.GameConflict as refused:
            await refuse(interaction, _REFUSALS.get(type(refused), "refusal.busy"))
            return
        self._announcing.note_click(record.id, player_id(user.id), interaction, Clicked.LOBBY)
        await self._lobby_changed(interaction, record)

    async def _leave(self, interaction: discord.Interaction, record: GameRecord) -> None:
        user = interaction.user
        if user.id == record.host_id:
            await refuse(interaction, "refusal.host_cannot_leave")
            return
        if record.seat_of(user.id) is None:
            await refuse(interaction, "refusal.not_seated")
            return
        await tokens.answer(interaction, DEFERRED_UPDATE)
        try:
            record = await self._service.seating.leave(record.id, user.id)
        except store.GameConflict as refused:
            await refuse(interaction, _REFUSALS.get(type(refused), "refusal.busy"))
            return
        await self._lobby_changed(interaction, record)

    async def _lobby_changed(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """A player joined or left: show the lobby as it is now."""
        self._timers.set(record.id, (lobby_idle_end(record.id, self._clock),))
        await tokens.edit_original(
            interaction, Post(lobby_content(record), lobby_view(record)).body()
        )

    async def _start(self, interaction: discord.Interaction, record: GameRecord) -> None:
        if interaction.user.id != record.host_id:
            await refuse(interaction, "refusal.host_only")
            return
        # The number of players is checked by the start itself: a Join that was just
        # acknowledged may still be on its way to the database.
        await tokens.answer(interaction, DEFERRED_UPDATE)
        player = player_id(interaction.user.id)
        self._announcing.note_click(record.id, player, interaction, Clicked.START)
        click = logged_click(interaction, Clicked.START)
        outcome = await self._service.commits.start(record.id, interaction.user.id, click)
        if isinstance(outcome, Refusal):
            await refuse(interaction, outcome.key)
            return
        try:
            await tokens.edit_original(interaction, Post(started_lobby(outcome.record)).body())
        except discord.HTTPException as problem:
            log.info("game %s: could not close the lobby: %s", record.id, problem)

    async def cancel(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """Cancel a lobby or running game: the host or a member who may manage the server."""
        if interaction.user.id != record.host_id and not interaction.permissions.manage_guild:
            await refuse(interaction, "refusal.cancel_not_allowed")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        ended = await self._service.commits.end(record.id, EndReason.CANCELLED)
        key = "cancel.done" if ended else "refusal.game_over"
        await interaction.followup.send(t(key, interaction.locale), ephemeral=True)
