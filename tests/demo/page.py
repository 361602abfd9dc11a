"""The whole transcript as one HTML page: the channel and each player's private messages."""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from tests.demo.messages import Reading, render_message
from tests.loopback import Message, Player, TextChannel

STYLE = Path(__file__).with_name("transcript.css")


@dataclass(frozen=True)
class Column:
    anchor: str
    title: str
    note: str
    messages: list[Message]
    private: bool = False
    """A player's own messages: their hands, each showing what was picked before it was
    put away."""


@dataclass(frozen=True)
class Story:
    """The facts of the run that the page's introduction tells."""

    seed: int
    players: list[str]
    closed_dms: list[str]
    time_scale: float
    deal_follows_seed: bool


def channel_column(channel: TextChannel) -> Column:
    return Column(
        "channel", f"#{channel.name}", "What everyone in the channel sees.", channel.messages()
    )


def private_column(player: Player, seat: int, *, dms_closed: bool) -> Column:
    """The player's DMs and the ephemeral replies only they saw, in the order they came."""
    messages = sorted([*player.dms(), *player.ephemerals()], key=lambda message: message.id)
    if dms_closed:
        note = f"{player.name} keeps DMs closed: the replies only {player.name} sees."
    else:
        note = f"The bot's DMs to {player.name}, and any reply only {player.name} sees."
    return Column(f"seat-{seat}", f"{player.name}'s DMs", note, messages, private=True)


def render_page(story: Story, columns: list[Column], reading: Reading, language: str = "en") -> str:
    """The page, in English around messages in `language` (a Discord locale)."""
    body = "\n".join(_column(column, reading) for column in columns)
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        "<title>Why First? — one whole game, as its players saw it</title>\n"
        f"<style>\n{STYLE.read_text(encoding='utf-8')}</style>\n</head>\n<body>\n"
        f"{_introduction(story, columns)}\n<main lang='{html.escape(language)}'>\n{body}\n"
        "</main>\n</body>\n</html>\n"
    )


def _column(column: Column, reading: Reading) -> str:
    messages = "\n".join(
        render_message(message, reading, hand=column.private) for message in column.messages
    )
    return (
        f'<section class="column" id="{column.anchor}" aria-labelledby="{column.anchor}-title">\n'
        f'<h2 id="{column.anchor}-title">{html.escape(column.title)}</h2>\n'
        f'<p class="note">{html.escape(column.note)}</p>\n{messages}\n</section>'
    )


def _introduction(story: Story, columns: list[Column]) -> str:
    names = [html.escape(name) for name in story.players]
    listed = ", ".join(names[:-1]) + " and " + names[-1]
    speed = f"{1 / story.time_scale:g}"
    if story.deal_follows_seed:
        deal = (
            f"The cards were dealt from seed {story.seed} too: the same command shows the "
            "same game."
        )
    else:
        deal = (
            f"The cards were not dealt from seed {story.seed} (this bot picks each game's seed "
            "at random): the players play the same way each run, but the cards, and so the "
            "game, change from run to run."
        )
    closed = "".join(
        f"{html.escape(name)} keeps DMs closed and so plays from <strong>Show my hand</strong>. "
        for name in story.closed_dms
    )
    links = " · ".join(
        f'<a href="#{column.anchor}">{html.escape(column.title)}</a>' for column in columns
    )
    return f"""<header class="intro">
<h1>Why First? — one whole game, as its players saw it</h1>
<p>The real bot (<code>python -m bot</code>) ran against a loopback Discord while {len(names)}
simulated players, {listed}, played one game: 5 stages of 5 rounds. Their choices follow
seed {story.seed}. {deal}</p>
<p>First the channel, as everyone in it sees it; then, for each player, the bot's DMs and the
replies only that player saw. {closed}Each message shows its last state; earlier versions
of an edited message are folded under it. A hand the bot put away at the end of a stage
shows, too, how it stood just before: what its player picked last.</p>
<p>The bot's clock ran {speed} times as fast for the demo; times (minutes:seconds since
<code>/whyfirst start</code>) and countdowns are shown as a game at normal speed shows them.</p>
<nav>Jump to: {links}</nav>
</header>"""
