"""One whole game: `python -m bot` against the loopback Discord, played by seeded people."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import engine
from tests.demo.markdown import GameClock, Names
from tests.demo.messages import PNG_SIGNATURE, Reading
from tests.demo.page import Story, channel_column, private_column, render_page
from tests.demo.players import Pace, Seat, Version, open_game, play_game
from tests.demo.replay_copy import DemoFiles, ReplayPage, fetch_replay, replay_link
from tests.e2e.server import Server
from tests.e2e.table import Table, buttons, enabled
from tests.loopback import Attachment, LoopbackDiscord, Message, Player
from tests.loopback.harness import BotProcess
from tests.ports import free_port

PLAYER_NAMES = ("Anne", "Ben", "Chloé", "Dana")
CLOSED_DMS = ("Dana",)
"""They play from Show my hand, so the transcript shows both ways of getting a hand."""
TIME_SCALE = 0.1
PICK_SECONDS = 90
START_COMMAND = "/whyfirst start"
LOCALE = "en-US"
"""The Discord locale of the server and of every player: the language the page is in."""
VARIANT = "standard"


@dataclass(frozen=True)
class DemoRun:
    html: str
    problems: list[str]
    """What the bot logged as ERROR and every Discord rule it broke: none, normally."""
    replay: ReplayPage | None = None
    track_picture: Attachment | None = None
    """The last picture of the track the bot posted in the channel: the last round's."""


@dataclass(frozen=True)
class PlayedGame:
    lobby: Message
    table: Table
    record: dict[str, Any]
    clicked: dict[Version, set[str]]
    """Every button the players clicked, by the message version they clicked it on."""


def seed_of_first_game(seed: int) -> int:
    """The game seed a bot started with WHYFIRST_SEED=seed gives its first game."""
    return random.Random(seed).getrandbits(63)


def dealt_from_seed(record: dict[str, Any], seed: int) -> bool:
    """Whether the record's first deal is the one the seed's first game gets."""
    variant = engine.Variant(record["variant"])
    state = engine.new_game(record["players"], variant, seed_of_first_game(seed))
    deal = engine.chance_outcome(state)
    return {player: list(hand) for player, hand in deal.hands} == record["stages"][0]["hands"]


async def run_demo(
    seed: int,
    locale: str = LOCALE,
    variant: str = VARIANT,
    files: DemoFiles | None = None,
) -> DemoRun:
    """Play one game in `locale` (the server's and every player's); its transcript as HTML,
    whose Replay button leads to `files.replay_page` (make demo's files by default)."""
    files = files or DemoFiles(Path("whyfirst-demo.html"))
    discord = LoopbackDiscord()
    # The tests check every request against Discord's published schema; the demo only shows
    # the game, and so needs nothing from outside the repository.
    discord.rest.validate_schema = False
    async with discord:
        with tempfile.TemporaryDirectory(prefix="whyfirst-demo-") as workdir:
            server = Server.create(discord, Path(workdir), list(PLAYER_NAMES))
            server.guild.guild.preferred_locale = locale
            for member in server.members.values():
                member.user.locale = locale
            port = free_port()
            server.extra_environment |= {
                "WHYFIRST_WEB_PORT": str(port),
                "WHYFIRST_PUBLIC_URL": f"http://127.0.0.1:{port}",
            }
            try:
                game = await play_one_game(server, seed, variant)
                link = replay_link(game.table.final_message())
                replay = (
                    None if link is None else await fetch_replay(link, files.replay_picture.name)
                )
            finally:
                errors = await server.stop_bots()
    problems = errors + [str(violation) for violation in discord.unexpected_violations()]
    links = {} if replay is None else {replay.url: files.replay_page.name}
    pictures = [
        attachment
        for message in server.games.messages()
        for attachment in message.attachments
        if attachment.data.startswith(PNG_SIGNATURE)
    ]
    page = transcript(discord, server, game, seed, locale, links)
    return DemoRun(page, problems, replay, pictures[-1] if pictures else None)


async def play_one_game(server: Server, seed: int, variant: str = VARIANT) -> PlayedGame:
    # A bot that reads WHYFIRST_SEED deals from it; one that does not ignores it.
    environment = server.environment(TIME_SCALE) | {"WHYFIRST_SEED": str(seed)}
    bot = BotProcess(environment, server.workdir)
    server.bots.append(bot)
    await bot.start()
    players = server.players(*PLAYER_NAMES)
    for name in CLOSED_DMS:
        server.members[name].close_dms()
    closed = {str(server.members[name].id) for name in CLOSED_DMS}
    table = Table(server.discord, server.games, players, closed_dms=closed)
    seats = [Seat.seeded(player, seed) for player in players]
    pace = Pace(TIME_SCALE)
    lobby = await open_game(table, seats, pace, pick_seconds=PICK_SECONDS, variant=variant)
    await play_game(table, seats, pace)
    await server.discord.wait_for(
        lambda: not live_hands(players), what="every DM hand retired at the end"
    )
    clicked: dict[Version, set[str]] = {}
    for seat in seats:
        for version, custom_ids in seat.clicked.items():
            clicked.setdefault(version, set()).update(custom_ids)
    return PlayedGame(lobby, table, table.record(), clicked)


def live_hands(players: list[Player]) -> list[Message]:
    return [dm for player in players for dm in player.dms() if enabled(buttons(dm, "card"))]


def transcript(
    discord: LoopbackDiscord,
    server: Server,
    game: PlayedGame,
    seed: int,
    locale: str = LOCALE,
    links: Mapping[str, str] | None = None,
) -> str:
    """The page; `links` are the files it leads to instead of the addresses the bot gave."""
    world = discord.world
    names = Names(
        users={user.id: user.name for user in [*world.users.values(), world.bot]},
        channels={channel.id: channel.name for channel in world.channels.values()},
    )
    clock = GameClock(datetime.fromisoformat(game.lobby.timestamp), TIME_SCALE)
    reading = Reading(names, clock, {game.lobby.id: START_COMMAND}, links or {}, game.clicked)
    story = Story(
        seed=seed,
        players=list(PLAYER_NAMES),
        closed_dms=list(CLOSED_DMS),
        time_scale=TIME_SCALE,
        deal_follows_seed=dealt_from_seed(game.record, seed),
    )
    columns = [channel_column(server.games)] + [
        private_column(player, seat, dms_closed=player.name in CLOSED_DMS)
        for seat, player in enumerate(game.table.players, 1)
    ]
    return render_page(story, columns, reading, language=locale)
