"""A deployment under chaos: its own loopback Discord and server, its database (an SQLite file,
or a PostgreSQL database shared by a fleet of two processes, one a shard), its bot processes,
and what the database holds but its channels were never shown when a process died."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.chaos.games import REVEALED, Place
from tests.e2e.table import turn_in
from tests.loopback import GuildHandle, LoopbackDiscord, Player, TextChannel
from tests.loopback.harness import BotProcess, bot_environment
from tests.loopback.interactions import ACK_DEADLINE_SECONDS
from tests.postgres import PostgresCluster

TIME_SCALE = 0.1
UNSHOWN = (
    "SELECT g.channel_id, g.state, (SELECT message_id FROM game_messages m "
    "WHERE m.game_id = g.id AND m.name = 'lobby_message_id') AS lobby "
    "FROM games g WHERE g.shown_version < g.version AND g.state IS NOT NULL"
)


@dataclass
class Deployment:
    name: str
    discord: LoopbackDiscord
    guild: GuildHandle
    workdir: Path
    database: str
    """An SQLite file's path, or a PostgreSQL URL."""
    cluster: PostgresCluster | None = None
    bots: list[BotProcess] = field(default_factory=list)
    down: set[int] = field(default_factory=set)
    """The bots (by index) killed and not yet started again."""
    back: asyncio.Event = field(default_factory=asyncio.Event)
    """Set while none is down."""
    kills: list[tuple[float, int]] = field(default_factory=list)
    """When each kill was, and of which bot."""
    restarts: list[float] = field(default_factory=list)
    """When each killed bot was started again."""
    people: int = 0

    @classmethod
    async def start(
        cls, name: str, workdir: Path, cluster: PostgresCluster | None, shards: int
    ) -> Deployment:
        discord = LoopbackDiscord()
        await discord.start()
        # A process with every shard would have it; a fleet has the guild on its shard 1.
        guild = discord.add_guild(name, shard=(1, 2) if shards == 2 else (0, 1))
        database = cluster.create_database() if cluster else str(workdir / "whyfirst.sqlite3")
        deployment = cls(name, discord, guild, workdir, database, cluster)
        deployment.back.set()
        environment = bot_environment(discord, database, dev_guild=guild, time_scale=TIME_SCALE)
        for shard in range(shards):
            fleet = {"WHYFIRST_SHARD_COUNT": "2", "WHYFIRST_SHARD_IDS": str(shard)}
            bot = BotProcess(environment | (fleet if shards == 2 else {}), workdir)
            await bot.start()
            deployment.bots.append(bot)
        return deployment

    def players(self, count: int) -> list[Player]:
        found = []
        for _ in range(count):
            self.people += 1
            player = self.discord.add_user(f"{self.name[:1]}{self.people}")
            self.guild.add_member(player)
            found.append(player)
        return found

    def place(self, channel: TextChannel) -> Place:
        return Place(
            self.discord, channel, self.up, self.workdir, self.last_kill, self.killed_around
        )

    async def up(self) -> None:
        """Waits while a process of it is down (a click would go unanswered)."""
        await self.back.wait()

    def killed(self, index: int) -> None:
        self.down.add(index)
        self.back.clear()
        self.kills.append((time.monotonic(), index))

    def last_kill(self) -> str:
        """The latest kill, for a note: how long ago, and of which process."""
        if not self.kills:
            return "no kill yet"
        at, index = self.kills[-1]
        return f"{self.name} bot {index} killed {time.monotonic() - at:.1f} s ago"

    def killed_around(self, clicked: float) -> bool:
        """Whether a click made at `clicked` met a kill: a bot of this deployment was down when
        the click failed, or was killed or started again within 3 s either side of it."""
        near = [at for at, _ in self.kills] + self.restarts
        return bool(self.down) or any(abs(at - clicked) <= ACK_DEADLINE_SECONDS for at in near)

    def restarted(self, index: int) -> None:
        self.restarts.append(time.monotonic())
        self.down.discard(index)
        if not self.down:
            self.back.set()

    async def stop(self) -> None:
        for bot in self.bots:
            await bot.stop()
        await self.discord.stop()

    # --- what died unshown ------------------------------------------------------------------

    def unshown_reveals(self) -> list[tuple[TextChannel, int, tuple[int, int]]]:
        """Reveals a game stored that its channel does not show: the channel, the id its game's
        messages come after, and the round."""
        found = []
        for channel_id, state_json, lobby in self._unshown_rows():
            state = json.loads(state_json)
            stage, round_ = state["stage"], state["round"]
            if state["phase"] == "finished":
                last = (5, 5)
            elif round_ > 1 or state["phase"] == "moving":
                last = (stage, round_ - 1)
            elif stage > 1:
                last = (stage - 1, 5)
            else:
                continue
            channel = TextChannel(self.discord, self.discord.world.channels[channel_id])
            if not revealed(channel, lobby or 0, last):
                found.append((channel, lobby or 0, last))
        return found

    def _unshown_rows(self) -> list[tuple[int, str, int | None]]:
        if self.cluster is None:
            with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True) as db:
                rows = db.execute(UNSHOWN).fetchall()
            db.close()
            return [(int(c), s, int(lobby) if lobby else None) for c, s, lobby in rows]
        database = self.database.rsplit("/", 1)[1]
        sql = f"SELECT row_to_json(t) FROM ({UNSHOWN}) t"
        lines = self.cluster.psql(sql, database).splitlines()
        rows = [json.loads(line) for line in lines if line.strip()]
        return [(int(r["channel_id"]), r["state"], r["lobby"]) for r in rows]


def revealed(channel: TextChannel, after: int, turn: tuple[int, int]) -> float | None:
    """When the channel showed that round's reveal (a monotonic time), if it did."""
    for message in channel.messages():
        first = message.content.splitlines()[0] if message.content else ""
        if message.id > after and REVEALED in first and turn_in(first) == turn:
            return message.created_monotonic
    return None


async def reveal_after(
    channel: TextChannel, after: int, turn: tuple[int, int], within: float
) -> float | None:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        shown = revealed(channel, after, turn)
        if shown is not None:
            return shown
        await asyncio.sleep(0.05)
    return None
