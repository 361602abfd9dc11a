"""Discord closing the gateway with 4014 (disallowed intents) stops the bot with one sentence
that says which switch of the Developer Portal to turn on, through the real entry point.

The bot asks only for the `guilds` intent, which is not privileged: Discord's own rule (a
privileged intent whose switch is off) never refuses it. Discord is made to close the
connection with 4014 the way the loopback makes it answer 500s or drop connections: as an
injected fault, so the loopback's rule itself stays as faithful as Discord's."""

from __future__ import annotations

from pathlib import Path

from tests.bot.bot_process import run_bot
from tests.bot.test_first_hour import said_once
from tests.loopback import LoopbackDiscord
from tests.loopback.harness import bot_environment


async def test_disallowed_intents_stop_the_bot_with_one_sentence_naming_the_switch(
    loopback: LoopbackDiscord, tmp_path: Path
) -> None:
    loopback.add_guild("Pub")
    loopback.inject_gateway_close(4014, count=5)
    environment = bot_environment(loopback, tmp_path / "bot.sqlite3", dev_guild=None)
    environment["LOG_LEVEL"] = "WARNING"
    code, stderr = await run_bot(environment, tmp_path)
    assert code == 2
    said_once(stderr, "Discord refused the bot's gateway intents (close code 4014)")
    assert "Developer Portal, Bot tab, turn on the Privileged Gateway Intents" in stderr
    # It stopped at the first refusal rather than knocking again.
    assert loopback.gateway.refusals == [4014]
    assert loopback.gateway.identifies == 0
