"""A league night as a reducer, like a game's (engine/): `apply(night, action)` returns the
night it leads to, or a typed refusal that changes nothing. Pure: the seating comes from the
stored seed and the standings, so a night replays from its actions.

Its life: open (people join and leave) -> playing (one game at a time, its tables at once; the
next game is seated when the current one's last table ends) -> finished (after the last game,
or ended early by its host) or cancelled (before it started). Whoever leaves between games, or
misses a whole game by deadlines, is seated no more; their results stay in the standings.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from bot.league.seating import Tables, first_seating, seated
from bot.league.standings import Entrant, Standing, TableResult, champion, standings
from bot.storage import PlayerId

MIN_PLAYERS = 4
GAMES = range(2, 6)
TABLE_SIZES = range(3, 7)
MIN_TABLE = 2
"""A table of two plays with Leo, as any game of two does; one person alone ends the night."""


class Phase(StrEnum):
    OPEN = "open"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class Refused(StrEnum):
    """Why an action changes nothing (the Discord side says it in the player's language)."""

    NOT_OPEN = "not_open"
    ALREADY_IN = "already_in"
    NOT_IN = "not_in"
    TOO_FEW = "too_few"
    NOT_PLAYING = "not_playing"
    UNKNOWN_TABLE = "unknown_table"
    OVER = "over"
    BUSY = "busy"
    """Other writers kept coming first (bot/league/service.py)."""


@dataclass(frozen=True)
class Join:
    player: PlayerId
    rating: float
    """Their rating in the server now: a tie-break of the standings."""


@dataclass(frozen=True)
class Leave:
    player: PlayerId


@dataclass(frozen=True)
class Start:
    pass


@dataclass(frozen=True)
class TableOpened:
    """A table of the current game got its game (its thread and game id)."""

    game: int
    table: int
    game_id: int


@dataclass(frozen=True)
class TableEnded:
    """A table's game ended: its winners (none when it was abandoned), and who missed all of
    it by deadlines."""

    game: int
    table: int
    winners: tuple[PlayerId, ...] = ()
    absent: tuple[PlayerId, ...] = ()


@dataclass(frozen=True)
class EndEarly:
    pass


@dataclass(frozen=True)
class Cancel:
    pass


Action = Join | Leave | Start | TableOpened | TableEnded | EndEarly | Cancel


@dataclass(frozen=True)
class Played:
    game: int
    table: int
    result: TableResult


@dataclass(frozen=True)
class Night:
    games: int
    table_size: int
    seed: int
    phase: Phase = Phase.OPEN
    entrants: tuple[Entrant, ...] = ()
    out: tuple[PlayerId, ...] = ()
    """Those seated no more: they left, or missed a whole game (in that order)."""
    game: int = 0
    """The game being played (1 first); 0 before the start."""
    tables: Tables = ()
    """The current game's tables, best seated first."""
    played: tuple[Played, ...] = ()
    table_games: tuple[tuple[int, int, int], ...] = ()
    """(game, table, game id) of every table opened so far."""

    def __post_init__(self) -> None:
        if self.games not in GAMES or self.table_size not in TABLE_SIZES:
            raise ValueError(f"a league plays {GAMES} games at tables of {TABLE_SIZES}")

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(entrant.player for entrant in self.entrants)

    @property
    def seatable(self) -> tuple[PlayerId, ...]:
        """Who the next seating may seat, in the order they joined."""
        return tuple(player for player in self.players if player not in self.out)

    def standings(self) -> tuple[Standing, ...]:
        return standings(self.entrants, (played.result for played in self.played))

    def champion(self) -> PlayerId | None:
        """Named once the night is over."""
        return champion(self.standings()) if self.phase is Phase.FINISHED else None

    def table_of(self, game_id: int) -> tuple[int, int] | None:
        """The (game, table) the game id is played at."""
        return next(((g, t) for g, t, played in self.table_games if played == game_id), None)

    def unopened_tables(self) -> tuple[int, ...]:
        """The current game's tables that have no game yet."""
        opened = {table for game, table, _ in self.table_games if game == self.game}
        return tuple(index for index in self.open_tables() if index not in opened)

    def seats_of(self, game: int) -> dict[int, tuple[PlayerId, ...]]:
        """Who sits (or sat) at each table of `game`, by table."""
        seats = dict(enumerate(self.tables)) if game == self.game else {}
        return seats | {p.table: p.result.players for p in self.played if p.game == game}

    def played_tables(self, game: int) -> tuple[tuple[PlayerId, ...], ...]:
        """Who played at each table of `game` that ended, table A first."""
        ended = sorted((p.table, p.result.players) for p in self.played if p.game == game)
        return tuple(players for _, players in ended)

    def open_tables(self) -> tuple[int, ...]:
        """The current game's tables still playing."""
        ended = {played.table for played in self.played if played.game == self.game}
        return tuple(index for index in range(len(self.tables)) if index not in ended)


def apply(night: Night, action: Action) -> Night | Refused:
    match action:
        case Join(player, rating):
            if night.phase is not Phase.OPEN:
                return Refused.NOT_OPEN
            if player in night.players:
                return Refused.ALREADY_IN
            entrant = Entrant(player, len(night.entrants), rating)
            return replace(night, entrants=(*night.entrants, entrant))
        case Leave(player):
            return _leave(night, player)
        case Start():
            if night.phase is not Phase.OPEN:
                return Refused.NOT_OPEN
            if len(night.entrants) < MIN_PLAYERS:
                return Refused.TOO_FEW
            tables = first_seating(night.players, night.table_size, night.seed)
            return replace(night, phase=Phase.PLAYING, game=1, tables=tables)
        case TableOpened(game, table, game_id):
            if night.phase is not Phase.PLAYING:
                return Refused.NOT_PLAYING
            if game != night.game or table not in night.unopened_tables():
                return Refused.UNKNOWN_TABLE
            return replace(night, table_games=(*night.table_games, (game, table, game_id)))
        case TableEnded():
            return _table_ended(night, action)
        case EndEarly():
            if night.phase is not Phase.PLAYING:
                return Refused.NOT_PLAYING
            return replace(night, phase=Phase.FINISHED)
        case Cancel():
            if night.phase is not Phase.OPEN:
                return Refused.NOT_OPEN
            return replace(night, phase=Phase.CANCELLED)


def _leave(night: Night, player: PlayerId) -> Night | Refused:
    if night.phase in (Phase.FINISHED, Phase.CANCELLED):
        return Refused.OVER
    if player not in night.seatable:
        return Refused.NOT_IN
    if night.phase is Phase.OPEN:
        kept = tuple(e for e in night.entrants if e.player != player)
        renumbered = tuple(replace(e, joined=index) for index, e in enumerate(kept))
        return replace(night, entrants=renumbered)
    # Playing: their table plays on without them being told apart; later seatings leave them
    # out, and their results are kept.
    return replace(night, out=(*night.out, player))


def _table_ended(night: Night, ended: TableEnded) -> Night | Refused:
    if night.phase is not Phase.PLAYING:
        return Refused.NOT_PLAYING
    if ended.game != night.game or ended.table not in night.open_tables():
        return Refused.UNKNOWN_TABLE
    players = night.tables[ended.table]
    winners = tuple(player for player in ended.winners if player in players)
    played = Played(ended.game, ended.table, TableResult(players, winners))
    absent = tuple(p for p in ended.absent if p in players and p not in night.out)
    night = replace(night, played=(*night.played, played), out=(*night.out, *absent))
    if night.open_tables():
        return night
    return _next_game(night)


def _next_game(night: Night) -> Night:
    """The current game is over: seat the next by the standings, or end the night."""
    seatable = set(night.seatable)
    if night.game == night.games or len(seatable) < MIN_TABLE:
        return replace(night, phase=Phase.FINISHED)
    ranked = [standing.player for standing in night.standings() if standing.player in seatable]
    return replace(night, game=night.game + 1, tables=seated(ranked, night.table_size))
