"""A server with players and the real bot running in process against the loopback Discord."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from tests.loopback import GuildHandle, LoopbackDiscord, Message, Player, TextChannel
from tests.loopback.harness import InProcessBot, bot_environment


@dataclass
class Pub:
    discord: LoopbackDiscord
    guild: GuildHandle
    games: TextChannel
    players: list[Player]
    bot: InProcessBot

    @classmethod
    async def open(
        cls, discord: LoopbackDiscord, tmp_path: Path, names: list[str], time_scale: float = 1.0
    ) -> Pub:
        guild = discord.add_guild("Pub")
        games = guild.add_text_channel("games")
        players = [discord.add_user(name) for name in names]
        for player in players:
            guild.add_member(player)
        environment = bot_environment(
            discord, tmp_path / "bot.sqlite3", dev_guild=guild, time_scale=time_scale
        )
        bot = InProcessBot(environment)
        await bot.start()
        return cls(discord, guild, games, players, bot)

    async def close(self) -> None:
        await self.bot.stop()

    async def open_game(self, **options: Any) -> Message:
        host, *others = self.players
        await host.slash(self.games, "whyfirst start", **options)
        lobby = self.games.last_message()
        for player in others:
            await player.click(lobby, label="Join")
        await host.click(lobby, label="Start")
        return lobby

    def final_message(self) -> Message | None:
        return next(
            (m for m in self.games.messages() if m.attachments and _is_record(m.attachments[0])),
            None,
        )

    def final_record(self) -> dict[str, Any]:
        final = self.final_message()
        assert final is not None
        return json.loads(final.attachments[0].data)  # type: ignore[no-any-return]


def _is_record(attachment: Any) -> bool:
    return str(attachment.filename).endswith(".json")


def last_dm(player: Player) -> Message | None:
    dms = player.dms()
    return dms[-1] if dms else None


def shows_turn(message: Message | None, stage: int, round_: int) -> bool:
    return message is not None and f"Stage {stage}, round {round_}" in message.content


def buttons(message: Message, kind: str) -> list[dict[str, Any]]:
    return [b for b in message.buttons() if b["custom_id"].startswith(f"wf:{kind}:")]


def playable_cards(message: Message) -> list[dict[str, Any]]:
    return [b for b in buttons(message, "card") if not b.get("disabled")]


def replayed(record: dict[str, Any]) -> dict[str, Any]:
    return engine.replay_record(record).to_dict()  # type: ignore[no-any-return]
