"""A player's Export, as /whyfirst privacy sends it to them."""

from __future__ import annotations

import json
from typing import Any

from tests.loopback import LoopbackDiscord, Player, TextChannel


async def export_of(
    player: Player, channel: TextChannel, discord: LoopbackDiscord
) -> dict[str, Any]:
    """What the player's Export sends them."""
    kept = await player.slash(channel, "whyfirst privacy")
    assert kept.ephemeral is not None
    had = len([m for m in player.ephemerals() if m.attachments])
    await player.click(kept.ephemeral, label="Export")
    sent = await discord.wait_for(
        lambda: [m for m in player.ephemerals() if m.attachments][had:], what="the export"
    )
    return json.loads(sent[0].attachments[0].data)  # type: ignore[no-any-return]
