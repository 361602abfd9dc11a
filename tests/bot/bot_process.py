"""`python -m bot` as a subprocess with the given settings (and no others of the caller's)."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path


async def start_bot(
    environment: dict[str, str], workdir: Path, *arguments: str
) -> asyncio.subprocess.Process:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "WHYFIRST_"))}
    env.update(environment)
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *arguments,
        cwd=workdir,
        env=env,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE if arguments else asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )


async def run_bot(environment: dict[str, str], workdir: Path) -> tuple[int, str]:
    """The exit code and what the bot wrote on stderr."""
    process = await start_bot(environment, workdir)
    _, stderr = await asyncio.wait_for(process.communicate(), 60)
    return process.returncode or 0, stderr.decode()


async def run_check(environment: dict[str, str], workdir: Path, *options: str) -> tuple[int, str]:
    """`python -m bot check`: the exit code and what it printed (stdout, then stderr)."""
    process = await start_bot(environment, workdir, "check", *options)
    stdout, stderr = await asyncio.wait_for(process.communicate(), 60)
    return process.returncode or 0, stdout.decode() + stderr.decode()
