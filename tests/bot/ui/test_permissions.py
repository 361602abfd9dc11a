"""Before a lobby opens, the bot checks its permissions in the channel and names what is missing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.i18n import t
from bot.permissions import NEEDED_PERMISSIONS, invite_permissions
from tests import REPOSITORY
from tests.bot.pub import Pub
from tests.loopback import LoopbackDiscord


@pytest.fixture
async def pub(loopback: LoopbackDiscord, tmp_path: Path) -> AsyncIterator[Pub]:
    world = await Pub.open(loopback, tmp_path, ["Anne", "Ben"])
    try:
        yield world
    finally:
        await world.close()
    assert world.bot.errors == []


async def test_missing_permissions_are_named_and_no_lobby_opens(pub: Pub) -> None:
    anne = pub.players[0]
    await pub.games.deny_bot("attach_files", "embed_links")
    outcome = await anne.slash(pub.games, "whyfirst start")
    assert outcome.ephemeral_text is not None
    assert "I'm missing Embed Links and Attach Files in this channel." in outcome.ephemeral_text
    assert "Send Messages" not in outcome.ephemeral_text
    anne.user.locale = "de"
    outcome = await anne.slash(pub.games, "whyfirst start")
    assert outcome.ephemeral_text is not None
    assert "(Links einbetten und Dateien anhängen)" in outcome.ephemeral_text
    assert pub.games.messages() == []
    anne.user.locale = "en-US"

    await pub.games.allow_bot()
    outcome = await anne.slash(pub.games, "whyfirst start")
    assert outcome.ephemeral_text is None
    assert "Join" in [b["label"] for b in pub.games.last_message().buttons()]
    outcome = await anne.slash(pub.games, "whyfirst start")
    assert outcome.ephemeral_text is not None
    assert "already has an open game" in outcome.ephemeral_text


def test_the_readme_invites_with_exactly_the_permissions_the_start_checks() -> None:
    readme = (REPOSITORY / "README.md").read_text(encoding="utf-8")
    assert f"permissions integer `{invite_permissions()}`" in readme
    for name in NEEDED_PERMISSIONS:
        assert f"**{t(f'permission.{name}')}**" in readme, name
