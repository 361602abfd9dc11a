"""What this process knows of each player's private controls in one game, and what it learns
of them from the game's stored message ids (kept there by whichever process sent them)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.announce.clicks import Click
from bot.announce.routes import Address
from bot.play.transition import Transition
from bot.storage import PlayerId, user_id_of
from bot.storage.personal_data import message_names

DmMessage = tuple[int, int]
"""A DM hand's channel id and message id."""


@dataclass
class PlayerHand:
    """What this process knows of one player's controls in one game."""

    dm: DmMessage | None = None
    """Their DM hand of the current stage."""
    dm_click: Click | None = None
    """Their latest click on a DM hand of this game, or the follow-up it sent."""
    private_click: Click | None = None
    """Their latest ephemeral hand (Show my hand, or a click on one)."""
    seat_click: Click | None = None
    """Their latest click in the game's channel that is not on their hand (/whyfirst start,
    Join, Start): where a game with its hands in the channel sends them a new one."""

    def dm_address(self, player: PlayerId) -> Address:
        """Their DM hand (for a new message: where the next one goes)."""
        channel_id, message_id = self.dm if self.dm is not None else (None, None)
        return Address(channel_id, message_id, self.dm_click, dm_of=player)

    def private_address(self) -> Address:
        return Address(click=self.private_click)


@dataclass
class HandScene:
    """What this process remembers about a game's private controls."""

    latest: Transition | None = None
    """None until this process sees a commit of the game (its clicks may come first: the game
    was started by another process, or before a restart)."""
    players: dict[PlayerId, PlayerHand] = field(default_factory=dict)
    closed_dms: set[PlayerId] = field(default_factory=set)

    def hand(self, player: PlayerId) -> PlayerHand:
        return self.players.setdefault(player, PlayerHand())

    def learn(self, ids: dict[str, int], players: tuple[PlayerId, ...]) -> None:
        """What another process (or this one before a restart) stored of the DM hands."""
        for player in players:
            dm_name, hand_name, closed_name = dm_names(player)
            channel_id, message_id = ids.get(dm_name), ids.get(hand_name)
            hand = self.hand(player)
            if channel_id and message_id and message_id > (hand.dm or (0, 0))[1]:
                hand.dm = (channel_id, message_id)
            if closed_name in ids:
                self.closed_dms.add(player)


def dm_names(player: PlayerId) -> tuple[str, str, str]:
    """The names under which a player's DM channel, DM hand and closed DMs are stored."""
    return message_names(user_id_of(player))
