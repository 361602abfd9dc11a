"""Discord's JSON errors, violations of its rules, and mistakes in a test's use of the fake."""

from __future__ import annotations

from dataclasses import dataclass


class LoopbackError(Exception):
    """A test asked a simulated user to do something a real user could not do."""


@dataclass(frozen=True)
class DiscordError(Exception):
    """An error response, shaped as Discord shapes them."""

    status: int
    code: int
    message: str
    detail: str = ""

    def body(self) -> dict[str, object]:
        data: dict[str, object] = {"message": self.message, "code": self.code}
        if self.detail:
            data["errors"] = {"_errors": [{"code": "BASE_TYPE_INVALID", "message": self.detail}]}
        return data


def invalid_form_body(detail: str) -> DiscordError:
    return DiscordError(400, 50035, "Invalid Form Body", detail)


def unknown_message() -> DiscordError:
    return DiscordError(404, 10008, "Unknown Message")


def unknown_channel() -> DiscordError:
    return DiscordError(404, 10003, "Unknown Channel")


def unknown_interaction() -> DiscordError:
    return DiscordError(404, 10062, "Unknown interaction")


def unknown_webhook() -> DiscordError:
    return DiscordError(404, 10015, "Unknown Webhook")


def already_acknowledged() -> DiscordError:
    return DiscordError(400, 40060, "Interaction has already been acknowledged.")


def missing_permissions() -> DiscordError:
    return DiscordError(403, 50013, "Missing Permissions")


def missing_access() -> DiscordError:
    """The bot cannot see the channel: no View Channel, or it is no member of the server or
    the group DM (a user-installed app's only way in is an interaction)."""
    return DiscordError(403, 50001, "Missing Access")


def too_many_followups() -> DiscordError:
    return DiscordError(
        400, 40094, "This interaction has hit the maximum number of follow up messages"
    )


def dms_closed() -> DiscordError:
    return DiscordError(403, 50007, "Cannot send messages to this user")


def empty_message() -> DiscordError:
    return DiscordError(400, 50006, "Cannot send an empty message")


def archived_thread() -> DiscordError:
    return DiscordError(400, 50083, "Thread is archived")


def unauthorized() -> DiscordError:
    return DiscordError(401, 0, "401: Unauthorized")


@dataclass(frozen=True)
class Violation:
    """The bot broke a rule the real Discord enforces. `kind` is a short stable tag."""

    kind: str
    detail: str

    def __str__(self) -> str:
        return f"[{self.kind}] {self.detail}"
