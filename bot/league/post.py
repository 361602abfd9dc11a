"""What a league night says: its post in the channel (who joined, then the standings, then the
champion) with its buttons, and the line that seats a table in its thread."""

from __future__ import annotations

import io
from collections.abc import Mapping

import discord

from bot.i18n import join_names, t
from bot.league.night import Night, Phase
from bot.league.picture import standings_picture
from bot.league.seating import table_letter
from bot.league.store import LeagueRecord
from bot.messages.post import CONTENT_LIMIT, Post
from bot.options import GameOptions
from bot.storage import PlayerId, user_id_of
from bot.ui.buttons import Rows, button
from bot.ui.replies import PINGS

PREFIX = "wf:league"
ACTIONS = ("join", "leave", "start", "cancel", "end")
TEMPLATE = rf"{PREFIX}:(?P<action>{'|'.join(ACTIONS)}):(?P<league>\d{{1,18}})"
MORE_ROOM = 60
"""Kept for the line that says how many more there are."""
STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "cancel": discord.ButtonStyle.danger,
    "end": discord.ButtonStyle.danger,
}


def button_id(action: str, league_id: int) -> str:
    return f"{PREFIX}:{action}:{league_id}"


def mention(player: PlayerId) -> str:
    return f"<@{user_id_of(player)}>"


def league_post(league: LeagueRecord, page: str | None) -> Post:
    """The league's post as the night stands; `page`: its standings page, if served."""
    league_id, night, names = league.id, league.night, league.names
    locale = GameOptions.from_dict(league.options).locale
    head = [t("league.title", locale, league=league_id)]
    head.append(t("league.settings", locale, count=night.games, size=night.table_size))
    listed: list[str] = []
    tail: list[str] = []
    if night.phase is Phase.OPEN:
        head.append(t("league.joined", locale, count=len(night.players)))
        listed = [f"{n + 1}. {names.get(p, p)}" for n, p in enumerate(night.players)]
        tail.append(t("league.help", locale))
        actions: tuple[str, ...] = ("join", "leave", "start", "cancel")
    elif night.phase is Phase.CANCELLED:
        tail.append(t("league.cancelled", locale))
        actions = ()
    else:
        head.append(t("league.standings", locale))
        listed = standings_lines(night, names, locale)
        champion = night.champion()
        actions = ()
        if champion is not None:
            tail.append(t("league.champion", locale, player=names.get(champion, champion)))
        elif night.phase is Phase.FINISHED:
            tail.append(t("league.ended_early", locale))
        else:
            tail.append(t("league.playing", locale, game=night.game, night_games=night.games))
            actions = ("leave", "end")
    if page is not None and night.phase is not Phase.CANCELLED:
        tail.append(t("league.page", locale, link=page))
    lines = [*head, *_fitted(listed, len("\n".join([*head, *tail])), locale), *tail]
    view = Rows(
        [
            button(button_id(action, league_id), t(f"league.{action}", locale), STYLES[action])
            for action in actions
        ]
    )
    picture = None
    if night.champion() is not None:

        def picture() -> discord.File:
            png = standings_picture(league_id, night, names, locale)
            return discord.File(io.BytesIO(png), filename="standings.png")

    return Post("\n".join(lines), view if actions else None, file=picture)


def _fitted(listed: list[str], around: int, locale: str | None) -> list[str]:
    """As many of the list's lines as a message holds beside `around` characters of the rest
    (Discord takes 2000); then how many more there are (the picture and the page list all)."""
    room = CONTENT_LIMIT - around - MORE_ROOM
    kept: list[str] = []
    for line in listed:
        room -= len(line) + 1
        if room < 0:
            return [*kept, t("league.more", locale, count=len(listed) - len(kept))]
        kept.append(line)
    return kept


def standings_lines(night: Night, names: Mapping[PlayerId, str], locale: str | None) -> list[str]:
    lines: list[str] = []
    for place, standing in enumerate(night.standings(), start=1):
        name = names.get(standing.player, standing.player)
        gone = standing.player in night.out
        key = "league.standing_out" if gone else "league.standing"
        lines.append(
            t(
                key,
                locale,
                place=place,
                player=name,
                league_points=standing.points,
                won=standing.wins,
                played=standing.played,
            )
        )
    return lines


def thread_name(league_id: int, game: int, table: int, locale: str | None) -> str:
    letter = table_letter(table)
    return t("league.thread", locale, league=league_id, game=game, table=letter)[:100]


def seated_post(players: tuple[PlayerId, ...], game: int, games: int, locale: str | None) -> Post:
    """The thread's first message: who sits here (a mention each)."""
    names = join_names([mention(player) for player in players], locale)
    return Post(
        t("league.seated", locale, players=names, game=game, night_games=games), mentions=PINGS
    )


def dropped_post(players: tuple[PlayerId, ...], game: int, locale: str | None) -> Post:
    """Those who missed a whole game: they sit out the rest of the night."""
    names = join_names([mention(player) for player in players], locale)
    return Post(t("league.dropped", locale, players=names, game=game), mentions=PINGS)
