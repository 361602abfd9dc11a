"""Each player's private controls after a commit: their hand by DM (bot/announce/dm_hands.py), the
ephemeral hand of "Show my hand", and, with the hands in the channel, ephemeral hands only.

An ephemeral hand is redrawn through the token of its player's latest click on it, so no hand a
player can see is left showing an old round; a new one is the ephemeral follow-up of their latest
other click in the channel.

Controls are drawn from the game's latest committed state, when their request's turn has come: a
hand queued behind Discord's global limit holds no buttons meanwhile, and never shows a state older
than what the player may already have seen. A hand its player clicked since the change was committed
is left as their click drew it (`mark`, bot/announce/announcer.py): that click was answered with
this change or a newer one, which another process may have committed, so that this process's latest
state can be older than what the player sees."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial

import engine
from bot.announce.click_book import ClickBook, Spot
from bot.announce.dm_hands import DmHands, HandLetter
from bot.announce.letter import Letter
from bot.announce.notices import end_notice
from bot.announce.pacing import Urgency
from bot.announce.routes import Address, Routes
from bot.crash import crash_point
from bot.messages.hand import Directory, Notes, hand_controls, place_of, stage_over
from bot.messages.post import Post
from bot.messages.table import Table
from bot.options import HandsIn
from bot.play.open_games import OpenGames
from bot.play.transition import Ended, Transition
from bot.storage import PlayerId, StorageError, player_id


class Hands:
    def __init__(
        self,
        routes: Routes,
        book: ClickBook,
        dms: DmHands,
        directory: Directory,
        games: OpenGames,
        shared: Callable[[], bool],
        restore: Callable[[int], Awaitable[None]],
        notes: Notes,
    ) -> None:
        """`shared()`: whether other processes live, which may move a game on unseen here;
        `restore(game_id)` puts the clicks logged with the game back in the book."""
        self._notes = notes
        self._routes = routes
        self._book = book
        self._dms = dms
        self._directory = directory
        self._games = games
        self._shared = shared
        self._restore = restore
        self._restored: set[int] = set()
        """The games whose logged clicks this process has read (a process that restarted,
        or another's game, knows no click of the players who clicked before)."""
        self._latest: dict[int, Transition] = {}
        """Each game's latest committed transition: the controls show this one."""

    def note(self, transition: Transition) -> None:
        """The game's newest change (a recovered one is older than a click's in a takeover)."""
        latest = self._latest.get(transition.game_id)
        if latest is None or latest.record.version <= transition.record.version:
            self._latest[transition.game_id] = transition
        self._dms.learn(transition.record)

    def forget(self, game_id: int) -> None:
        self._latest.pop(game_id, None)
        self._restored.discard(game_id)
        self._dms.forget(game_id)

    # --- after a commit ----------------------------------------------------------------

    async def deal(
        self, table: Table, transition: Transition, mark: int, *, everyone: bool = False
    ) -> None:
        """A new turn: the controls of everyone it concerns (`everyone`: of all players)."""
        if table.game_id not in self._restored:
            self._restored.add(table.game_id)
            with contextlib.suppress(StorageError):
                await self._restore(table.game_id)
        await self._notes.ready(transition.record)
        state = transition.state
        if state.phase == engine.Phase.MOVING and not everyone:
            # The mover who just moved sees their buttons go; the next one gets theirs.
            before = transition.before
            previous = engine.current_mover(before) if before else None
            movers = (previous, engine.current_mover(state))
            recipients = table.seated(dict.fromkeys(m for m in movers if m))
        else:
            recipients = table.seated(state.players)
        answered = await _answered(transition)
        recipients = tuple(p for p in recipients if not table.is_ai(p) and p != answered)
        await asyncio.gather(
            *(self._deal_to(table, player, transition, mark) for player in recipients)
        )

    async def redraw_actor(self, table: Table, transition: Transition, mark: int) -> None:
        """A pick within a turn: only the clicker's controls change (and not even those when
        the click answered with them)."""
        if transition.actor_id is None or await transition.answered():
            return
        player = player_id(transition.actor_id)
        await self._redraw_ephemeral(table, player, mark)
        await self._dms.redraw(
            table, player, self._hand(table, player), mark, always=transition.away
        )

    async def close(self, table: Table, transition: Transition, mark: int) -> None:
        """The game is over: every player's controls say so and lose their buttons."""
        await self._notes.ready(transition.record)
        answered = await _answered(transition)
        for player in dict.fromkeys((*table.players, *self._book.players(table.game_id))):
            if player != answered:
                await self._redraw_ephemeral(table, player, mark)
            await self._dms.close(table.game_id, player, self._hand(table, player))

    async def ended(self, ended: Ended) -> None:
        """The game ended early: every hand says so, in its player's language, and loses its
        buttons."""
        game_id = ended.game_id
        self._dms.learn(ended.record)
        for player in dict.fromkeys((*self._book.players(game_id), *self._dms.players(game_id))):
            click = self._book.latest(game_id, player, Spot.HAND)
            if click is not None:
                notice = Letter(Post(end_notice(ended, click.token.locale)), what="the end")
                await self._routes.deliver(self._routes.route(Address(click=click)), notice)
            await self._dms.ended(ended, player)

    # --- one player --------------------------------------------------------------------

    async def _deal_to(
        self, table: Table, player: PlayerId, transition: Transition, mark: int
    ) -> None:
        crash_point("hand")
        if table.hands is HandsIn.CHANNEL:
            await self._deal_in_channel(table, player, mark)
        else:
            await self._redraw_ephemeral(table, player, mark)
            # Where it is played, for the last stage's DM hand that the deal leaves without buttons.
            place = place_of(self._directory, table)
            hand = self._hand(table, player)
            await self._dms.deal(
                table, player, place, hand, transition.state.stage, mark, transition.record.version
            )

    async def _deal_in_channel(self, table: Table, player: PlayerId, mark: int) -> None:
        """Hands in the channel: the player's ephemeral hand redrawn through their latest
        click on it; else a new one, the ephemeral follow-up of their latest other click in
        the channel. With neither fresh, Show my hand brings it: never a DM."""
        if await self._redraw_ephemeral(table, player, mark):
            return
        seat = self._book.latest(table.game_id, player, Spot.SEAT)
        if seat is None:
            return
        letter = self._hand(table, player, ephemeral=True)(seat.token.locale, None)
        route = self._routes.route(Address(click=seat), new=True)
        sent = await self._routes.deliver(route, letter)
        if sent.click is not None:
            self._book.keep(table.game_id, player, Spot.HAND, sent.click)

    async def _redraw_ephemeral(self, table: Table, player: PlayerId, mark: int) -> bool:
        """Their ephemeral hand, through their latest click on it: whether it shows this
        change (or a newer one, when they clicked it since `mark`)."""
        click = self._book.latest(table.game_id, player, Spot.HAND)
        if click is None:
            return False
        if click.noted > mark:
            return True
        letter = self._hand(table, player)(click.token.locale, None)
        redrawn = await self._routes.deliver(self._routes.route(Address(click=click)), letter)
        return redrawn.delivered

    def _hand(self, table: Table, player: PlayerId, *, ephemeral: bool = False) -> HandLetter:
        """The player's controls in a language, drawn from the game's latest state (and where
        it is played, by the names the server and channel have then) when the request goes; a
        stage's DM hand never shows another stage's cards (nor buttons that go a moment later)."""

        def letter(locale: str | None, stage: int | None) -> Letter:
            def draw() -> Post:
                place = place_of(self._directory, table)
                state = self._latest[table.game_id].state
                if stage is not None and state.stage != stage:
                    return Post(stage_over(place, stage, locale))
                note = self._notes.in_hand(table, state, player, locale)
                return hand_controls(state, table, player, place, locale, note=note)

            what = f"game {table.game_id}: {player}'s hand"
            ready = partial(self._newest, table.game_id)
            return Letter(
                draw=draw, urgency=Urgency.PRIVATE, what=what, ephemeral=ephemeral, ready=ready
            )

        return letter

    async def _newest(self, game_id: int) -> None:
        """In a fleet, the game as the database has it: a hand that waited for its turn
        under Discord's limit must not show an older state than another process dealt."""
        latest = self._latest.get(game_id)
        if not self._shared() or latest is None:
            return
        record = await self._games.refresh(game_id)
        state = self._games.state_of(record) if record is not None else None
        if record is not None and state is not None and record.version > latest.record.version:
            self._latest[game_id] = replace(latest, record=record, state=state)


async def _answered(transition: Transition) -> PlayerId | None:
    """The player whose click answered with the controls this change leaves them."""
    if transition.actor_id is None or not await transition.answered():
        return None
    return player_id(transition.actor_id)
