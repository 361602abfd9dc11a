"""What a click on each button does. discord.py matches a clicked custom id against the
templates of the DynamicItem classes registered with the client (`add_dynamic_items`); these
classes are made here for the handlers the rooms were built with (bot/client.py), so a button
is given its handler and never looks for one on the client."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Self

import discord

from bot.observe.metrics import Metrics
from bot.ui import custom_ids as ids
from bot.ui.handlers import HandClicks, LobbyClicks, PageClicks, PrivacyDesk
from bot.ui.in_flight import InFlight
from bot.ui.replies import outcome_of, report_failure
from bot.ui.views import take_apart

ClickedItem = discord.ui.Item[discord.ui.View]
"""The item discord.py rebuilt from the clicked message."""
Click = discord.ui.DynamicItem[ClickedItem]
Route = Callable[[discord.Interaction, re.Match[str]], Awaitable[None]]
"""Hands a click's parsed custom id to its handler."""

InteractionCount = Callable[[discord.Interaction, str], None]
"""Counts an interaction of a kind ("button", "command") once it has been handled."""


@dataclass(frozen=True)
class ClickHandlers:
    lobby: LobbyClicks
    hands: HandClicks
    pages: PageClicks
    privacy: PrivacyDesk
    in_flight: InFlight
    count: InteractionCount

    async def guarded(
        self, clicked: Click, interaction: discord.Interaction, work: Awaitable[None]
    ) -> None:
        """Run a click's work; a failure is logged and the player told in one sentence.

        Then what discord.py made for this click is let go: the view it rebuilt from the
        clicked message is taken apart, and, once the click is answered (so `on_interaction`
        has looked at it), the message is dropped from the interaction. discord.py's
        interaction and its response point at each other, so the interaction waits for the
        cycle collector (see bot/ui/views.py), and would keep the message and its buttons.
        """
        try:
            with self.in_flight.handling():
                await work
        except Exception as error:
            await report_failure(interaction, error)
        finally:
            self.count(interaction, "button")
            take_apart(clicked.view)
            if interaction.response.is_done():
                interaction.message = None


def clickable_buttons(handlers: ClickHandlers) -> tuple[type[Click], ...]:
    """Every button's click, handed to `handlers`."""
    lobby, hands, pages, privacy = handlers.lobby, handlers.hands, handlers.pages, handlers.privacy
    routes: dict[str, Route] = {
        ids.LOBBY_TEMPLATE: lambda interaction, m: lobby.lobby_button(
            interaction, m["action"], int(m["game"])
        ),
        ids.REMATCH_TEMPLATE: lambda interaction, m: lobby.rematch(interaction, int(m["game"])),
        ids.CARD_TEMPLATE: lambda interaction, m: hands.card(
            interaction, int(m["game"]), int(m["owner"]), _turn(m), int(m["card"])
        ),
        ids.PICK_TEMPLATE: lambda interaction, m: hands.pick(
            interaction, int(m["game"]), int(m["owner"]), _turn(m), int(m["card"]), m["target"]
        ),
        ids.MOVE_TEMPLATE: lambda interaction, m: hands.move(
            interaction, int(m["game"]), _turn(m), m["target"]
        ),
        ids.HAND_TEMPLATE: lambda interaction, m: hands.show_hand(interaction, int(m["game"])),
        ids.PRIVACY_TEMPLATE: lambda interaction, m: _privacy_click(privacy, interaction, m),
        ids.BOARD_TEMPLATE: lambda interaction, m: pages.board_page(
            interaction, m["metric"], m["period"], int(m["page"])
        ),
    }
    return tuple(_click(template, route, handlers) for template, route in routes.items())


def _click(template: str, route: Route, handlers: ClickHandlers) -> type[Click]:
    class Clicked(Click, template=template):
        def __init__(self, item: ClickedItem, match: re.Match[str]) -> None:
            super().__init__(item)
            self.match = match

        @classmethod
        async def from_custom_id(
            cls, interaction: discord.Interaction, item: ClickedItem, match: re.Match[str]
        ) -> Self:
            return cls(item, match)

        async def callback(self, interaction: discord.Interaction) -> None:
            await handlers.guarded(self, interaction, route(interaction, self.match))

    return Clicked


async def _privacy_click(
    privacy: PrivacyDesk, interaction: discord.Interaction, match: re.Match[str]
) -> None:
    action = match["action"]
    if action == "export":
        await privacy.export(interaction)
    elif action == "erase":
        await privacy.ask_to_erase(interaction)
    elif action == "erase_confirmed":
        await privacy.erase(interaction)
    else:
        await privacy.forget_server(interaction)


def _turn(match: re.Match[str]) -> ids.Turn:
    return ids.Turn(int(match["stage"]), int(match["round"]))


def is_genuine(interaction: discord.Interaction) -> bool:
    """Whether a clicked custom id is one of ours and stands on the clicked message (else it
    was forged: no button of the bot's would have sent it)."""
    data = interaction.data
    custom_id = str(data.get("custom_id", "")) if data is not None else ""
    return _on_message(interaction, custom_id) and ids.is_known(custom_id)


def _on_message(interaction: discord.Interaction, custom_id: str) -> bool:
    message = interaction.message
    if message is None:
        return False
    for row in message.components:
        for child in getattr(row, "children", ()):
            if getattr(child, "custom_id", None) == custom_id:
                return True
    return False


def interaction_count(metrics: Metrics) -> InteractionCount:
    """Counts each handled interaction by kind and how it was answered (bot/observe)."""

    def count(interaction: discord.Interaction, kind: str) -> None:
        metrics.interactions.labels(kind, outcome_of(interaction)).inc()

    return count
