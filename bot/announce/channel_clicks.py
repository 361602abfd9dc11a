"""The clicks that may carry a game's channel messages: each player's latest click in the
channel, and, where only clicks reach the channel, the next click of anyone in it."""

from __future__ import annotations

import asyncio

import discord

from bot.announce.clicks import Click
from bot.announce.routes import Routes
from bot.messages.table import Table
from bot.options import HandsIn
from bot.play.transition import Transition

CLICK_WAIT_SECONDS = 24 * 3600.0
"""Where only clicks reach the channel, how long a due message waits for one to carry it."""


class ChannelClicks:
    def __init__(self, routes: Routes) -> None:
        self._routes = routes
        self._latest: dict[int, dict[int, Click]] = {}
        """Per game, each player's latest click in the channel (clicks come at once)."""
        self._awaiting: dict[int, asyncio.Future[Click | None]] = {}
        """Per channel where only clicks reach: a due message waiting for the next click."""

    def note(self, game_id: int, actor_id: int, interaction: discord.Interaction) -> None:
        """A click in the game's channel (Start, a tactical move, a pick on one's hand, Show
        my hand): its token may follow up with the message its change brings, or with one
        that no click made (a deadline's reveal)."""
        self._latest.setdefault(game_id, {})[actor_id] = self._routes.click(interaction)

    def forget(self, game_id: int) -> None:
        self._latest.pop(game_id, None)

    def of(self, table: Table, transition: Transition) -> Click | None:
        """The channel click that made this transition; with the hands in the channel, else
        any player's click in it that may still follow up (a deadline's reveal)."""
        clicks = self._latest.get(transition.game_id, {})
        own = clicks.pop(transition.actor_id, None) if transition.actor_id is not None else None
        if table.hands is not HandsIn.CHANNEL or self._routes.usable(own):
            return own
        return self.any(table.game_id)

    def any(self, game_id: int) -> Click | None:
        """The latest click in the game's channel that may still follow up."""
        clicks = self._latest.get(game_id, {}).values()
        usable = [click for click in clicks if self._routes.usable(click)]
        return max(usable, key=lambda click: click.token.issued, default=None)

    # --- where only clicks reach the channel -------------------------------------------

    async def next(self, channel_id: int) -> Click | None:
        """The next answered interaction in the channel, or None after a day or at shutdown."""
        awaiting = self._awaiting[channel_id] = asyncio.get_running_loop().create_future()
        try:
            return await asyncio.wait_for(awaiting, CLICK_WAIT_SECONDS)
        except TimeoutError:
            return None
        finally:
            if self._awaiting.get(channel_id) is awaiting:
                del self._awaiting[channel_id]

    def carry_due(self, interaction: discord.Interaction) -> None:
        """Any answered interaction in a channel where a due message waits for a click (a
        pick, Show my hand, a refused click, a command): it carries the message."""
        channel_id = interaction.channel_id
        awaiting = self._awaiting.get(channel_id) if channel_id is not None else None
        if awaiting is not None and not awaiting.done() and interaction.response.is_done():
            awaiting.set_result(self._routes.click(interaction))

    def stop_awaiting(self) -> None:
        """At shutdown: what still waits for a click is left to the game's next change."""
        for awaiting in self._awaiting.values():
            if not awaiting.done():
                awaiting.set_result(None)
