"""What a click on each button does. discord.py matches a clicked custom id against the
templates of the DynamicItem classes registered with the client (`add_dynamic_items`); these
classes are made here for the features the rooms were built with (bot/ui/feature.py), so a
button is given its route and never looks for one on the client."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Self

import discord

from bot.observe.metrics import Metrics
from bot.ui import custom_ids as ids
from bot.ui.feature import Feature, Route
from bot.ui.in_flight import InFlight
from bot.ui.replies import outcome_of, report_failure
from bot.ui.views import take_apart

ClickedItem = discord.ui.Item[discord.ui.View]
"""The item discord.py rebuilt from the clicked message."""
Click = discord.ui.DynamicItem[ClickedItem]

InteractionCount = Callable[[discord.Interaction, str], None]
"""Counts an interaction of a kind ("button", "command") once it has been handled."""


@dataclass(frozen=True)
class ClickGuard:
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


def clickable_buttons(features: Sequence[Feature], guard: ClickGuard) -> tuple[type[Click], ...]:
    """Every feature's buttons, each click handed to its feature's route under `guard`."""
    return tuple(
        _click(template, route, guard)
        for feature in features
        for template, route in feature.clicks.items()
    )


def _click(template: str, route: Route, guard: ClickGuard) -> type[Click]:
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
            await guard.guarded(self, interaction, route(interaction, self.match))

    return Clicked


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


def interaction_count(
    metrics: Metrics, then: Callable[[discord.Interaction], None]
) -> InteractionCount:
    """Counts each handled interaction by kind and how it was answered (bot/observe), then
    hands it to `then` (a due message rides on its token)."""

    def count(interaction: discord.Interaction, kind: str) -> None:
        metrics.interactions.labels(kind, outcome_of(interaction)).inc()
        then(interaction)

    return count
