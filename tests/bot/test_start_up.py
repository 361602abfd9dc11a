"""`python -m bot` stops with one clear sentence and exit code 2 when it cannot log in."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.bot.bot_process import run_bot
from tests.loopback import LoopbackDiscord
from tests.loopback.harness import InProcessBot, bot_environment


async def test_a_missing_token_says_what_to_do(tmp_path: Path) -> None:
    code, stderr = await run_bot({"DISCORD_TOKEN": ""}, tmp_path)
    assert code == 2
    assert "DISCORD_TOKEN is not set" in stderr
    assert "Traceback" not in stderr
    assert len(stderr.strip().splitlines()) == 1


async def test_a_rejected_token_says_what_to_do(loopback: LoopbackDiscord, tmp_path: Path) -> None:
    environment = bot_environment(
        loopback, tmp_path / "bot.sqlite3", dev_guild=None, token="not-the-token"
    )
    code, stderr = await run_bot(environment, tmp_path)
    assert code == 2
    assert "Discord rejected DISCORD_TOKEN" in stderr
    assert "Traceback" not in stderr


async def test_commands_are_synced_once_then_only_when_they_change(
    loopback: LoopbackDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    guild = loopback.add_guild("Pub")
    environment = bot_environment(loopback, tmp_path / "bot.sqlite3", dev_guild=guild)
    caplog.set_level(logging.INFO, logger="whyfirst")
    for _ in range(2):
        bot = InProcessBot(environment)
        await bot.start()
        await bot.stop()
        assert bot.errors == []
    messages = [r.getMessage() for r in caplog.records if r.name == "whyfirst"]
    assert sum("synced to guild" in m for m in messages) == 1
    assert sum("unchanged" in m for m in messages) == 1
    assert [c["name"] for c in loopback.commands(guild)] == ["whyfirst"]


async def test_an_unusable_database_says_so(loopback: LoopbackDiscord, tmp_path: Path) -> None:
    database = tmp_path / "bot.sqlite3"
    database.write_bytes(b"this is not a database" * 100)
    environment = bot_environment(loopback, database, dev_guild=None)
    code, stderr = await run_bot(environment, tmp_path)
    assert code == 2
    assert "cannot use its database" in stderr
    assert "Traceback" not in stderr
