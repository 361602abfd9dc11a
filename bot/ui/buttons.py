"""Every button of the bot as a DynamicItem: the custom id carries ids only, so a button
keeps working after a restart. Each callback hands its parsed ids to its handler
(bot/ui/handlers.py)."""

from __future__ import annotations

import re
from collections.abc import Coroutine
from typing import Any

import discord

from bot.ui import custom_ids as ids
from bot.ui.handlers import handlers_of
from bot.ui.replies import report_failure
from bot.ui.views import take_apart


async def guarded(
    clicked: discord.ui.Item[Any],
    interaction: discord.Interaction,
    work: Coroutine[Any, Any, None],
) -> None:
    """Run a click's work; a failure is logged and the player told in one sentence.

    Then what discord.py made for this click is let go: the view it rebuilt from the clicked
    message is taken apart, and, once the click is answered (so `on_interaction` has looked at
    it), the message is dropped from the interaction. discord.py's interaction and its response
    point at each other, so the interaction waits for the cycle collector (see bot/ui/views.py),
    and would keep the message and its buttons with it.
    """
    try:
        with handlers_of(interaction).in_flight.handling():
            await work
    except Exception as error:
        await report_failure(interaction, error)
    finally:
        handlers_of(interaction).count_interaction(interaction, "button")
        take_apart(clicked.view)
        if interaction.response.is_done():
            interaction.message = None


def _button(
    custom_id: str,
    label: str,
    style: discord.ButtonStyle,
    disabled: bool,
    row: int | None,
) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=label[:80], style=style, custom_id=custom_id, disabled=disabled, row=row
    )


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LOBBY_TEMPLATE):
    def __init__(
        self,
        action: str,
        game_id: int,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int = 0,
    ) -> None:
        custom_id = ids.lobby_id(action, game_id)
        super().__init__(_button(custom_id, label or action, style, False, row))
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["action"], int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        lobby = handlers_of(interaction).lobby_clicks
        await guarded(self, interaction, lobby.lobby_button(interaction, self.action, self.game_id))


class CardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.CARD_TEMPLATE):
    def __init__(
        self,
        game_id: int,
        owner: int,
        turn: ids.Turn,
        card: int,
        label: str = "card",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        custom_id = ids.card_id(game_id, owner, turn, card)
        super().__init__(_button(custom_id, label, style, disabled, 0))
        self.game_id, self.owner, self.turn, self.card = game_id, owner, turn, card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CardButton:
        turn = ids.Turn(int(match["stage"]), int(match["round"]))
        return cls(int(match["game"]), int(match["owner"]), turn, int(match["card"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            self,
            interaction,
            handlers_of(interaction).hand_clicks.card(
                interaction, self.game_id, self.owner, self.turn, self.card
            ),
        )


class PickButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.PICK_TEMPLATE):
    def __init__(
        self,
        game_id: int,
        owner: int,
        turn: ids.Turn,
        card: int,
        target: str,
        label: str = "target",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        custom_id = ids.pick_id(game_id, owner, turn, card, target)
        super().__init__(_button(custom_id, label, style, False, row))
        self.game_id, self.owner, self.turn = game_id, owner, turn
        self.card, self.target = card, target

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickButton:
        turn = ids.Turn(int(match["stage"]), int(match["round"]))
        return cls(
            int(match["game"]), int(match["owner"]), turn, int(match["card"]), match["target"]
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            self,
            interaction,
            handlers_of(interaction).hand_clicks.pick(
                interaction, self.game_id, self.owner, self.turn, self.card, self.target
            ),
        )


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.MOVE_TEMPLATE):
    def __init__(
        self,
        game_id: int,
        turn: ids.Turn,
        target: str,
        label: str = "figure",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        row: int | None = None,
    ) -> None:
        super().__init__(_button(ids.move_id(game_id, turn, target), label, style, False, row))
        self.game_id, self.turn, self.target = game_id, turn, target

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        turn = ids.Turn(int(match["stage"]), int(match["round"]))
        return cls(int(match["game"]), turn, match["target"])

    async def callback(self, interaction: discord.Interaction) -> None:
        hands = handlers_of(interaction).hand_clicks
        work = hands.move(interaction, self.game_id, self.turn, self.target)
        await guarded(self, interaction, work)


class ShowHandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.HAND_TEMPLATE):
    def __init__(self, game_id: int, label: str = "Show my hand", row: int | None = None) -> None:
        super().__init__(
            _button(ids.hand_id(game_id), label, discord.ButtonStyle.secondary, False, row)
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ShowHandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        hands = handlers_of(interaction).hand_clicks
        await guarded(self, interaction, hands.show_hand(interaction, self.game_id))


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.REMATCH_TEMPLATE):
    def __init__(self, game_id: int, label: str = "Rematch") -> None:
        super().__init__(
            _button(ids.rematch_id(game_id), label, discord.ButtonStyle.success, False, 0)
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        lobby = handlers_of(interaction).lobby_clicks
        await guarded(self, interaction, lobby.rematch(interaction, self.game_id))


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BOARD_TEMPLATE):
    def __init__(
        self, metric: str, period: str, page: int, label: str = "page", disabled: bool = False
    ) -> None:
        custom_id = ids.board_id(metric, period, page)
        super().__init__(_button(custom_id, label, discord.ButtonStyle.secondary, disabled, 0))
        self.metric, self.period, self.page = metric, period, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        return cls(match["metric"], match["period"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        pages = handlers_of(interaction).page_clicks
        work = pages.board_page(interaction, self.metric, self.period, self.page)
        await guarded(self, interaction, work)


ALL_BUTTONS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    CardButton,
    PickButton,
    MoveButton,
    ShowHandButton,
    RematchButton,
    PageButton,
)
