"""Shared fixtures: a started loopback Discord that fails the test on any broken Discord rule,
and a throwaway PostgreSQL server (one per test session and xdist worker) with a fresh
database per test."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from typing import NoReturn

import pytest

from tests.loopback import LoopbackDiscord
from tests.postgres import PostgresCluster, find_server_binaries


@pytest.fixture
async def loopback() -> AsyncIterator[LoopbackDiscord]:
    discord = LoopbackDiscord()
    await discord.start()
    try:
        yield discord
    finally:
        await discord.stop()
    unexpected = discord.unexpected_violations()
    if unexpected:
        pytest.fail("the bot broke Discord's rules:\n" + "\n".join(map(str, unexpected)))


def _unavailable(reason: str) -> NoReturn:
    """Skip on a machine without PostgreSQL; under CI its absence is a failure."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI must run the PostgreSQL tests)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    bin_dir = find_server_binaries()
    if bin_dir is None:
        _unavailable(
            "PostgreSQL server binaries not found (no /usr/lib/postgresql/*/bin, no initdb "
            "on PATH); install them, e.g. apt-get install postgresql"
        )
    cluster = PostgresCluster.start(bin_dir)
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster: PostgresCluster) -> Iterator[str]:
    """The URL of a new, empty database, dropped after the test."""
    url = postgres_cluster.create_database()
    try:
        yield url
    finally:
        postgres_cluster.drop_database(url)
