"""The learn desk: /whyfirst learn starts a practice game in the learner's DMs at once; End
practice ends it; /whyfirst tips on|off is a person's preference.

A practice game is an ordinary game of the learner and three casual AI players, played in
their DM channel with the bot (its reveals too), its options saying `practice`: nobody's
standings count it (bot/play/scores.py), and its hands and reveals carry the notes
(bot/learn/tutor.py). No lobby: it is opened with its AI players seated and started in one go.
"""

from __future__ import annotations

import logging
from typing import Protocol

import discord

import engine
from bot import storage as store
from bot.announce.outbox import Outbox
from bot.announce.pacing import Urgency
from bot.i18n import locale_name, t
from bot.learn.store import LearningStore
from bot.learn.tutor import Tutor
from bot.messages.lobby import AI_MARK, AI_NAMES
from bot.options import MAX_PICK_SECONDS, GameOptions, HandsIn
from bot.play.service import GameService
from bot.play.transition import EndReason, Refusal
from bot.storage import GameRecord, Seat, player_id
from bot.ui.replies import refuse, say_privately

log = logging.getLogger("whyfirst.learn")

AI_PLAYERS = 3
"""With the learner, a game of four: no Leo, and the usual table."""
AI_LEVEL = "casual"
NOBODYS_PLACE = 0
"""The server id a practice game is kept under: none (nothing is counted there anyway)."""


class OpenGameReader(Protocol):
    async def active_game_in_channel(self, channel_id: int) -> GameRecord | None: ...


def ai_seats() -> tuple[Seat, ...]:
    """The practice game's AI players, after the learner's seat."""
    return tuple(
        Seat(-seat, f"{AI_MARK} {name}", seat, AI_LEVEL)
        for seat, name in enumerate(AI_NAMES[:AI_PLAYERS], start=1)
    )


class LearnDesk:
    def __init__(
        self,
        service: GameService,
        outbox: Outbox,
        games: OpenGameReader,
        store: LearningStore,
        tutor: Tutor,
    ) -> None:
        self._service = service
        self._outbox = outbox
        self._games = games
        self._store = store
        self._tutor = tutor

    async def learn(self, interaction: discord.Interaction) -> None:
        """A practice game in the learner's DMs, started at once; the answer says where (or
        that their DMs are closed, and how to open them)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        user, locale = interaction.user, locale_name(interaction.locale)
        player = player_id(user.id)
        intro = t("learn.intro", locale)
        try:  # Discord refuses to open the DM, or (50007) to send in it: their DMs are closed
            dm = await self._outbox.dm_channel(player, "a practice game's DM")
            assert isinstance(dm, discord.DMChannel | discord.PartialMessageable)
            if await self._games.active_game_in_channel(dm.id) is not None:
                await say_privately(interaction, t("learn.busy", locale))
                return
            await self._outbox.paced(lambda: dm.send(intro), "a practice game", Urgency.PRIVATE)
        except discord.Forbidden:
            await say_privately(interaction, t("learn.dms_closed", locale))
            return
        options = GameOptions(
            pick_seconds=MAX_PICK_SECONDS,
            locale=locale,
            ai_level=AI_LEVEL,
            hands=HandsIn.DM,
            guild_name=t("learn.place", locale),
            channel_name=t("learn.place_channel", locale),
            practice=True,
        )
        try:
            record = await self._service.seating.open_lobby(
                NOBODYS_PLACE,
                dm.id,
                user.id,
                user.display_name,
                engine.Variant.STANDARD,
                options,
                ai_seats(),
            )
        except store.ChannelBusy:
            await say_privately(interaction, t("learn.busy", locale))
            return
        started = await self._service.commits.start(record.id, user.id)
        if isinstance(started, Refusal):
            await refuse(interaction, started.key)
            return
        log.info("game %s: a practice game started in a DM", record.id)
        await say_privately(interaction, t("learn.started", locale))

    async def end(self, interaction: discord.Interaction, game_id: int) -> None:
        """End practice: the learner's own game only."""
        record = await self._service.games.current(game_id)
        if record is None or record.host_id != interaction.user.id:
            await refuse(interaction, "refusal.not_your_controls")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        ended = await self._service.commits.end(game_id, EndReason.CANCELLED)
        key = "cancel.done" if ended else "refusal.game_over"
        await say_privately(interaction, t(key, interaction.locale))

    async def tips(self, interaction: discord.Interaction, on: bool) -> None:
        """/whyfirst tips on|off: whether their hand explains the rules until they finish a
        game (off at once in their running games)."""
        await self._store.set_tips(interaction.user.id, on)
        self._tutor.tips(interaction.user.id, on)
        key = "learn.tips_on" if on else "learn.tips_off"
        await say_privately(interaction, t(key, interaction.locale))
