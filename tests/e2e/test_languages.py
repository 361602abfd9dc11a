"""Each player reads their own language in private (DMs, ephemeral answers), everyone reads
the server's language in public (the game's messages and the picture's alt text), and only a
member who may manage the server chooses that language."""

from __future__ import annotations

import re

from bot.i18n import default_catalog, t
from tests.e2e.server import Server
from tests.e2e.table import Table, buttons
from tests.loopback import Message

LOCALES = ("en-US", "de", "it")
FAST_CLOCK = 0.05
PICK_SECONDS = 30


def pattern(key: str, locale: str) -> re.Pattern[str]:
    """A catalog sentence as a pattern: its words as they are, each placeholder any text."""
    sentence = default_catalog().entry(key, locale)
    assert isinstance(sentence, str)
    parts = re.split(r"\{[a-z_]+\}", sentence)
    return re.compile(".+?".join(re.escape(part) for part in parts))


def speaks(text: str, key: str, locale: str) -> bool:
    """Whether `text` says sentence `key` in `locale` and in no other language."""
    return bool(pattern(key, locale).fullmatch(text)) and not any(
        pattern(key, other).fullmatch(text) for other in LOCALES if other != locale
    )


def first_line(message: Message) -> str:
    return message.content.splitlines()[0]


async def test_private_messages_speak_the_players_language_public_ones_the_servers(
    server: Server,
) -> None:
    server.guild.guild.preferred_locale = "de"
    anne, ben, cleo = players = server.players("Anne", "Ben", "Cleo")
    locales = dict(zip((anne.name, ben.name, cleo.name), LOCALES, strict=True))
    for player in players:
        player.user.locale = locales[player.name]
    await server.start_bot()

    refused = await cleo.slash(server.games, "whyfirst language", language="en")
    assert refused.ephemeral_text == t("refusal.language_not_allowed", "it")

    table = Table(server.discord, server.games, players, seed=4)
    lobby = await table.open(pick_seconds=600)
    assert speaks(first_line(lobby), "lobby.started", "de")
    assert f"{anne.mention}, {ben.mention} und {cleo.mention}" in first_line(lobby)
    first = table.round_message()
    assert first is not None
    for player in players:
        shown = await player.click(first, custom_id=buttons(first, "hand")[0]["custom_id"])
        assert shown.ephemeral is not None
        assert speaks(first_line(shown.ephemeral), "hand.header", locales[player.name])
    (picture,) = first.attachments
    assert picture.description is not None
    assert t("picture.caption_start", "de", stage=1) in picture.description
    final = await table.play_to_the_end()

    reveals = [m for m in table.game_messages() if m.attachments and m is not final]
    assert reveals
    for reveal in reveals[1:]:
        assert speaks(first_line(reveal), "reveal.title", "de"), first_line(reveal)
    assert speaks(first_line(final), "final.title", "de")
    for player in players:
        assert player.dms()
        for dm in player.dms():
            assert speaks(first_line(dm), "hand.header", locales[player.name]), dm.content
        stats = await player.slash(server.games, "whyfirst stats")
        assert stats.message is not None
        figures, rating = stats.message.content.split("\n")
        assert pattern("stats.text", locales[player.name]).fullmatch(figures)
        assert pattern("stats.rating", locales[player.name]).fullmatch(rating)


async def test_a_manager_chooses_the_servers_language_for_new_games(server: Server) -> None:
    moderator = server.add_member("Mo", manage_guild=True)
    await server.start_bot()
    chosen = await moderator.slash(server.games, "whyfirst language", language="it")
    assert chosen.ephemeral_text == t("language.set", "en-US", language="Italiano")
    anne = server.members["Anne"]
    opened = await anne.slash(server.games, "whyfirst start")
    lobby = opened.message or server.games.last_message()
    assert speaks(first_line(lobby), "lobby.title", "it")

    back = await moderator.slash(server.games, "whyfirst language", language="auto")
    assert back.ephemeral_text == t("language.auto", "en-US", language="English")


def test_every_locale_here_has_its_own_catalog() -> None:
    assert {"en", "de", "it"} <= set(default_catalog().locales())


async def test_a_dm_sent_without_a_click_speaks_the_language_the_player_last_showed(
    server: Server,
) -> None:
    anne, dan = server.players("Anne", "Dan")
    dan.user.locale = "de"
    bot = await server.start_bot(time_scale=FAST_CLOCK)
    table = Table(server.discord, server.games, [anne, dan], seed=8)
    await table.open(pick_seconds=PICK_SECONDS)
    hand = await table.controls(dan, 1, 1)
    # Dan only clicked Join: his hand is in German all the same.
    assert speaks(first_line(hand), "hand.header", "de")
    await bot.stop()
    await bot.start()
    # A process that never saw Dan redraws his hand after the reveal (Dan lets the deadline
    # play for him): the language comes from the database.
    anne_hand = await table.controls(anne, 1, 1)
    await table.pick_all([(anne, anne_hand)], 1, 1)
    hand = await table.controls(dan, 1, 2)
    assert speaks(first_line(hand), "hand.header", "de")
