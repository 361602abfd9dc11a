"""/healthz and /metrics, scraped over HTTP from a bot started with WHYFIRST_METRICS_PORT."""

from __future__ import annotations

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from tests.e2e.server import Server
from tests.e2e.table import Table
from tests.ports import free_port
from tests.postgres import PostgresCluster


async def get(port: int, path: str) -> tuple[int, str, str]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}{path}") as response,
    ):
        return response.status, response.headers["Content-Type"], await response.text()


def sample(text: str, name: str, **labels: str) -> float:
    """The sum of the samples `name` of the Prometheus text `text` that carry `labels`."""
    return sum(
        found.value
        for family in text_string_to_metric_families(text)
        for found in family.samples
        if found.name == name and labels.items() <= found.labels.items()
    )


async def test_a_scrape_shows_the_game_that_was_played_and_nothing_private(
    server: Server,
) -> None:
    port = free_port()
    server.extra_environment["WHYFIRST_METRICS_PORT"] = str(port)
    await server.start_bot()
    assert await get(port, "/healthz") == (200, "text/plain; charset=utf-8", "ok\n")

    anne, ben = players = server.players("Anne", "Ben")
    table = Table(server.discord, server.games, players, seed=5)
    await table.open(pick_seconds=600)
    stage, round_ = await table.play_turn()
    for player in players:  # the round revealed and the next hands dealt: nothing left to send
        await table.controls(player, stage, round_ + 1)
    second_lobby = await ben.slash(server.games, "whyfirst start")
    assert second_lobby.ephemeral_text is not None

    status, content_type, text = await get(port, "/metrics")
    assert status == 200
    assert content_type.startswith("text/plain; version=")
    assert sample(text, "whyfirst_interactions_total", kind="command", outcome="answered") == 1
    assert sample(text, "whyfirst_interactions_total", kind="command", outcome="refused") == 1
    assert sample(text, "whyfirst_interactions_total", kind="button", outcome="answered") >= 4
    assert sample(text, "whyfirst_acknowledgement_seconds_count") >= 6
    assert sample(text, "whyfirst_games", status="running") == 1
    assert sample(text, "whyfirst_commit_seconds_count") >= 3
    callbacks = "/interactions/{id}/{token}/callback"
    assert sample(text, "whyfirst_rest_requests_total", method="POST", route=callbacks) >= 6
    assert sample(text, "whyfirst_rest_requests_total", status="429") == 0
    assert sample(text, "whyfirst_rest_waiting") == 0
    assert sample(text, "whyfirst_version_conflicts_total") == 0
    for private in (server.discord.token, anne.name, ben.name, str(anne.id), str(server.guild.id)):
        assert private not in text


async def test_healthz_says_503_and_why_while_the_database_is_unreachable(
    postgres_cluster: PostgresCluster, postgres_url: str, server: Server
) -> None:
    port = free_port()
    server.extra_environment["WHYFIRST_METRICS_PORT"] = str(port)
    server.database = postgres_url
    bot = await server.start_bot()
    assert (await get(port, "/healthz"))[0] == 200

    database = postgres_url.rsplit("/", 1)[1]
    postgres_cluster.psql(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS false')
    postgres_cluster.psql(
        f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{database}'"
    )
    status, _, reason = await get(port, "/healthz")
    assert status == 503
    assert reason.startswith("database: ")
    assert postgres_url not in reason

    postgres_cluster.psql(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS true')
    assert await get(port, "/healthz") == (200, "text/plain; charset=utf-8", "ok\n")
    # The operator's log says what the outage was, and nothing else went wrong.
    assert bot.errors
    assert all("not currently accepting connections" in error for error in bot.errors)
    bot.errors.clear()
