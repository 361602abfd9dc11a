"""A Discord server with members, and the real bot serving it through the loopback Discord."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tests.loopback import GuildHandle, LoopbackDiscord, Player, TextChannel
from tests.loopback.harness import BotProcess, InProcessBot, bot_environment

# The game clock runs 10x faster: 2 s of discord.py's guild_ready_timeout become 0.2 s and
# the lobby's 15 idle minutes 90 s; pick deadlines are chosen per test.
DEFAULT_TIME_SCALE = 0.1


@dataclass
class Server:
    discord: LoopbackDiscord
    workdir: Path
    guild: GuildHandle
    games: TextChannel
    members: dict[str, Player] = field(default_factory=dict)
    bots: list[InProcessBot | BotProcess] = field(default_factory=list)
    database: str | None = None
    """A PostgreSQL URL; None: an SQLite file in `workdir`."""
    extra_environment: dict[str, str] = field(default_factory=dict)
    """More settings of the bots started from now on, e.g. WHYFIRST_METRICS_PORT."""

    @classmethod
    def create(
        cls,
        discord: LoopbackDiscord,
        workdir: Path,
        names: list[str],
        *,
        shard: tuple[int, int] = (0, 1),
    ) -> Server:
        """A server whose guild belongs to `shard` (shard id, shard count)."""
        guild = discord.add_guild("Pub", shard=shard)
        server = cls(discord, workdir, guild, guild.add_text_channel("games"))
        for name in names:
            server.add_member(name)
        return server

    def add_member(self, name: str, *, manage_guild: bool = False) -> Player:
        player = self.discord.add_user(name)
        self.guild.add_member(player, manage_guild=manage_guild)
        self.members[name] = player
        return player

    def players(self, *names: str) -> list[Player]:
        return [self.members[name] for name in names]

    global_commands: bool = False
    """Sync the commands globally (not to this server alone), as a group DM needs them."""

    def environment(self, time_scale: float) -> dict[str, str]:
        environment = bot_environment(
            self.discord,
            self.database or self.workdir / "whyfirst.sqlite3",
            dev_guild=None if self.global_commands else self.guild,
            time_scale=time_scale,
        )
        return environment | self.extra_environment

    async def start_bot(self, time_scale: float = DEFAULT_TIME_SCALE) -> InProcessBot:
        bot = InProcessBot(self.environment(time_scale))
        self.bots.append(bot)
        await bot.start()
        return bot

    async def start_bot_process(
        self, time_scale: float = DEFAULT_TIME_SCALE, **settings: str
    ) -> BotProcess:
        """`python -m bot`; `settings` are more of its environment (WHYFIRST_SHARD_IDS="1")."""
        bot = BotProcess(self.environment(time_scale) | settings, self.workdir)
        self.bots.append(bot)
        await bot.start()
        return bot

    async def stop_bots(self) -> list[str]:
        """Stop every bot started; the ERROR lines they logged."""
        errors: list[str] = []
        for bot in reversed(self.bots):
            await bot.stop()
            errors += bot.errors
        return errors
