"""Running the bot under test against a loopback Discord: in-process or as `python -m bot`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
from pathlib import Path

from tests.loopback.loopback import LoopbackDiscord
from tests.loopback.players import GuildHandle

READY_LINE = "whyfirst: ready"
WATCHED_LOGGERS = ("whyfirst", "bot", "discord")
START_TIMEOUT_SECONDS = 30.0


def bot_environment(
    discord: LoopbackDiscord,
    database: Path | str,
    *,
    dev_guild: GuildHandle | None,
    time_scale: float = 1.0,
    token: str | None = None,
) -> dict[str, str]:
    """The environment of the seams between the bot and the loopback Discord."""
    env = {
        "DISCORD_TOKEN": discord.token if token is None else token,
        "DISCORD_API_BASE": discord.api_base,
        "DISCORD_GATEWAY_URL": discord.gateway_url,
        "WHYFIRST_DATABASE": str(database),
        "WHYFIRST_TIME_SCALE": repr(time_scale),
        "LOG_LEVEL": "INFO",
    }
    if dev_guild is not None:
        env["WHYFIRST_DEV_GUILD"] = str(dev_guild.id)
    return env


async def until_signalled() -> None:
    """Returns once the process gets SIGINT (Ctrl-C) or SIGTERM: what a command line that
    serves until stopped waits for."""
    stopped = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signal_number, stopped.set)
    await stopped.wait()


class ErrorLogGuard(logging.Handler):
    """Collects ERROR+ records of the bot's and discord.py's loggers; notices the ready line."""

    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.errors: list[str] = []
        self.ready = asyncio.Event()
        self._previous_levels: dict[str, int] = {}

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR:
            text = f"{record.levelname} {record.name}: {record.getMessage()}"
            if record.exc_info and record.exc_info[1] is not None:
                text += f" ({record.exc_info[0].__name__}: {record.exc_info[1]})"  # type: ignore[union-attr]
            self.errors.append(text)
        elif record.name == "whyfirst" and record.getMessage() == READY_LINE:
            self.ready.set()

    def install(self) -> None:
        for name in WATCHED_LOGGERS:
            logger = logging.getLogger(name)
            self._previous_levels[name] = logger.level
            if logger.level == logging.NOTSET or logger.level > logging.INFO:
                logger.setLevel(logging.INFO)
            logger.addHandler(self)

    def uninstall(self) -> None:
        for name in WATCHED_LOGGERS:
            logger = logging.getLogger(name)
            logger.removeHandler(self)
            logger.setLevel(self._previous_levels.get(name, logging.NOTSET))


class InProcessBot:
    """`bot.app.serve(settings)` as a task of the test's event loop.

    The same code path as `python -m bot`, without a process: faster, but cannot be SIGKILLed.
    """

    def __init__(self, environment: dict[str, str]) -> None:
        self.environment = environment
        self.guard = ErrorLogGuard()
        self._task: asyncio.Task[None] | None = None

    @property
    def errors(self) -> list[str]:
        return self.guard.errors

    async def start(self) -> None:
        from bot.app import serve
        from bot.settings import load_settings

        self.guard.install()
        self.guard.ready.clear()
        settings = load_settings(self.environment)
        self._task = asyncio.create_task(serve(settings), name="bot under test")
        ready = asyncio.create_task(self.guard.ready.wait())
        done, _ = await asyncio.wait(
            {self._task, ready}, timeout=START_TIMEOUT_SECONDS, return_when=asyncio.FIRST_COMPLETED
        )
        if ready not in done:
            ready.cancel()
            if self._task in done:
                self._task.result()
                raise RuntimeError("the bot stopped before it logged 'whyfirst: ready'")
            raise TimeoutError("the bot did not log 'whyfirst: ready' in time")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        self.guard.uninstall()


class BotProcess:
    """`python -m bot` as a subprocess, killable with SIGKILL and restartable."""

    def __init__(self, environment: dict[str, str], workdir: Path) -> None:
        self.environment = environment
        self.workdir = workdir
        self.errors: list[str] = []
        self.stderr_lines: list[str] = []
        self.returncode: int | None = None
        self._process: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()

    async def start(self, *, wait_ready: bool = True) -> None:
        self._ready = asyncio.Event()
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("DISCORD_", "WHYFIRST_"))
        }
        env.update(self.environment)
        env["PYTHONUNBUFFERED"] = "1"
        self._process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=self.workdir,
            env=env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
        )
        self._reader = asyncio.create_task(self._read_stderr(self._process))
        if wait_ready:
            waiter = asyncio.create_task(self._ready.wait())
            done, _ = await asyncio.wait(
                {waiter, self._reader},
                timeout=START_TIMEOUT_SECONDS,
                return_when=asyncio.FIRST_COMPLETED,
            )
            if waiter not in done:
                waiter.cancel()
                await self.kill()
                tail = "\n".join(self.stderr_lines[-20:])
                raise RuntimeError(
                    f"python -m bot did not get ready; its stderr ends with:\n{tail}"
                )

    @property
    def pid(self) -> int:
        assert self._process is not None
        return self._process.pid

    async def _read_stderr(self, process: asyncio.subprocess.Process) -> None:
        assert process.stderr is not None
        while line_bytes := await process.stderr.readline():
            line = line_bytes.decode(errors="replace").rstrip("\n")
            self.stderr_lines.append(line)
            if line.startswith(("ERROR", "CRITICAL")):
                self.errors.append(line)
            elif self.errors and line.startswith((" ", "Traceback", "During handling")):
                # The traceback under an error belongs to it: the failing test shows it whole.
                self.errors[-1] += "\n" + line
            elif self.errors and line and not line.split(" ", 1)[0].isupper():
                self.errors[-1] += "\n" + line
            if READY_LINE in line:
                self._ready.set()

    async def wait_exit(self, within: float = START_TIMEOUT_SECONDS) -> int:
        assert self._process is not None
        self.returncode = await asyncio.wait_for(self._process.wait(), within)
        if self._reader is not None:
            await self._reader
        return self.returncode

    async def kill(self) -> None:
        """SIGKILL: no cleanup, no goodbye, as a crash or an OOM kill."""
        if self._process is not None and self._process.returncode is None:
            self._process.send_signal(signal.SIGKILL)
            await self.wait_exit()

    async def restart(self) -> None:
        await self.kill()
        await self.start()

    async def stop(self) -> None:
        if self._process is None or self._process.returncode is not None:
            return
        self._process.send_signal(signal.SIGTERM)
        try:
            await self.wait_exit(within=10)
        except TimeoutError:
            await self.kill()
