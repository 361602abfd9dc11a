"""How one message is drawn: escaped text, markdown, pictures, files, buttons, earlier versions."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime, timedelta

from PIL import Image

from tests.demo.markdown import GameClock, Names, humanized
from tests.demo.messages import Reading, render_message
from tests.demo.page_reader import Shown, data_uri_bytes, read_page
from tests.loopback.model import DM, GUILD_TEXT, Attachment, Channel, Message, User

START = datetime(2026, 5, 1, 20, 0, 0, tzinfo=UTC)
BOT = User(1, "Why First?", bot=True)
SNEAKY = User(2, '<img src=x onerror="alert(1)">')
ANNE = User(3, "Anne")
GAMES = Channel(10, "games", GUILD_TEXT)


def shown(message: Message, *, time_scale: float = 1.0) -> Shown:
    """The message drawn on a page of its own, as a reader sees it."""
    reading = Reading(
        Names(users={u.id: u.name for u in (BOT, SNEAKY, ANNE)}, channels={GAMES.id: "games"}),
        GameClock(START, time_scale),
        commands={},
    )
    page = read_page(f"<h2>column</h2>{render_message(message, reading)}")
    (drawn,) = page.columns["column"]
    return drawn


def message(content: str = "", **fields: object) -> Message:
    return Message(42, GAMES, BOT, content, timestamp=START.isoformat(), **fields)  # type: ignore[arg-type]


def png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "#E69F00").save(out, format="PNG")
    return out.getvalue()


def test_names_and_text_cannot_inject_markup() -> None:
    drawn = shown(message(f"<script>alert(1)</script> <@{SNEAKY.id}> & <#{GAMES.id}>"))

    assert "script" not in drawn.elements
    assert drawn.pictures == []
    assert drawn.content == f"<script>alert(1)</script> @{SNEAKY.name} & #games"


def test_bold_mentions_and_relative_times_read_as_discord_shows_them() -> None:
    deadline = int((START + timedelta(seconds=30)).timestamp())
    rendered = shown(message(f"**Stage 1** — waiting for: <@{ANNE.id}> <t:{deadline}:R>"))
    sped_up = shown(message(f"<@{ANNE.id}> <t:{deadline}:R>"), time_scale=0.1)

    assert rendered.content == "Stage 1 — waiting for: @Anne in 30 seconds"
    assert sped_up.content == "@Anne in 5 minutes"
    assert humanized(-120) == "2 minutes ago"
    assert humanized(1) == "in 1 second"


def test_bold_is_drawn_strong() -> None:
    reading = Reading(Names({ANNE.id: "**Anne**"}, {}), GameClock(START), {})
    drawn = render_message(message(f"**You** played in front of <@{ANNE.id}>"), reading)

    assert "<strong>You</strong>" in drawn
    assert "@**Anne**" in drawn


def test_buttons_are_drawn_in_their_rows_with_style_and_state() -> None:
    cards = [
        {"type": 2, "style": 1, "label": "+2", "custom_id": "a"},
        {"type": 2, "style": 2, "label": "-3", "custom_id": "b", "disabled": True},
        {"type": 2, "style": 3, "label": "+1", "custom_id": "c"},
    ]
    leave = {"type": 2, "style": 4, "label": "Leave", "custom_id": "d", "emoji": {"name": "🚪"}}
    drawn = shown(message("Your hand", components=[{"type": 1, "components": [*cards, leave]}]))

    assert [(b.label, b.classes) for b in drawn.buttons] == [
        ("+2", {"button", "primary"}),
        ("-3", {"button", "secondary", "disabled"}),
        ("+1", {"button", "success"}),
        ("🚪 Leave", {"button", "danger"}),
    ]


def test_a_picture_is_embedded_with_its_alt_text_and_a_record_can_be_downloaded() -> None:
    picture = png(12, 4)
    record = json.dumps({"game": 7, "stages": []}).encode()
    attachments = [
        Attachment(1, "track.png", picture, "u", description="Anne on 3 & Ben on START"),
        Attachment(2, "whyfirst-7.json", record, "u"),
    ]
    drawn = shown(message("**Game over!**", attachments=attachments))

    (image,) = drawn.pictures
    assert image["alt"] == "Anne on 3 & Ben on START"
    assert data_uri_bytes(image["src"], "image/png") == picture
    (file,) = drawn.files
    assert file["download"] == "whyfirst-7.json"
    assert json.loads(data_uri_bytes(file["href"], "application/json")) == {"game": 7, "stages": []}


def test_an_edited_message_shows_its_last_state_and_folds_the_earlier_ones() -> None:
    join = [{"type": 1, "components": [{"type": 2, "style": 3, "label": "Join", "custom_id": "j"}]}]
    edited = message(
        "the game is under way",
        edit_count=2,
        edited_timestamp=(START + timedelta(seconds=75)).isoformat(),
        revisions=[("", []), ("1 player seated", join)],
    )
    drawn = shown(edited)

    assert "edited 2 times, last at 1:15" in drawn.text
    assert "the game is under way" in drawn.text
    assert drawn.buttons == []
    assert "2 earlier versions" in drawn.earlier
    assert "1 player seated" in drawn.earlier
    assert [b.label for b in drawn.earlier_buttons] == ["Join"]


def test_an_ephemeral_reply_says_only_its_reader_sees_it() -> None:
    private = Channel(11, "Anne", DM, recipient=ANNE)
    reply = Message(43, private, BOT, "Choose a card", flags=64, timestamp=START.isoformat())

    assert "Only you can see this" in shown(reply).text
    assert "Only you can see this" not in shown(message("Choose a card")).text
