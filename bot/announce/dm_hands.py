"""Each player's hand by DM: edited in place within a stage, a new message at each stage's deal. A
DM is redrawn through the player's own latest click on it, and the next stage's hand is a follow-up
of that click; only a player who has not clicked in the last 14 minutes (or never, as at the game's
start) costs a paced REST request. A DM that cannot be delivered is said in the channel (by
mention), once.

What this process knows of the DM hands it also learns from the game's stored message ids, kept
there by whichever process sent them, so that it edits a hand instead of sending another."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from bot import storage as store
from bot.announce.click_book import ClickBook, Spot
from bot.announce.letter import Letter
from bot.announce.message_ids import StoredMessageIds, keep_message_ids
from bot.announce.notices import end_notice
from bot.announce.pacing import Urgency
from bot.announce.routes import Address, Routes, Spend
from bot.languages import Languages
from bot.messages.hand import Place, stage_over, undelivered_hand
from bot.messages.post import Post
from bot.messages.table import Table
from bot.play.transition import Ended
from bot.storage import GameRecord, PlayerId, user_id_of
from bot.storage.personal_data import message_names

log = logging.getLogger("whyfirst.announce")

DmMessage = tuple[int, int]
"""A DM hand's channel id and message id."""

HandLetter = Callable[[str | None, int | None], Letter]
"""A player's controls in a language, drawn when their request goes out; for a stage's DM hand
(the stage given), the stage's end once the game has moved on to the next."""


@dataclass
class GameDms:
    """What this process knows of a game's DM hands."""

    hands: dict[PlayerId, DmMessage] = field(default_factory=dict)
    """Each player's DM hand of the current stage."""
    closed: set[PlayerId] = field(default_factory=set)
    """The players whose DMs are closed to the bot (said once in the channel)."""
    stages: dict[PlayerId, int] = field(default_factory=dict)
    """The stage of each player's DM hand, or of the DM they refused."""


class DmHands:
    def __init__(
        self, routes: Routes, book: ClickBook, languages: Languages, storage: StoredMessageIds
    ) -> None:
        self._routes = routes
        self._book = book
        self._languages = languages
        self._storage = storage
        self._games: dict[int, GameDms] = {}

    def learn(self, record: GameRecord) -> None:
        """What another process (or this one before a restart) stored of the DM hands."""
        game = self._games.setdefault(record.id, GameDms())
        ids = record.message_ids
        for seat in record.seats:
            dm_name, hand_name, closed_name, stage_name = message_names(user_id_of(seat.player))
            channel_id, message_id = ids.get(dm_name), ids.get(hand_name)
            known = game.hands.get(seat.player, (0, 0))
            if channel_id and message_id and message_id > known[1]:
                game.hands[seat.player] = (channel_id, message_id)
                game.stages[seat.player] = ids.get(stage_name, 0)
            if closed_name in ids:
                game.closed.add(seat.player)
                game.stages.setdefault(seat.player, ids.get(stage_name, 0))

    def forget(self, game_id: int) -> None:
        self._games.pop(game_id, None)

    def players(self, game_id: int) -> tuple[PlayerId, ...]:
        return tuple(self._games.get(game_id, GameDms()).hands)

    # --- after a commit ----------------------------------------------------------------

    async def redraw(
        self, table: Table, player: PlayerId, hand: HandLetter, mark: int, *, always: bool = False
    ) -> None:
        """Their DM, if they clicked it lately (or `always`: they played elsewhere): through
        the click, else (the click cannot redraw it) a paced edit shows their play all the
        same. Not if they clicked it since `mark`: that click drew this change or a newer one."""
        if self._book.clicked_since(table.game_id, player, Spot.DM, mark):
            return
        spend = Spend.ALWAYS if always else Spend.WHILE_CLICKED
        route = self._routes.route(self._address(table.game_id, player), spend=spend)
        if not route:
            return
        locale = await self._locale(table.game_id, player)
        stage = self._games[table.game_id].stages.get(player)
        if not (await self._routes.deliver(route, hand(locale, stage))).delivered:
            self._games[table.game_id].hands.pop(player, None)

    async def deal(
        self,
        table: Table,
        player: PlayerId,
        place: Place,
        hand: HandLetter,
        stage: int,
        mark: int,
        version: int,
    ) -> None:
        """A new turn's hand: within the stage of their DM hand, that one (unless its player
        clicked it since `mark`: it shows this turn already); else a new DM, and the last
        stage's says it is over (their DMs are tried again at each stage when they were closed).
        A new DM is named by the game's `version` (its nonce): sent again for the same version,
        it is the one already sent; for a newer one, another."""
        game = self._games.setdefault(table.game_id, GameDms())
        shown = game.stages.get(player)
        if player in game.closed and shown == stage:
            return
        locale = await self._locale(table.game_id, player)
        if player in game.hands and shown != stage:
            await self._edit(table.game_id, player, stage_over(place, shown or stage - 1, locale))
        elif player in game.hands:
            if self._book.clicked_since(table.game_id, player, Spot.DM, mark):
                return
            route = self._routes.route(self._address(table.game_id, player))
            if (await self._routes.deliver(route, hand(locale, stage))).delivered:
                return
            log.info("game %s: %s's DM hand could not be edited: a new one", table.game_id, player)
            del game.hands[player]
        nonce = f"{table.game_id:x}.{version}.{table.players.index(player)}.h"
        await self._send(table, player, replace(hand(locale, None), nonce=nonce), stage)

    async def close(self, game_id: int, player: PlayerId, hand: HandLetter) -> None:
        """The game is over: their DM hand says so and loses its buttons."""
        if player in self._games.get(game_id, GameDms()).hands:
            locale = await self._locale(game_id, player)
            route = self._routes.route(self._address(game_id, player))
            await self._routes.deliver(route, hand(locale, None))

    async def ended(self, ended: Ended, player: PlayerId) -> None:
        """The game ended early: their DM hand says so, and loses its buttons."""
        if player in self._games.get(ended.game_id, GameDms()).hands:
            locale = await self._locale(ended.game_id, player)
            await self._edit(ended.game_id, player, end_notice(ended, locale))

    # --- one player --------------------------------------------------------------------

    def _address(self, game_id: int, player: PlayerId) -> Address:
        """Their DM hand (for a new message: where the next one goes)."""
        dm = self._games.get(game_id, GameDms()).hands.get(player)
        channel_id, message_id = dm if dm is not None else (None, None)
        click = self._book.latest(game_id, player, Spot.DM)
        return Address(channel_id, message_id, click, dm_of=player)

    async def _locale(self, game_id: int, player: PlayerId) -> str | None:
        """The language of a player's DMs: their latest click's, else the one they last
        showed the bot."""
        click = self._book.latest(game_id, player, Spot.DM)
        if click is not None and click.token.locale is not None:
            return click.token.locale
        return await self._languages.of_user(user_id_of(player))

    async def _edit(self, game_id: int, player: PlayerId, content: str) -> None:
        """The DM hand's new text, without buttons."""
        letter = Letter(Post(content), urgency=Urgency.PRIVATE, what=f"{player}'s hand")
        await self._routes.deliver(self._routes.route(self._address(game_id, player)), letter)

    async def _send(self, table: Table, player: PlayerId, letter: Letter, stage: int) -> None:
        """A new DM hand: a follow-up of the player's latest click on their current one while
        it is fresh, else a paced DM."""
        game = self._games[table.game_id]
        route = self._routes.route(self._address(table.game_id, player), new=True)
        sent = await self._routes.deliver(route, letter)
        if sent.refused:
            # 50007, or any other refusal to open a DM: the player's DMs are closed to us.
            await self._closed(table, player, stage)
            return
        if sent.sent is None:
            # Discord kept failing after our retries: the DMs may well be open, so say only
            # that this hand did not arrive, and try the DM again next stage.
            await self._tell_channel(table, player, dms_closed=False)
            return
        if sent.click is None:
            # A DM sent by REST: their DMs are open (a follow-up of a click proves nothing).
            game.closed.discard(player)
        else:
            self._book.keep(table.game_id, player, Spot.DM, sent.click)
        dm = game.hands[player] = (sent.sent.channel.id, sent.sent.id)
        game.stages[player] = stage
        await self._store(table.game_id, player, dm, stage)

    async def _closed(self, table: Table, player: PlayerId, stage: int) -> None:
        game = self._games[table.game_id]
        game.stages[player] = stage
        if player in game.closed:
            return
        game.closed.add(player)
        if await self._said_elsewhere(table.game_id, player):
            return
        # Said at once, then stored, so that no other process dealing their next hand says it
        # again; said again by one that takes over from a process that died in between, under
        # the same nonce, so that Discord keeps it to once.
        await self._tell_channel(table, player, dms_closed=True)
        await self._store(table.game_id, player, None, stage)

    async def _said_elsewhere(self, game_id: int, player: PlayerId) -> bool:
        """Whether another process already said this player's DMs are closed: what this one
        learned of the game may be older than that (its record was loaded before it was said)."""
        try:
            record = await self._storage.game(game_id)
        except store.StorageError:
            return False
        return record is not None and message_names(user_id_of(player))[2] in record.message_ids

    async def _tell_channel(self, table: Table, player: PlayerId, dms_closed: bool) -> None:
        post = undelivered_hand(table, player, dms_closed)
        nonce = f"{table.game_id:x}.{table.players.index(player)}.c" if dms_closed else None
        letter = Letter(post, what=f"game {table.game_id}: a notice", nonce=nonce)
        await self._routes.deliver(self._routes.route(Address(table.channel_id), new=True), letter)

    async def _store(
        self, game_id: int, player: PlayerId, dm: DmMessage | None, stage: int
    ) -> None:
        """Kept with the game, so that any process (or this one after a restart) edits this
        hand instead of sending another, or knows the player's DMs are closed (None) and does
        not say so again."""
        dm_name, hand_name, closed_name, stage_name = message_names(user_id_of(player))
        if dm is None:
            ids: dict[str, int | None] = {closed_name: 1, stage_name: stage}
        else:
            ids = {dm_name: dm[0], hand_name: dm[1], closed_name: None, stage_name: stage}
        await keep_message_ids(self._storage, game_id, ids, f"{player}'s DM hand")
