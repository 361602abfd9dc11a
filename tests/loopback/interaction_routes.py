"""Interactions: dispatching them, the 3-second rule, callbacks, followups and their edits."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tests.loopback.errors import (
    DiscordError,
    already_acknowledged,
    invalid_form_body,
    too_many_followups,
    unknown_interaction,
    unknown_message,
    unknown_webhook,
)
from tests.loopback.gateway import Gateway
from tests.loopback.interactions import (
    ACK_DEADLINE_SECONDS,
    APPLICATION_COMMAND,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    LAUNCH_ACTIVITY,
    MAX_USER_INSTALL_FOLLOWUPS,
    MESSAGE_COMPONENT,
    TOKEN_LIFETIME_SECONDS,
    UPDATE_MESSAGE,
    InteractionOutcome,
    PendingInteraction,
)
from tests.loopback.model import Message
from tests.loopback.server import Call, RestServer
from tests.loopback.world import World

LOADING = 1 << 7
EPHEMERAL = 1 << 6
SLASH_REPLY, DEFAULT_MESSAGE = 20, 0
CONNECT_TIMEOUT_SECONDS = 30.0
DEFERRED_RESOLUTION_SECONDS = 15.0


class InteractionDesk:
    def __init__(self, world: World, gateway: Gateway) -> None:
        self.world = world
        self.gateway = gateway

    def register(self, server: RestServer, app: Any) -> None:
        webhook = "/webhooks/{webhook_id}/{webhook_token}"
        table = [
            ("POST", "/interactions/{interaction_id}/{interaction_token}/callback", self.callback),
            ("POST", webhook, self.followup),
            ("GET", webhook + "/messages/{message_id}", self.get_webhook_message),
            ("PATCH", webhook + "/messages/{message_id}", self.edit_webhook_message),
            ("DELETE", webhook + "/messages/{message_id}", self.delete_webhook_message),
        ]
        for method, template, handler in table:
            server.route(app, method, template, handler)

    # --- sending an interaction to the bot ------------------------------------------------------

    async def submit(self, interaction: PendingInteraction) -> InteractionOutcome:
        """Dispatch once the bot is connected; return once acknowledged or dead (3 s)."""
        guild_id = interaction.channel.guild.id if interaction.channel.guild else None
        deadline = time.monotonic() + CONNECT_TIMEOUT_SECONDS
        while not self.gateway.connected(guild_id):
            if time.monotonic() > deadline:
                raise TimeoutError("the bot never connected to the loopback gateway")
            await self.world.changed(0.05)
        self.world.register(interaction)
        interaction.dispatched_at = time.monotonic()
        await self.gateway.dispatch("INTERACTION_CREATE", interaction.payload, guild_id)
        watchdog = asyncio.get_running_loop().call_later(
            ACK_DEADLINE_SECONDS, self._expire, interaction
        )
        try:
            await interaction.outcome.acknowledged.wait()
        finally:
            watchdog.cancel()
        if interaction.outcome.response_type == DEFERRED_CHANNEL_MESSAGE:
            await self._wait_until_resolved(interaction)
        return interaction.outcome

    async def _wait_until_resolved(self, interaction: PendingInteraction) -> None:
        """A deferred reply ("thinking…") is only an outcome once the bot replaced it."""
        deadline = time.monotonic() + DEFERRED_RESOLUTION_SECONDS
        while interaction.original is not None and interaction.original.flags & LOADING:
            if time.monotonic() > deadline:
                return
            await self.world.changed(0.05)

    def _expire(self, interaction: PendingInteraction) -> None:
        if interaction.acknowledged:
            return
        interaction.expired = True
        interaction.outcome.failed = True
        self.world.record_violation(
            "not-acknowledged",
            f"interaction {interaction.id} ({_describe(interaction)}) not acknowledged within 3 s",
        )
        interaction.outcome.acknowledged.set()

    # --- the callback -------------------------------------------------------------------------

    async def callback(self, call: Call) -> Any:
        interaction = self.world.interactions.get(call.snowflake("interaction_id"))
        if interaction is None or interaction.token != call.param("interaction_token"):
            self.world.record_violation("unknown-interaction", f"callback for {call.request.path}")
            raise unknown_interaction()
        assert interaction.dispatched_at is not None
        late = time.monotonic() - interaction.dispatched_at > ACK_DEADLINE_SECONDS
        if interaction.expired or late:
            if not interaction.expired:
                self.world.record_violation(
                    "late-acknowledgement", f"interaction {interaction.id} answered after 3 s"
                )
            raise unknown_interaction()
        if interaction.acknowledged:
            self.world.record_violation(
                "double-acknowledgement", f"interaction {interaction.id} ({_describe(interaction)})"
            )
            raise already_acknowledged()
        response_type = int(call.body["type"])
        data = dict(call.body.get("data") or {})
        message = self._respond(interaction, response_type, data, call)
        interaction.acknowledged_at = time.monotonic()
        self.world.ack_latencies.append(interaction.acknowledged_at - interaction.dispatched_at)
        interaction.outcome.response_type = response_type
        interaction.outcome.acknowledged.set()
        self.world.notify()
        if not call.flag("with_response"):
            return None
        return self._callback_resource(interaction, response_type, message)

    def _respond(
        self, interaction: PendingInteraction, response_type: int, data: dict[str, Any], call: Call
    ) -> Message | None:
        if response_type in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            if interaction.kind != MESSAGE_COMPONENT or interaction.source_message is None:
                self.world.record_violation(
                    "invalid-callback", f"type {response_type} answers only component interactions"
                )
                raise invalid_form_body("Interaction callback type is not valid here")
            interaction.original = interaction.source_message
            if response_type == UPDATE_MESSAGE:
                data.pop("flags", None)
                self.world.apply_edit(interaction.source_message, data, call.files)
                interaction.outcome.message = interaction.source_message
            return interaction.source_message
        if response_type == LAUNCH_ACTIVITY:
            refusal = self.world.application.launch_refusal(interaction.kind)
            if refusal is not None:
                self.world.record_violation("invalid-callback", refusal)
                raise invalid_form_body(refusal)
            application = self.world.application
            interaction.launch = application.launch(interaction.user, interaction.channel)
            return None
        if response_type == DEFERRED_CHANNEL_MESSAGE:
            data = {"content": "", "flags": (int(data.get("flags") or 0) & EPHEMERAL) | LOADING}
        elif response_type != CHANNEL_MESSAGE:
            self.world.record_violation("invalid-callback", f"callback type {response_type}")
            raise invalid_form_body(f"callback type {response_type} is not supported here")
        kind = SLASH_REPLY if interaction.kind == APPLICATION_COMMAND else DEFAULT_MESSAGE
        message = self.world.create_message(
            interaction.channel, data, call.files, interaction=interaction, message_type=kind
        )
        interaction.original = message
        interaction.outcome.message = message
        return message

    def _callback_resource(
        self, interaction: PendingInteraction, response_type: int, message: Message | None
    ) -> dict[str, Any]:
        summary: dict[str, Any] = {"id": str(interaction.id), "type": interaction.kind}
        resource: dict[str, Any] = {"type": response_type}
        if message is not None:
            summary["response_message_id"] = str(message.id)
            summary["response_message_loading"] = bool(message.flags & LOADING)
            summary["response_message_ephemeral"] = message.ephemeral
            if response_type != DEFERRED_UPDATE:
                resource["message"] = message.to_json()
        if interaction.launch is not None:
            summary["activity_instance_id"] = interaction.launch.instance_id
            resource["activity_instance"] = {"id": interaction.launch.instance_id}
        return {"interaction": summary, "resource": resource}

    # --- followups and edits through the interaction token ---------------------------------

    def _by_token(self, call: Call) -> PendingInteraction:
        interaction = self.world.interactions_by_token.get(call.param("webhook_token"))
        if interaction is None or call.param("webhook_id") != str(self.world.application_id):
            self.world.record_violation(
                "unknown-webhook", f"{call.request.method} {call.request.path}"
            )
            raise unknown_webhook()
        assert interaction.dispatched_at is not None
        if time.monotonic() - interaction.dispatched_at > TOKEN_LIFETIME_SECONDS:
            raise unknown_webhook()
        if not interaction.acknowledged:
            self.world.record_violation(
                "before-acknowledgement",
                f"{call.request.method} through interaction {interaction.id} before its response",
            )
            raise unknown_webhook()
        return interaction

    def _target(self, interaction: PendingInteraction, call: Call) -> Message:
        key = call.param("message_id")
        if key == "@original":
            target = interaction.original
        else:
            target = self.world.messages.get(int(key)) if key.isdigit() else None
            if target is not None and not interaction.owns(target):
                target = None
        if target is None or target.deleted:
            raise unknown_message()
        return target

    async def followup(self, call: Call) -> Any:
        interaction = self._by_token(call)
        body = dict(call.body or {})
        original = interaction.original
        if original is not None and original.flags & LOADING:
            body.pop("flags", None)
            original.flags &= ~LOADING
            self.world.apply_edit(original, body, call.files)
            message = original
        else:
            if (
                interaction.user_installed_only
                and len(interaction.followups) >= MAX_USER_INSTALL_FOLLOWUPS
            ):
                self.world.record_violation(
                    "followup-limit",
                    f"a 6th follow-up of {_describe(interaction)}, authorized only by a user "
                    f"install (at most {MAX_USER_INSTALL_FOLLOWUPS})",
                )
                raise too_many_followups()
            message = self.world.create_message(
                interaction.channel, body, call.files, interaction=interaction
            )
            interaction.followups.append(message)
            interaction.outcome.followups.append(message)
        return message.to_json() if call.flag("wait") else None

    async def get_webhook_message(self, call: Call) -> Any:
        return self._target(self._by_token(call), call).to_json()

    async def edit_webhook_message(self, call: Call) -> Any:
        interaction = self._by_token(call)
        target = self._target(interaction, call)
        body = dict(call.body or {})
        body.pop("flags", None)
        target.flags &= ~LOADING
        self.world.apply_edit(target, body, call.files)
        return target.to_json()

    async def delete_webhook_message(self, call: Call) -> Any:
        interaction = self._by_token(call)
        self.world.delete_message(self._target(interaction, call))
        return None


def _describe(interaction: PendingInteraction) -> str:
    data = interaction.payload.get("data") or {}
    if interaction.kind == APPLICATION_COMMAND:
        return f"/{data.get('name')} by {interaction.user.name}"
    return f"click {data.get('custom_id')!r} by {interaction.user.name}"


__all__ = ["DiscordError", "InteractionDesk"]
