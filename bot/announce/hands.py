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

import discord

import engine
from bot.announce.hand_scene import DmMessage, HandScene, PlayerHand, dm_names
from bot.announce.letter import Letter
from bot.announce.message_ids import MessageIds, keep_message_ids
from bot.announce.notices import end_notice
from bot.announce.pacing import Urgency
from bot.announce.routes import Address, Routes, Spend
from bot.i18n import t
from bot.languages import Languages
from bot.messages.hand import Controls, Directory, Place, hand_controls, place_of, stage_over
from bot.messages.table import Table
from bot.options import HandsIn
from bot.play.transition import Ended, Transition
from bot.storage import PlayerId, player_id, user_id_of
from bot.ui.replies import PINGS

log = logging.getLogger("whyfirst.announce")


class Hands:
    def __init__(
        self,
        routes: Routes,
        directory: Directory,
        languages: Languages,
        storage: MessageIds,
    ) -> None:
        self._routes = routes
        self._directory = directory
        self._languages = languages
        self._storage = storage
        self._scenes: dict[int, HandScene] = {}

    def note(self, transition: Transition) -> None:
        scene = self._scenes.setdefault(transition.game_id, HandScene())
        scene.latest = transition
        scene.learn(
            transition.record.message_ids, tuple(seat.player for seat in transition.record.seats)
        )

    def answer_through(
        self, game_id: int, player: PlayerId, interaction: discord.Interaction
    ) -> None:
        """Note the player's click on their own controls (or their Show my hand)."""
        scene = self._scenes.setdefault(game_id, HandScene())
        click = self._routes.click(interaction)
        token = click.token
        hand = scene.hand(player)
        if not token.in_dm:
            hand.private_click = click
            return
        hand.dm_click = click
        if hand.dm is None and token.channel_id is not None and token.message_id is not None:
            # After a restart this process learns the DM hand from the player's click on it.
            hand.dm = (token.channel_id, token.message_id)

    def seat_through(
        self, game_id: int, player: PlayerId, interaction: discord.Interaction
    ) -> None:
        """The player's own click in the game's channel that is not on their hand (their
        /whyfirst start, Join, Start): with the hands in the channel, their next new hand is
        its ephemeral follow-up."""
        scene = self._scenes.setdefault(game_id, HandScene())
        scene.hand(player).seat_click = self._routes.click(interaction)

    def forget(self, game_id: int) -> None:
        self._scenes.pop(game_id, None)

    # --- after a commit ----------------------------------------------------------------

    async def deal(self, table: Table, transition: Transition) -> None:
        """A new turn: the controls of everyone it concerns."""
        state = transition.state
        dealt = next((e.stage for e in transition.events if isinstance(e, engine.StageDealt)), None)
        if state.phase == engine.Phase.MOVING:
            # The mover who just moved sees their buttons go; the next one gets theirs.
            before = transition.before
            previous = engine.current_mover(before) if before else None
            movers = (previous, engine.current_mover(state))
            recipients = table.seated(dict.fromkeys(m for m in movers if m))
        else:
            recipients = table.seated(state.players)
        answered = await _answered(transition)
        recipients = tuple(p for p in recipients if not table.is_ai(p) and p != answered)
        place = place_of(self._directory, table)
        await asyncio.gather(*(self._deal_to(table, player, place, dealt) for player in recipients))

    async def redraw_actor(self, table: Table, transition: Transition) -> None:
        """A pick within a turn: only the clicker's controls change (and not even those when
        the click answered with them)."""
        if transition.actor_id is None or await transition.answered():
            return
        player = player_id(transition.actor_id)
        scene = self._scenes[table.game_id]
        place = place_of(self._directory, table)
        hand = scene.hand(player)
        await self._redraw_private(table, player, place, hand)
        # Their DM, if they clicked it lately: through the click, else (the click cannot redraw
        # it) a paced edit shows the play all the same.
        route = self._routes.route(hand.dm_address(player), spend=Spend.WHILE_CLICKED)
        if not route.legs:
            return
        locale = await self._dm_locale(player, hand)
        redrawn = await self._routes.deliver(route, self._hand(table, player, place, locale))
        if not redrawn.delivered:
            hand.dm = None

    async def close(self, table: Table, transition: Transition) -> None:
        """The game is over: every player's controls say so and lose their buttons."""
        scene = self._scenes[table.game_id]
        place = place_of(self._directory, table)
        answered = await _answered(transition)
        for player, hand in scene.players.items():
            if player != answered:
                await self._redraw_private(table, player, place, hand)
            if hand.dm is None:
                continue
            locale = await self._dm_locale(player, hand)
            with hand_controls(transition.state, table, player, place, locale) as controls:
                content = controls.content
            await self._edit_dm(player, hand, content)

    async def ended(self, ended: Ended) -> None:
        """The game ended early: every hand says so, in its player's language, and loses its
        buttons."""
        scene = self._scenes.get(ended.game_id)
        for player, hand in scene.players.items() if scene else ():
            click = hand.private_click
            if click is not None:
                notice = Letter(end_notice(ended, click.token.locale), what="the end")
                await self._routes.deliver(self._routes.route(hand.private_address()), notice)
            if hand.dm is not None:
                locale = await self._dm_locale(player, hand)
                await self._edit_dm(player, hand, end_notice(ended, locale))

    # --- one player --------------------------------------------------------------------

    async def _deal_to(
        self, table: Table, player: PlayerId, place: Place, dealt: int | None
    ) -> None:
        """`dealt`: the stage just dealt, if this turn is a stage's first."""
        scene = self._scenes[table.game_id]
        hand = scene.hand(player)
        if table.hands is HandsIn.CHANNEL:
            await self._deal_in_channel(table, player, place, hand)
            return
        await self._redraw_private(table, player, place, hand)
        if player in scene.closed_dms and dealt is None:
            return
        locale = await self._dm_locale(player, hand)
        if hand.dm is not None and dealt is not None:
            # Last stage's hand loses its buttons; the new stage's hand is a new message.
            await self._edit_dm(player, hand, stage_over(place, dealt - 1, locale))
        elif hand.dm is not None:
            letter = self._hand(table, player, place, locale)
            redrawn = await self._routes.deliver(
                self._routes.route(hand.dm_address(player)), letter
            )
            if redrawn.delivered:
                return
            hand.dm = None
        await self._send_dm(table, player, place, locale)

    async def _deal_in_channel(
        self, table: Table, player: PlayerId, place: Place, hand: PlayerHand
    ) -> None:
        """Hands in the channel: the player's ephemeral hand redrawn through their latest
        click on it; else a new one, the ephemeral follow-up of their latest other click in
        the channel. With neither fresh, Show my hand brings it: never a DM."""
        if hand.private_click is not None:
            letter = self._hand(table, player, place, hand.private_click.token.locale)
            redrawn = await self._routes.deliver(self._routes.route(hand.private_address()), letter)
            if redrawn.delivered:
                return
        seat = hand.seat_click
        if seat is None:
            return
        letter = self._hand(table, player, place, seat.token.locale, ephemeral=True)
        sent = await self._routes.deliver(self._routes.route(Address(click=seat), new=True), letter)
        if sent.click is not None:
            hand.private_click = sent.click

    async def _dm_locale(self, player: PlayerId, hand: PlayerHand) -> str | None:
        """The language of a player's DMs: their latest click's, else the one they last
        showed the bot."""
        click = hand.dm_click
        if click is not None and click.token.locale is not None:
            return click.token.locale
        return await self._languages.of_user(user_id_of(player))

    async def _redraw_private(
        self, table: Table, player: PlayerId, place: Place, hand: PlayerHand
    ) -> None:
        click = hand.private_click
        if click is not None:
            letter = self._hand(table, player, place, click.token.locale)
            await self._routes.deliver(self._routes.route(hand.private_address()), letter)

    async def _edit_dm(self, player: PlayerId, hand: PlayerHand, content: str) -> None:
        """The DM hand's new text, without buttons."""
        letter = Letter(content, urgency=Urgency.PRIVATE, what=f"{player}'s hand")
        await self._routes.deliver(self._routes.route(hand.dm_address(player)), letter)

    async def _send_dm(
        self, table: Table, player: PlayerId, place: Place, locale: str | None
    ) -> None:
        """A new DM hand: a follow-up of the player's latest click on their current one while
        it is fresh, else a paced DM."""
        scene = self._scenes[table.game_id]
        hand = scene.hand(player)
        route = self._routes.route(hand.dm_address(player), new=True)
        sent = await self._routes.deliver(route, self._hand(table, player, place, locale))
        if sent.refused:
            # 50007, or any other refusal to open a DM: the player's DMs are closed to us.
            await self._dms_closed(table, player)
            return
        if sent.sent is None:
            # Discord kept failing after our retries: the DMs may well be open, so say only
            # that this hand did not arrive, and try the DM again next stage.
            notice = t("hand.dm_failed", table.locale, player=table.mention(player))
            await self._post(table, notice)
            return
        if sent.click is None:
            # A DM sent by REST: their DMs are open (a follow-up of a click proves nothing).
            scene.closed_dms.discard(player)
        else:
            hand.dm_click = sent.click
        hand.dm = (sent.sent.channel.id, sent.sent.id)
        await self._store_dm(table.game_id, player, hand.dm)

    async def _store_dm(self, game_id: int, player: PlayerId, dm: DmMessage | None) -> None:
        """Kept with the game, so that any process (or this one after a restart) edits this
        hand instead of sending another, or knows the player's DMs are closed (None) and does
        not say so again."""
        dm_name, hand_name, closed_name = dm_names(player)
        if dm is None:
            ids: dict[str, int | None] = {closed_name: 1}
        else:
            ids = {dm_name: dm[0], hand_name: dm[1], closed_name: None}
        await keep_message_ids(self._storage, game_id, ids, f"{player}'s DM hand")

    def _hand(
        self,
        table: Table,
        player: PlayerId,
        place: Place,
        locale: str | None,
        *,
        ephemeral: bool = False,
    ) -> Letter:
        """The player's controls, drawn from the game's latest state when the request goes."""

        def draw() -> Controls:
            latest = self._scenes[table.game_id].latest
            assert latest is not None, "controls are drawn after a commit"
            return hand_controls(latest.state, table, player, place, locale)

        what = f"game {table.game_id}: {player}'s hand"
        return Letter(draw=draw, urgency=Urgency.PRIVATE, what=what, ephemeral=ephemeral)

    async def _post(self, table: Table, notice: str) -> None:
        letter = Letter(notice, mentions=PINGS, what=f"game {table.game_id}: a notice")
        await self._routes.deliver(self._routes.route(Address(table.channel_id), new=True), letter)

    async def _dms_closed(self, table: Table, player: PlayerId) -> None:
        scene = self._scenes[table.game_id]
        if player in scene.closed_dms:
            return
        scene.closed_dms.add(player)
        notice = t("hand.dms_closed", table.locale, player=table.mention(player))
        await self._post(table, notice)
        # Stored once said: a process that dies in between leaves it to be said again.
        await self._store_dm(table.game_id, player, None)


async def _answered(transition: Transition) -> PlayerId | None:
    """The player whose click answered with the controls this change leaves them."""
    if transition.actor_id is None or not await transition.answered():
        return None
    return player_id(transition.actor_id)
