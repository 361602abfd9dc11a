"""discord.py's voice warnings (PyNaCl, davey) are silenced: the bot never uses voice."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.app import VOICE_WARNINGS, silence_voice_warnings
from tests.bot.bot_process import run_bot
from tests.loopback import LoopbackDiscord
from tests.loopback.harness import bot_environment

VOICE = "voice will NOT be supported"


def test_exactly_the_two_voice_warnings_are_dropped(caplog: pytest.LogCaptureFixture) -> None:
    silence_voice_warnings()
    discord_client = logging.getLogger("discord.client")
    caplog.set_level(logging.DEBUG)
    for message in sorted(VOICE_WARNINGS):
        discord_client.warning(message)
    discord_client.warning("logging in using static token")
    discord_client.warning("Opus is not loaded, voice will NOT be supported")
    logging.getLogger("whyfirst").warning(sorted(VOICE_WARNINGS)[0])
    assert [(r.name, r.getMessage()) for r in caplog.records] == [
        ("discord.client", "logging in using static token"),
        ("discord.client", "Opus is not loaded, voice will NOT be supported"),
        ("whyfirst", sorted(VOICE_WARNINGS)[0]),
    ]


async def test_python_m_bot_prints_no_voice_warning_once_discord_py_is_running(
    loopback: LoopbackDiscord, tmp_path: Path
) -> None:
    # A rejected token: the bot builds its discord.py client (which is when discord.py
    # warns about voice), tries to log in, and exits 2. A missing token would exit before
    # discord.py is ever used and prove nothing.
    environment = bot_environment(
        loopback, tmp_path / "bot.sqlite3", dev_guild=None, token="not-the-token"
    )
    environment["LOG_LEVEL"] = "DEBUG"
    code, text = await run_bot(environment, tmp_path)
    assert code == 2
    assert "Discord rejected DISCORD_TOKEN" in text
    assert "discord.client" in text  # discord.py did log, at DEBUG, through the same handler
    assert VOICE not in text
