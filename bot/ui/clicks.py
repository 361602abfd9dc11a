"""What a click on each button does. The router finds the route of the clicked custom id among
the templates of the features the rooms were built with (bot/ui/feature.py) and runs it under
the guard. No view is rebuilt from the clicked message (discord.py's DynamicItem would, for
every click): a route needs only the parts of the id, so a button never looks for its route on
the client, and a click costs one match."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

import discord

from bot.observe.metrics import Metrics
from bot.ui.feature import Feature, Route
from bot.ui.in_flight import InFlight
from bot.ui.replies import answered, outcome_of, refuse, report_failure

InteractionCount = Callable[[discord.Interaction, str], None]
"""Counts an interaction of a kind ("button", "command") once it has been handled."""


@dataclass(frozen=True)
class ClickGuard:
    in_flight: InFlight
    count: InteractionCount

    async def guarded(self, interaction: discord.Interaction, work: Awaitable[None]) -> None:
        """Run a click's work; a failure is logged and the player told in one sentence.

        Then, once the click is answered, the clicked message is dropped from the interaction:
        discord.py's interaction and its response point at each other, so the interaction waits for
        the cycle collector, and would keep the message and its buttons."""
        try:
            with self.in_flight.handling():
                await work
        except Exception as error:
            await report_failure(interaction, error)
        finally:
            self.count(interaction, "button")
            if answered(interaction):
                interaction.message = None


class ClickRouter:
    """Every feature's buttons: a click is handed to its feature's route under the guard."""

    def __init__(self, features: Sequence[Feature], guard: ClickGuard) -> None:
        self._routes = tuple(
            (re.compile(template), route)
            for feature in features
            for template, route in feature.clicks.items()
        )
        self._guard = guard

    async def click(self, interaction: discord.Interaction) -> bool:
        """Answer a click on one of the bot's buttons; False when its custom id is none of
        theirs, or does not stand on the clicked message (forged: no button of the bot's
        would have sent it)."""
        data = interaction.data
        custom_id = str(data.get("custom_id", "")) if data is not None else ""
        found = self._route_of(custom_id)
        if found is None:
            return False
        route, match = found
        owner = match.groupdict().get("owner")
        if _on_message(interaction, custom_id):
            work = route(interaction, match)
        elif owner is None or int(owner) == interaction.user.id:
            # A button of the clicker's own that its message no longer shows: the message
            # changed while they looked at it. Say what to press now.
            work = refuse(interaction, "refusal.stale_controls")
        else:
            return False
        await self._guard.guarded(interaction, work)
        return True

    def _route_of(self, custom_id: str) -> tuple[Route, re.Match[str]] | None:
        for template, route in self._routes:
            match = template.fullmatch(custom_id)
            if match is not None:
                return route, match
        return None


def _on_message(interaction: discord.Interaction, custom_id: str) -> bool:
    message = interaction.message
    return message is not None and any(
        getattr(child, "custom_id", None) == custom_id
        for row in message.components
        for child in getattr(row, "children", ())
    )


def interaction_count(
    metrics: Metrics, then: Callable[[discord.Interaction], None]
) -> InteractionCount:
    """Counts each handled interaction by kind and how it was answered (bot/observe), then
    hands it to `then` (a due message rides on its token)."""

    def count(interaction: discord.Interaction, kind: str) -> None:
        metrics.interactions.labels(kind, outcome_of(interaction)).inc()
        then(interaction)

    return count
