"""An operator's local mistakes are named before Discord is reached: through the real entry
point, each is one sentence on stderr, printed once, exit code 2, and nothing is created or
changed. Discord's refusals at start are one sentence each too. The offline rows point the
bot at an address where nothing listens: reaching Discord would say "cannot reach"."""

from __future__ import annotations

import asyncio
import signal
import socket
import sys
from pathlib import Path

from tests.bot.bot_process import run_bot, run_check, start_bot
from tests.loopback import LoopbackDiscord
from tests.loopback.harness import bot_environment
from tests.ports import free_port

NOWHERE = "http://127.0.0.1:9/api/v10"
REPOSITORY = Path(__file__).resolve().parents[2]


def offline(workdir: Path, **settings: str) -> dict[str, str]:
    return {
        "DISCORD_TOKEN": "a-token",
        "DISCORD_API_BASE": NOWHERE,
        "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/",
        "WHYFIRST_DATABASE": str(workdir / "bot.sqlite3"),
        "LOG_LEVEL": "WARNING",
        **settings,
    }


def files(folder: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes() if path.is_file() else b"<folder>"
        for path in sorted(folder.rglob("*"))
    }


def full_path(path: Path) -> Path:
    return path.resolve()


async def until_ready(process: asyncio.subprocess.Process) -> list[str]:
    """The bot's log lines up to the one that says it is ready."""
    assert process.stderr is not None
    lines: list[str] = []
    while not any("whyfirst: ready" in line for line in lines):
        line = await asyncio.wait_for(process.stderr.readline(), 60)
        assert line, "".join(lines)
        lines.append(line.decode())
    return lines


def said_once(stderr: str, words: str) -> None:
    """`words` stand in exactly one line, and the bot said nothing else but that line."""
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert words in lines[0], stderr
    assert "Traceback" not in stderr


async def test_a_junk_database_is_refused_offline_and_left_as_it_was(tmp_path: Path) -> None:
    junk = tmp_path / "bot.sqlite3"
    junk.write_bytes(b"this is not a database" * 100)
    before = files(tmp_path)
    code, stderr = await run_bot(offline(tmp_path), tmp_path)
    assert code == 2
    said_once(stderr, "not an SQLite database")
    assert "WHYFIRST_DATABASE" in stderr
    assert files(tmp_path) == before


async def test_a_missing_folder_is_refused_not_made(tmp_path: Path) -> None:
    database = tmp_path / "typo" / "bot.sqlite3"
    code, stderr = await run_bot(offline(tmp_path, WHYFIRST_DATABASE=str(database)), tmp_path)
    assert code == 2
    said_once(stderr, f"the folder {database.parent} does not exist")
    assert files(tmp_path) == {}


async def test_an_unknown_database_scheme_is_a_settings_error(tmp_path: Path) -> None:
    code, stderr = await run_bot(offline(tmp_path, WHYFIRST_DATABASE="mysql://x@y/z"), tmp_path)
    assert code == 2
    said_once(stderr, "WHYFIRST_DATABASE must be an SQLite file's path or a PostgreSQL URL")
    assert files(tmp_path) == {}


async def test_a_postgresql_server_that_does_not_listen_is_named_offline(tmp_path: Path) -> None:
    url = f"postgresql://whyfirst@127.0.0.1:{free_port()}/whyfirst"
    code, stderr = await run_bot(offline(tmp_path, WHYFIRST_DATABASE=url), tmp_path)
    assert code == 2
    said_once(stderr, "the server cannot be reached")
    assert files(tmp_path) == {}


async def test_a_port_in_use_is_named_before_discord(tmp_path: Path) -> None:
    holder = socket.socket()
    holder.bind(("0.0.0.0", 0))
    holder.listen()
    port = holder.getsockname()[1]
    try:
        for setting in ("WHYFIRST_METRICS_PORT", "WHYFIRST_WEB_PORT"):
            extra = {setting: str(port)}
            if setting == "WHYFIRST_WEB_PORT":
                extra["WHYFIRST_PUBLIC_URL"] = "https://whyfirst.example.org"
            code, stderr = await run_bot(offline(tmp_path, **extra), tmp_path)
            assert code == 2
            said_once(stderr, f"{setting}={port}: the port cannot be served")
            assert "cannot reach" not in stderr
    finally:
        holder.close()
    # The database was opened (it comes first) and closed whole: nothing else is left.
    assert sorted(files(tmp_path)) == ["bot.sqlite3"]


async def test_a_malformed_api_base_is_a_settings_error(tmp_path: Path) -> None:
    code, stderr = await run_bot(offline(tmp_path, DISCORD_API_BASE="not-a-url"), tmp_path)
    assert code == 2
    said_once(stderr, "DISCORD_API_BASE must be a https:// or http:// address")
    assert files(tmp_path) == {}


async def test_the_table_without_its_secret_or_the_web_pages_is_a_settings_error(
    tmp_path: Path,
) -> None:
    code, stderr = await run_bot(offline(tmp_path, DISCORD_CLIENT_ID="1234"), tmp_path)
    assert code == 2
    said_once(stderr, "DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET go together")
    both = {"DISCORD_CLIENT_ID": "1234", "DISCORD_CLIENT_SECRET": "secret"}
    code, stderr = await run_bot(offline(tmp_path, **both), tmp_path)
    assert code == 2
    said_once(stderr, "set WHYFIRST_WEB_PORT and WHYFIRST_PUBLIC_URL too")
    assert "secret" not in stderr.replace("DISCORD_CLIENT_SECRET", "")
    assert files(tmp_path) == {}


async def test_commands_refused_on_the_dev_server_name_the_server_and_the_scope(
    loopback: LoopbackDiscord, tmp_path: Path
) -> None:
    environment = bot_environment(loopback, tmp_path / "bot.sqlite3", dev_guild=None)
    environment["WHYFIRST_DEV_GUILD"] = "123456789012345678"  # a server the bot is not in
    environment["LOG_LEVEL"] = "WARNING"
    code, stderr = await run_bot(environment, tmp_path)
    assert code == 2
    said_once(stderr, "refused the bot's slash commands on the server")
    assert "WHYFIRST_DEV_GUILD=123456789012345678" in stderr
    assert "applications.commands" in stderr


async def test_ctrl_c_stops_the_bot_with_one_stopped_line_and_exit_code_0(
    loopback: LoopbackDiscord, tmp_path: Path
) -> None:
    loopback.add_guild("Pub")
    environment = bot_environment(loopback, tmp_path / "bot.sqlite3", dev_guild=None)
    process = await start_bot(environment, tmp_path)
    await until_ready(process)
    assert process.stderr is not None
    process.send_signal(signal.SIGINT)
    rest = await asyncio.wait_for(process.stderr.read(), 60)
    await process.wait()
    assert process.returncode == 0
    assert rest.decode().splitlines().count("whyfirst: stopped") == 1


async def test_a_new_database_file_is_created_and_logged_with_its_full_path(
    loopback: LoopbackDiscord, tmp_path: Path
) -> None:
    """A relative WHYFIRST_DATABASE is read from the folder the bot starts in; the log names
    the file it made with its full path, so that an operator finds it."""
    loopback.add_guild("Pub")
    environment = bot_environment(loopback, "fresh.sqlite3", dev_guild=None)
    process = await start_bot(environment, tmp_path)
    lines = await until_ready(process)
    process.send_signal(signal.SIGTERM)
    await asyncio.wait_for(process.wait(), 60)
    created = [line for line in lines if "created the database" in line]
    assert len(created) == 1, "".join(lines)
    assert str(full_path(tmp_path / "fresh.sqlite3")) in created[0]
    assert "fresh.sqlite3" in files(tmp_path)


async def test_the_loopback_runs_on_its_own_and_says_how_to_reach_it(tmp_path: Path) -> None:
    loopback = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.loopback",
        cwd=REPOSITORY,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
    )
    assert loopback.stdout is not None
    settings: dict[str, str] = {}
    while "WHYFIRST_DEV_GUILD" not in settings:
        line = (await asyncio.wait_for(loopback.stdout.readline(), 60)).decode().strip()
        assert line, "the loopback ended before it said its settings"
        if "=" in line and not line.startswith("#"):
            name, value = line.split("=", 1)
            settings[name] = value
    try:
        environment = {**settings, "WHYFIRST_DATABASE": str(tmp_path / "bot.sqlite3")}
        bot = await start_bot(environment, tmp_path)
        assert bot.stderr is not None
        lines: list[str] = []
        while not any("whyfirst: ready" in line for line in lines):
            line = (await asyncio.wait_for(bot.stderr.readline(), 60)).decode()
            assert line, "".join(lines)
            lines.append(line)
        bot.send_signal(signal.SIGTERM)
        await asyncio.wait_for(bot.communicate(), 60)
        assert bot.returncode == 0
    finally:
        loopback.send_signal(signal.SIGINT)
        await asyncio.wait_for(loopback.wait(), 60)
    assert loopback.returncode == 0


async def test_check_offline_says_what_it_checked_and_changes_nothing(tmp_path: Path) -> None:
    code, printed = await run_check(offline(tmp_path), tmp_path, "--offline")
    assert code == 0, printed
    assert printed.splitlines() == [
        "settings: read and valid",
        f"database: {tmp_path / 'bot.sqlite3'} does not exist yet: the bot creates it when "
        "it starts",
        "ports: none to serve",
        "Discord: not asked (--offline)",
    ]
    assert files(tmp_path) == {}


async def test_check_names_the_first_problem_and_changes_nothing(tmp_path: Path) -> None:
    (tmp_path / "bot.sqlite3").write_bytes(b"this is not a database" * 100)
    before = files(tmp_path)
    code, printed = await run_check(offline(tmp_path), tmp_path, "--offline")
    assert code == 2
    assert printed.splitlines()[-1].startswith("The bot cannot use its database")
    assert "not an SQLite database" in printed
    assert files(tmp_path) == before


async def test_check_asks_discord_for_the_token_the_application_and_the_commands(
    loopback: LoopbackDiscord, tmp_path: Path
) -> None:
    guild = loopback.add_guild("Pub")
    environment = bot_environment(loopback, tmp_path / "bot.sqlite3", dev_guild=guild)
    code, printed = await run_check(environment, tmp_path)
    assert code == 0, printed
    assert f"token: accepted, the bot is {loopback.bot_user.name.lower()}" in printed
    assert "application: Why First?" in printed
    assert f"commands: /whyfirst is not registered on the server WHYFIRST_DEV_GUILD={guild.id}" in (
        printed
    )
    rejected = {**environment, "DISCORD_TOKEN": "not-the-token"}
    code, printed = await run_check(rejected, tmp_path)
    assert code == 2
    assert printed.splitlines()[-1].startswith("Discord rejected DISCORD_TOKEN")
