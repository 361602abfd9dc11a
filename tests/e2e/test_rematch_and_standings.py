"""Scenarios 8 and 9: Rematch seats the same players; the leaderboard and /whyfirst stats
show exactly the figures computed from the finished games' records."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from tests.e2e.results import replay
from tests.e2e.server import Server
from tests.e2e.table import Table
from tests.loopback import Player


@dataclass
class Figures:
    games: int = 0
    wins: int = 0
    points: int = 0
    stage_points: list[int] = field(default_factory=list)

    @property
    def rate(self) -> int:
        return round(100 * self.wins / self.games)


def tally(replays: list[dict[str, Any]]) -> dict[str, Figures]:
    figures: dict[str, Figures] = {}
    for result in replays:
        for player, total in result["totals"].items():
            if player == "Leo":
                continue
            mine = figures.setdefault(player, Figures())
            mine.games += 1
            mine.wins += player in result["winners"]
            mine.points += total
            mine.stage_points += [stage["points"][player] for stage in result["stages"]]
    return figures


async def finish(table: Table) -> dict[str, Any]:
    await table.play_to_the_end()
    return table.record()


async def test_rematch_then_standings_match_the_records(server: Server) -> None:
    await server.start_bot()
    anne, ben, cleo = server.players("Anne", "Ben", "Cleo")
    first = Table(server.discord, server.games, [anne, ben], seed=11)
    await first.open(pick_seconds=600)
    records = [await finish(first)]

    final = first.final_message()
    assert final is not None
    rematch = await ben.click(final, label="Rematch")
    lobby = rematch.message
    assert lobby is not None
    assert re.findall(r"^\d\. (<@\d+>)$", lobby.content, re.MULTILINE) == [
        ben.mention,
        anne.mention,
    ]
    second = Table(server.discord, server.games, [ben, anne], seed=12, lobby=lobby)
    await second.start()
    records.append(await finish(second))
    assert records[1]["players"] == [str(ben.id), str(anne.id)]

    third = Table(server.discord, server.games, [cleo, anne, ben], seed=13)
    await third.open(pick_seconds=600)
    records.append(await finish(third))

    expected = tally([await replay(record, server.workdir) for record in records])
    board = await anne.slash(server.games, "whyfirst leaderboard", metric="points")
    assert board.message is not None
    rows = parse_board(board.message.content)
    assert rows == {
        player: (mine.wins, mine.games, mine.rate, mine.points) for player, mine in expected.items()
    }
    ranked = sorted(expected.values(), key=lambda mine: -mine.points)
    assert [row_points for *_, row_points in board_order(board.message.content)] == [
        mine.points for mine in ranked
    ]
    for player in (anne, cleo):
        await check_stats(server, ben, player, expected[str(player.id)])


def parse_board(content: str) -> dict[str, tuple[int, int, int, int]]:
    return {row[0]: tuple(row[1:]) for row in board_order(content)}


def board_order(content: str) -> list[tuple[Any, ...]]:
    row = re.compile(
        r"^\*\*\d+\.\*\* <@(\d+)> — (\d+) wins? in (\d+) games? \((\d+)%\), (-?\d+) points?$"
    )
    rows = []
    for line in content.splitlines():
        found = row.match(line)
        if found:
            player, wins, games, rate, points = found.groups()
            rows.append((player, int(wins), int(games), int(rate), int(points)))
    return rows


async def check_stats(server: Server, asker: Player, player: Player, mine: Figures) -> None:
    stats = await asker.slash(server.games, "whyfirst stats", member=player)
    assert stats.message is not None
    text = stats.message.content
    assert text.startswith(
        f"**{player.mention}** — {counted(mine.games, 'game')}, {counted(mine.wins, 'win')} "
        f"({mine.rate}%), {counted(mine.points, 'point')} "
        f"({mine.points / mine.games:.1f} per game). Best score in a stage: "
        f"{max(mine.stage_points)}."
    ), text


def counted(count: int, noun: str) -> str:
    """English: "1 win", "2 wins", "0 wins", "-1 point"."""
    return f"{count} {noun}" if abs(count) == 1 else f"{count} {noun}s"
