"""The sentence that tells why a game ended early."""

from __future__ import annotations

from bot.i18n import t
from bot.play.transition import Ended, EndReason

END_NOTICES = {
    EndReason.CANCELLED: "game.cancelled",
    EndReason.LOBBY_EXPIRED: "lobby.expired",
    EndReason.ABANDONED: "game.abandoned",
}


def end_notice(ended: Ended, locale: str | None) -> str:
    return t(END_NOTICES[ended.reason], locale)
