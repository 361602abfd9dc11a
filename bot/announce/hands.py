"""Each player's private controls after a commit: their hand by DM (edited in place within a
stage, a new message at each stage's deal) and the ephemeral hand of "Show my hand".

Every click on a player's own controls leaves a token that, for 15 minutes, edits the clicked
message and sends follow-ups to its channel without spending Discord's global budget. So a DM
is redrawn through the player's own latest click on it, and the next stage's hand is a
follow-up of that click; only a player who has not clicked in the last 14 minutes (or never,
as at the game's start) costs a paced REST request. An ephemeral hand is redrawn through its
token too, so no hand a player can see is left showing an old round. A DM that cannot be
delivered is said in the channel (by mention), once.

Controls are drawn from the game's latest committed state, when their request's turn has come:
a hand queued behind Discord's global limit holds no buttons meanwhile, and never shows a state
older than what the player may already have seen.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

import discord

import engine
from bot import storage as store
from bot.announce.hand_scene import ClickRoute, DmMessage, HandScene, PlayerHand, dm_names
from bot.announce.notices import end_notice
from bot.announce.outbox import SEND_FAILURES, Outbox, Token
from bot.announce.pacing import Urgency
from bot.i18n import t
from bot.languages import Languages
from bot.messages.hand import Controls, Directory, Place, hand_controls, place_of, stage_over
from bot.messages.table import Table
from bot.play.transition import Ended, Transition
from bot.ui.replies import PINGS

log = logging.getLogger("whyfirst.announce")
T = TypeVar("T")


class Hands:
    def __init__(
        self,
        outbox: Outbox,
        directory: Directory,
        languages: Languages,
        storage: store.Storage,
    ) -> None:
        self._outbox = outbox
        self._directory = directory
        self._languages = languages
        self._storage = storage
        self._scenes: dict[int, HandScene] = {}

    def note(self, transition: Transition) -> None:
        scene = self._scenes.setdefault(transition.game_id, HandScene())
        scene.latest = transition
        scene.learn(transition.record.message_ids, transition.state.players)

    def answer_through(self, game_id: int, player: str, interaction: discord.Interaction) -> None:
        """Note the player's click on their own controls (or their Show my hand)."""
        scene = self._scenes.setdefault(game_id, HandScene())
        token = Token.of(interaction)
        hand = scene.hand(player)
        if not token.in_dm:
            hand.private_click = token
            return
        hand.dm_route = ClickRoute(token)
        if hand.dm is None and token.channel_id is not None and token.message_id is not None:
            # After a restart this process learns the DM hand from the player's click on it.
            hand.dm = (token.channel_id, token.message_id)

    def forget(self, game_id: int) -> None:
        self._scenes.pop(game_id, None)

    # --- after a commit ----------------------------------------------------------------

    async def deal(self, table: Table, transition: Transition) -> None:
        """A new turn: the controls of everyone it concerns."""
        state = transition.state
        dealt = next((e.stage for e in transition.events if isinstance(e, engine.StageDealt)), None)
        public = engine.public_view(state)
        if public.phase == engine.Phase.MOVING:
            # The mover who just moved sees their buttons go; the next one gets theirs.
            before = transition.before
            previous = engine.public_view(before).current_mover if before else None
            movers = (previous, public.current_mover)
            recipients: tuple[str, ...] = tuple(dict.fromkeys(m for m in movers if m))
        else:
            recipients = state.players
        recipients = tuple(player for player in recipients if not table.is_ai(player))
        place = place_of(self._directory, table)
        await asyncio.gather(*(self._deal_to(table, player, place, dealt) for player in recipients))

    async def redraw_actor(self, table: Table, transition: Transition) -> None:
        """A pick within a turn: only the clicker's controls change."""
        if transition.actor_id is None:
            return
        player = str(transition.actor_id)
        scene = self._scenes[table.game_id]
        place = place_of(self._directory, table)
        hand = scene.hand(player)
        await self._redraw_private(table, player, place, hand)
        route = hand.free_route()
        if route is not None and await self._redraw_through(route, table, player, place):
            return
        clicked_dm = hand.dm_route is not None and hand.dm_route.token.fresh()
        if hand.dm is not None and clicked_dm:
            # The click's token could not redraw the DM: a paced edit shows the play all the same.
            locale = await self._dm_locale(player, hand)
            await self._edit_dm_drawn(table, player, place, hand, locale)

    async def close(self, table: Table, transition: Transition) -> None:
        """The game is over: every player's controls say so and lose their buttons."""
        scene = self._scenes[table.game_id]
        place = place_of(self._directory, table)
        for player, hand in scene.players.items():
            await self._redraw_private(table, player, place, hand)
            if hand.dm is None:
                continue
            locale = await self._dm_locale(player, hand)
            with hand_controls(transition.state, table, player, place, locale) as controls:
                content = controls.content
            await self._edit_dm(hand, content=content, view=None)

    async def ended(self, ended: Ended) -> None:
        """The game ended early: every hand says so, in its player's language, and loses its
        buttons."""
        scene = self._scenes.get(ended.game_id)
        for player, hand in scene.players.items() if scene else ():
            token = hand.private_token()
            if token is not None:
                notice = end_notice(ended, token.locale)
                await self._outbox.edit_through(token, content=notice, view=None)
            if hand.dm is not None:
                notice = end_notice(ended, await self._dm_locale(player, hand))
                await self._edit_dm(hand, content=notice, view=None)

    # --- one player --------------------------------------------------------------------

    async def _deal_to(self, table: Table, player: str, place: Place, dealt: int | None) -> None:
        """`dealt`: the stage just dealt, if this turn is a stage's first."""
        scene = self._scenes[table.game_id]
        hand = scene.hand(player)
        await self._redraw_private(table, player, place, hand)
        if player in scene.closed_dms and dealt is None:
            return
        route = hand.free_route()
        locale = await self._dm_locale(player, hand)
        if hand.dm is not None and dealt is not None:
            # Last stage's hand loses its buttons; the new stage's hand is a new message.
            await self._edit_dm(hand, content=stage_over(place, dealt - 1, locale), view=None)
            if route is not None and await self._follow_up(route, table, player, place, hand):
                return
        elif hand.dm is not None:
            if route is not None and await self._redraw_through(route, table, player, place):
                return
            if await self._edit_dm_drawn(table, player, place, hand, locale):
                return
        await self._send_dm(table, player, place, locale)

    async def _dm_locale(self, player: str, hand: PlayerHand) -> str | None:
        """The language of a player's DMs: their latest click's, else the one they last
        showed the bot."""
        route = hand.dm_route
        if route is not None and route.token.locale is not None:
            return route.token.locale
        return await self._languages.of_user(int(player))

    async def _redraw_private(
        self, table: Table, player: str, place: Place, hand: PlayerHand
    ) -> None:
        token = hand.private_token()
        if token is not None:
            await self._redraw_through(ClickRoute(token), table, player, place)

    async def _redraw_through(
        self, route: ClickRoute, table: Table, player: str, place: Place
    ) -> bool:
        with self._controls(table, player, place, route.token.locale) as controls:
            return await self._outbox.edit_through(
                route.token,
                message_id=route.message_id,
                content=controls.content,
                view=controls.view,
            )

    async def _follow_up(
        self, route: ClickRoute, table: Table, player: str, place: Place, hand: PlayerHand
    ) -> bool:
        """The new stage's hand as a follow-up of the player's latest click on their DM."""
        token = route.token
        with self._controls(table, player, place, token.locale) as controls:
            sent = await self._outbox.follow_up(token, controls.content, view=controls.view)
        if sent is None:
            return False
        hand.dm = (sent.channel.id, sent.id)
        hand.dm_route = ClickRoute(token, sent.id)
        await self._store_dm(table.game_id, player, hand.dm)
        return True

    async def _store_dm(self, game_id: int, player: str, dm: DmMessage | None) -> None:
        """Kept with the game, so that any process (or this one after a restart) edits this
        hand instead of sending another, or knows the player's DMs are closed (None) and does
        not say so again."""
        dm_name, hand_name, closed_name = dm_names(player)
        if dm is None:
            ids: dict[str, int | None] = {closed_name: 1}
        else:
            ids = {dm_name: dm[0], hand_name: dm[1], closed_name: None}
        try:
            await self._storage.set_message_ids(game_id, **ids)
        except store.StorageError as problem:
            log.warning("game %s: %s's DM hand was not stored: %s", game_id, player, problem)

    async def _edit_dm(
        self, hand: PlayerHand, *, content: str | None = None, view: discord.ui.View | None
    ) -> None:
        """Through the player's click when it is fresh, else a paced REST request."""
        assert hand.dm is not None
        route = hand.free_route()
        if route is not None and await self._outbox.edit_through(
            route.token, message_id=route.message_id, content=content, view=view
        ):
            return
        await self._outbox.edit(*hand.dm, urgency=Urgency.PRIVATE, content=content, view=view)

    async def _edit_dm_drawn(
        self, table: Table, player: str, place: Place, hand: PlayerHand, locale: str | None
    ) -> bool:
        assert hand.dm is not None
        channel_id, message_id = hand.dm
        message = self._outbox.channel(channel_id).get_partial_message(message_id)
        try:
            await self._outbox.deliver(
                self._drawn(table, player, place, locale, message.edit),
                f"game {table.game_id}: edit {player}'s hand",
                Urgency.PRIVATE,
            )
        except SEND_FAILURES:
            hand.dm = None
            return False
        return True

    async def _send_dm(self, table: Table, player: str, place: Place, locale: str | None) -> None:
        scene = self._scenes[table.game_id]
        what = f"game {table.game_id}: DM {player}"
        try:
            dm = await self._outbox.dm_channel(player, what)
            sent = await self._outbox.deliver(
                self._drawn(table, player, place, locale, dm.send), what, Urgency.PRIVATE
            )
        except discord.Forbidden:
            # 50007, or any other refusal to open a DM: the player's DMs are closed to us.
            await self._dms_closed(table, player)
            return
        except SEND_FAILURES as problem:
            # Discord kept failing after our retries: the DMs may well be open, so say only
            # that this hand did not arrive, and try the DM again next stage.
            log.warning("game %s: DM to %s failed: %s", table.game_id, player, problem)
            notice = t("hand.dm_failed", table.locale, player=table.mention(player))
            await self._outbox.send(table.channel_id, notice, PINGS)
            return
        scene.closed_dms.discard(player)
        scene.hand(player).dm = (sent.channel.id, sent.id)
        await self._store_dm(table.game_id, player, (sent.channel.id, sent.id))

    def _controls(
        self, table: Table, player: str, place: Place, locale: str | None = None
    ) -> Controls:
        latest = self._scenes[table.game_id].latest
        assert latest is not None, "controls are drawn after a commit"
        return hand_controls(latest.state, table, player, place, locale)

    def _drawn(
        self,
        table: Table,
        player: str,
        place: Place,
        locale: str | None,
        deliver: Callable[..., Awaitable[T]],
    ) -> Callable[[], Awaitable[T]]:
        """A request that draws the player's controls when its turn has come."""

        async def attempt() -> T:
            with self._controls(table, player, place, locale) as controls:
                return await deliver(content=controls.content, view=controls.view)

        return attempt

    async def _dms_closed(self, table: Table, player: str) -> None:
        scene = self._scenes[table.game_id]
        if player in scene.closed_dms:
            return
        scene.closed_dms.add(player)
        notice = t("hand.dms_closed", table.locale, player=table.mention(player))
        await self._outbox.send(table.channel_id, notice, PINGS)
        # Stored once said: a process that dies in between leaves it to be said again.
        await self._store_dm(table.game_id, player, None)
