"""A league night's standings on the web (/l/<token>, where the bot serves web pages): the
standings as the post shows them, and each game's tables with a link to each finished table's
replay. The league's own template extends the web pages' base."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from aiohttp import web

from bot.i18n import join_names, t
from bot.league.night import Phase
from bot.league.seating import table_letter
from bot.league.store import LeagueRecord, LeagueStore
from bot.options import GameOptions
from bot.storage import GameRecord, GameStatus
from bot.web.server import HTML, TOKEN, cached, not_found
from bot.web.templates import package_templates

PAGE_CACHE = "no-cache"
"""A night's page changes after every game: revalidated each time (its ETag is its version)."""


class Games(Protocol):
    async def game(self, game_id: int) -> GameRecord | None: ...


@dataclass(frozen=True)
class Line:
    rank: int
    name: str
    figures: tuple[str, ...]


@dataclass(frozen=True)
class TableLine:
    name: str
    players: str
    link: str | None


@dataclass(frozen=True)
class GameLines:
    title: str
    tables: tuple[TableLine, ...]


class LeaguePages:
    def __init__(self, store: LeagueStore, games: Games, public_url: str) -> None:
        self._store = store
        self._games = games
        self._public_url = public_url

    def page_url(self, league: LeagueRecord) -> str:
        return f"{self._public_url}/l/{league.token}"

    def add_routes(self, app: web.Application) -> None:
        app.router.add_get("/l/{token}", self._page)

    async def _page(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        league = await self._store.by_token(token) if TOKEN.fullmatch(token) else None
        if league is None:
            return not_found()
        etag = f'"league-{league.id}-{league.version}"'
        html = await self.render(league)
        return cached(request, html.encode(), HTML, PAGE_CACHE, etag)

    async def render(self, league: LeagueRecord) -> str:
        locale = GameOptions.from_dict(league.options).locale
        night = league.night
        names = league.names
        lines = [
            Line(
                rank,
                names.get(s.player, s.player),
                (str(s.points), str(s.wins), str(s.played)),
            )
            for rank, s in enumerate(night.standings(), start=1)
        ]
        games = []
        played_at = {(number, table): game_id for number, table, game_id in night.table_games}
        for game in range(1, night.game + 1):
            tables = []
            for table, seated in sorted(night.seats_of(game).items()):
                game_id = played_at.get((game, table))
                record = None if game_id is None else await self._games.game(game_id)
                finished = record is not None and record.status is GameStatus.FINISHED
                token = record.replay_token if record is not None and finished else None
                tables.append(
                    TableLine(
                        t("league.table", locale, table=table_letter(table)),
                        join_names([names.get(p, p) for p in seated], locale),
                        None if token is None else f"{self._public_url}/g/{token}",
                    )
                )
            games.append(GameLines(t("league.game", locale, game=game), tuple(tables)))
        champion = night.champion()
        title = t("league.page_title", locale, league=league.id)
        return (
            package_templates("bot.league", "bot.web")
            .get_template("night.html")
            .render(
                say=lambda key, **values: t(f"web.{key}", locale, **values),
                lang=locale or "en",
                title=title,
                description=title,
                page_url=self.page_url(league),
                footer=t("league.footer", locale),
                state=_state(league, locale),
                champion=None
                if champion is None
                else t("league.champion_plain", locale, player=names.get(champion, champion)),
                header=(
                    t("league.points", locale),
                    t("league.won", locale),
                    t("league.played", locale),
                ),
                lines=lines,
                games=games,
            )
        )


def _state(league: LeagueRecord, locale: str | None) -> str:
    night = league.night
    if night.phase is Phase.OPEN:
        return t("league.joined", locale, count=len(night.players))
    if night.phase is Phase.CANCELLED:
        return t("league.cancelled", locale)
    if night.phase is Phase.FINISHED:
        return t("league.over", locale, count=night.game)
    return t("league.playing", locale, game=night.game, night_games=night.games)
