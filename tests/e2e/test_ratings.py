"""Ranked play through the loopback: the final message shows each person's rating change, the
rating leaderboard orders people as openskill computes from the games' records, a game with
one person and AI players rates nobody, and a new season starts fresh while the all-time and
the last season's tables stay."""

from __future__ import annotations

import re
from typing import Any

from openskill.models import PlackettLuce

from tests.e2e.results import replay
from tests.e2e.server import Server
from tests.e2e.table import Table
from tests.e2e.test_ai_players import open_with_ai
from tests.loopback import Message, Player

BOARD_ROW = re.compile(
    r"^\*\*(\d+)\.\*\* <@(\d+)> — ([\d,]+)( \(provisional\))?, (\d+) rated games?$"
)
CHANGE = re.compile(r"<@(\d+)> ([+−±]\d+\.\d)")


class Ratings:
    """openskill on its own over the games' records: the winners rank first, every other
    person second; Leo and AI players are not rated."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.skills: dict[str, Any] = {}
        self.games: dict[str, int] = {}

    def shown(self, person: str) -> float:
        skill = self.skills[person]
        return 1000 + 20 * (skill.mu - 3 * skill.sigma)

    def rate(self, replayed: dict[str, Any], people: list[str]) -> dict[str, str]:
        """Rate one game; each person's change as the final message should show it."""
        before = {person: self.shown(person) for person in people if person in self.skills}
        ordered = sorted(people, key=int)
        teams = [[self.skills.get(person, self.model.rating())] for person in ordered]
        ranks = [1 if person in replayed["winners"] else 2 for person in ordered]
        for person, team in zip(ordered, self.model.rate(teams, ranks=ranks), strict=True):
            self.skills[person] = team[0]
            self.games[person] = self.games.get(person, 0) + 1
        newcomer = 1000 + 20 * (self.model.mu - 3 * self.model.sigma)
        return {
            person: signed(self.shown(person) - before.get(person, newcomer)) for person in people
        }

    def board(self, minimum: int) -> list[tuple[str, str, int]]:
        listed = [person for person in self.skills if self.games[person] >= minimum]
        listed.sort(key=lambda person: (-self.shown(person), int(person)))
        return [(person, f"{round(self.shown(person)):,}", self.games[person]) for person in listed]


def signed(change: float) -> str:
    rounded = round(change, 1)
    sign = "+" if rounded > 0 else "−" if rounded < 0 else "±"
    return f"{sign}{abs(rounded):.1f}"


def shown_changes(final: Message) -> dict[str, str]:
    line = next(line for line in final.content.splitlines() if line.startswith("Ratings: "))
    return dict(CHANGE.findall(line))


def board_rows(content: str) -> list[tuple[str, str, int]]:
    rows = []
    for line in content.splitlines():
        found = BOARD_ROW.match(line)
        if found:
            _, person, rating, provisional, games = found.groups()
            assert bool(provisional) == (int(games) < 5), line
            rows.append((person, rating, int(games)))
    return rows


async def play_rated(
    server: Server, players: list[Player], seed: int, ratings: Ratings
) -> dict[str, str]:
    table = Table(server.discord, server.games, players, seed=seed)
    await table.open(pick_seconds=600)
    final = await table.play_to_the_end()
    replayed = await replay(table.record(), server.workdir)
    expected = ratings.rate(replayed, [str(player.id) for player in players])
    assert shown_changes(final) == expected
    return expected


async def leaderboard(asker: Player, server: Server, period: str) -> str:
    board = await asker.slash(server.games, "whyfirst leaderboard", metric="rating", period=period)
    assert board.message is not None, board.ephemeral_text
    return board.message.content


async def test_the_rating_board_is_what_openskill_computes_from_the_records(
    server: Server,
) -> None:
    await server.start_bot()
    anne, ben, cleo = server.players("Anne", "Ben", "Cleo")
    ratings = Ratings()
    await play_rated(server, [anne, ben, cleo], 31, ratings)
    await play_rated(server, [ben, anne], 32, ratings)  # Leo plays too, unrated
    await play_rated(server, [cleo, ben, anne], 33, ratings)

    content = await leaderboard(ben, server, "all")
    assert content.startswith("**Leaderboard** — rating, all time (page 1/1)")
    assert board_rows(content) == ratings.board(minimum=3)
    assert str(cleo.id) not in content  # two rated games: not listed yet
    assert "Listed from 3 rated games; provisional below 5." in content

    stats = await anne.slash(server.games, "whyfirst stats", member=cleo)
    assert stats.message is not None
    shown = f"{round(ratings.shown(str(cleo.id))):,} (provisional)"
    assert f"\nRating: {shown}, rank — in this server, 2 rated games; last game " in (
        stats.message.content
    )


async def test_a_game_of_one_person_and_ai_players_rates_nobody(server: Server) -> None:
    await server.start_bot()
    anne = server.members["Anne"]
    table = Table(server.discord, server.games, [anne], seed=21)
    await open_with_ai(table, 2)
    await table.start()
    final = await table.play_to_the_end()
    assert "Ratings:" not in final.content
    content = await leaderboard(anne, server, "all")
    assert "Nobody has enough rated games yet." in content
    stats = await anne.slash(server.games, "whyfirst stats")
    assert stats.message is not None
    assert "Rating:" not in stats.message.content


async def test_a_new_season_starts_fresh_and_the_others_stay(server: Server) -> None:
    server.extra_environment["WHYFIRST_RATING_MIN_GAMES"] = "1"
    server.extra_environment["WHYFIRST_CLOCK_START"] = "2026-12-31T23:00:00+00:00"
    await server.start_bot()
    anne, ben, cleo = server.players("Anne", "Ben", "Cleo")
    all_time, last_season, this_season = Ratings(), Ratings(), Ratings()
    await play_rated(server, [anne, ben], 41, all_time)
    last_season.skills, last_season.games = dict(all_time.skills), dict(all_time.games)
    assert board_rows(await leaderboard(anne, server, "season")) == last_season.board(1)

    await server.stop_bots()
    server.extra_environment["WHYFIRST_CLOCK_START"] = "2027-01-01T01:00:00+00:00"
    await server.start_bot()
    table = Table(server.discord, server.games, [ben, cleo, anne], seed=42)
    await table.open(pick_seconds=600)
    final = await table.play_to_the_end()
    replayed = await replay(table.record(), server.workdir)
    people = [str(player.id) for player in (ben, cleo, anne)]
    assert shown_changes(final) == all_time.rate(replayed, people)  # all time goes on
    this_season.rate(replayed, people)

    assert board_rows(await leaderboard(anne, server, "season")) == this_season.board(1)
    assert board_rows(await leaderboard(anne, server, "last_season")) == last_season.board(1)
    assert board_rows(await leaderboard(anne, server, "all")) == all_time.board(1)
    refused = await anne.slash(server.games, "whyfirst leaderboard", metric="rating", period="week")
    assert refused.ephemeral_text == (
        "Ratings are kept for all time and per season: choose the period all time, "
        "this season or last season."
    )
