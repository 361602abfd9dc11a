"""A table follows its game whichever process moves it on: two bot processes on one PostgreSQL
database, shards 0 and 1 of 2, with the game's guild on shard 1, so the channel's clicks (the
lobby's Start, /whyfirst cancel) reach the shard-1 process and every DM pick the shard-0 one.
Anne's table is connected to the shard-1 process and Ben's to the shard-0 one, each through
the bot's own sign-in and live socket (no browser): each shows what the other process
committed, the round it revealed included."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import pytest

from tests.e2e.server import Server
from tests.e2e.table import Table
from tests.loopback import Player
from tests.ports import free_port
from tests.postgres import PostgresCluster

SHARDS = "2"
State = dict[str, Any]


@pytest.fixture
def table_fleet(fleet: Server) -> Server:
    """The fleet's bots serve the table."""
    fleet.discord.enable_activities()
    fleet.extra_environment |= {
        "DISCORD_CLIENT_ID": str(fleet.discord.bot_user.id),
        "DISCORD_CLIENT_SECRET": fleet.discord.client_secret,
    }
    return fleet


async def start_shard(fleet: Server, shard: str) -> str:
    """The shard's process, serving the web pages (and the table) on a port of its own."""
    port = free_port()
    public = f"http://127.0.0.1:{port}"
    await fleet.start_bot_process(
        WHYFIRST_SHARD_COUNT=SHARDS,
        WHYFIRST_SHARD_IDS=shard,
        WHYFIRST_WEB_PORT=str(port),
        WHYFIRST_PUBLIC_URL=public,
    )
    return public


@dataclass
class LiveTable:
    """A player's table, connected to one process: every state it was sent."""

    player: Player
    states: list[State] = field(default_factory=list)
    looked_at: int = 0
    """The states `until` already went past."""
    socket: aiohttp.ClientWebSocketResponse | None = None

    async def connect(self, http: aiohttp.ClientSession, base: str, fleet: Server) -> None:
        launch = fleet.discord.world.application.launch(self.player.user, fleet.games.channel)
        asked = {
            "code": self.player.authorize(),
            "channel_id": str(fleet.games.id),
            "guild_id": str(fleet.guild.id),
            "instance_id": launch.instance_id,
        }
        async with http.post(f"{base}/activity/api/token", json=asked) as response:
            assert response.status == 200, await response.text()
            session = (await response.json())["session"]
        self.socket = await http.ws_connect(f"{base}/activity/api/live")
        await self.socket.send_json({"session": session})

    async def until(self, shown: Callable[[State], bool], what: str) -> State:
        """The first state since the last one found that shows it."""
        assert self.socket is not None
        while True:
            for index in range(self.looked_at, len(self.states)):
                if shown(self.states[index]):
                    self.looked_at = index + 1
                    return self.states[index]
            try:
                message = await self.socket.receive_json(timeout=20.0)
            except TimeoutError:
                raise AssertionError(f"{self.player.name}'s table never showed {what}") from None
            assert message["type"] == "state", message
            self.states.append(message)

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()


def headline(text: str) -> Callable[[State], bool]:
    return lambda state: state.get("headline") == text


async def test_each_table_shows_what_the_other_process_committed(
    table_fleet: Server, postgres_cluster: PostgresCluster
) -> None:
    fleet = table_fleet
    shard_0 = await start_shard(fleet, "0")
    shard_1 = await start_shard(fleet, "1")
    anne, ben = players = fleet.players("Anne", "Ben")
    game = Table(fleet.discord, fleet.games, players, seed=3)
    anne_table, ben_table = LiveTable(anne), LiveTable(ben)

    async with aiohttp.ClientSession() as http:
        await ben_table.connect(http, shard_0, fleet)
        await ben_table.until(lambda state: state["game"] is None, "that no game is open")
        # Started by the shard-1 process: Ben's table on the shard-0 one shows round 1.
        await game.open(pick_seconds=600)
        await ben_table.until(headline("Stage 1 · Round 1"), "the game started elsewhere")
        await anne_table.connect(http, shard_1, fleet)
        await anne_table.until(headline("Stage 1 · Round 1"), "the game on connecting")

        # Both picks come from DMs, to the shard-0 process: Anne's table on the shard-1 process
        # shows Anne's pick, then the round revealed, with the reveal's move.
        anne_dm, ben_dm = await game.controls(anne, 1, 1), await game.controls(ben, 1, 1)
        await game.pick_all([(anne, anne_dm)], 1, 1)
        await anne_table.until(
            lambda state: state.get("status") == "Still to pick: Ben.", "Anne's pick"
        )
        await game.pick_all([(ben, ben_dm)], 1, 1)
        revealed = await anne_table.until(headline("Stage 1 · Round 2"), "round 1 revealed")
        reveal = revealed["reveal"]
        assert reveal is not None, "the round's reveal, replayed from the logged picks"
        assert reveal["caption"] == "Stage 1 · Round 1"
        assert reveal["after"] == [figure["space"] for figure in revealed["figures"]]
        assert reveal["before"] == [0, 0, 0]
        await ben_table.until(headline("Stage 1 · Round 2"), "round 1 revealed here")

        # Both processes lose their listening connection: each makes it again, and a change
        # it could not hear meanwhile still reaches the table (a catch-up).
        postgres_cluster.psql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE application_name = 'whyfirst-listener'"
        )
        await game.pick_all([(anne, await game.controls(anne, 1, 2))], 1, 2)
        await anne_table.until(
            lambda state: state.get("status") == "Still to pick: Ben.", "Anne's next pick"
        )

        # Cancelled by the host in the channel (the shard-1 process): Ben's table says so.
        outcome = await anne.slash(fleet.games, "whyfirst cancel")
        assert outcome.ephemeral_text == "The game is cancelled."
        ended = await ben_table.until(lambda state: state["game"] is None, "the game cancelled")
        assert ended["status"] == "This game was cancelled."

        versions = [(state["game"], state["version"]) for state in anne_table.states]
        assert versions == sorted(set(versions)), "each version shown once, in order"
        await asyncio.gather(anne_table.close(), ben_table.close())
