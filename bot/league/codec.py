"""A night as stored: JSON-safe dicts, players by their ids (as a game's state names them), so
that the privacy erasure renames a person in it as it does in a game's."""

from __future__ import annotations

from bot.league.night import Night, Phase, Played
from bot.league.standings import Entrant, TableResult
from bot.storage import JsonObject, PlayerId


def night_to_dict(night: Night) -> JsonObject:
    return {
        "games": night.games,
        "table_size": night.table_size,
        "seed": night.seed,
        "phase": str(night.phase),
        "entrants": [[e.player, e.joined, e.rating] for e in night.entrants],
        "out": list(night.out),
        "game": night.game,
        "tables": [list(table) for table in night.tables],
        "played": [
            [p.game, p.table, list(p.result.players), list(p.result.winners)] for p in night.played
        ],
        "table_games": [list(opened) for opened in night.table_games],
    }


def night_from_dict(stored: JsonObject) -> Night:
    return Night(
        games=_int(stored["games"]),
        table_size=_int(stored["table_size"]),
        seed=_int(stored["seed"]),
        phase=Phase(str(stored["phase"])),
        entrants=tuple(
            Entrant(PlayerId(str(player)), _int(joined), float(str(rating)))
            for player, joined, rating in _rows(stored["entrants"])
        ),
        out=_players(stored["out"]),
        game=_int(stored["game"]),
        tables=tuple(_players(table) for table in _rows(stored["tables"])),
        played=tuple(
            Played(_int(game), _int(table), TableResult(_players(players), _players(winners)))
            for game, table, players, winners in _rows(stored["played"])
        ),
        table_games=tuple(
            (_int(game), _int(table), _int(game_id))
            for game, table, game_id in _rows(stored["table_games"])
        ),
    )


def _int(value: object) -> int:
    return int(str(value))


def _rows(value: object) -> list[list[object]]:
    assert isinstance(value, list)
    return [list(row) for row in value]


def _players(value: object) -> tuple[PlayerId, ...]:
    assert isinstance(value, list)
    return tuple(PlayerId(str(player)) for player in value)
