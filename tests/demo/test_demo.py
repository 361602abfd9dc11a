"""`make demo`: one whole game by the real bot, and a page that shows what every player saw."""

from __future__ import annotations

import asyncio
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import engine
from tests.demo.__main__ import main
from tests.demo.game import CLOSED_DMS, PLAYER_NAMES, dealt_from_seed, seed_of_first_game
from tests.demo.messages import PNG_SIGNATURE
from tests.demo.page_reader import Shown, data_uri_bytes, read_page
from tests.demo.replay_copy import DemoFiles
from tests.e2e.browser import ARTEFACTS, browser_page

REVEALED = re.compile(r"Stage (\d) · Round (\d) revealed")
DM_HEADER = re.compile(r"in Pub › #games — Stage (\d), round \d")
CARD = re.compile(r"^[+-]\d$")
REPLAY_PAGE = "whyfirst-demo-replay.html"
README_PICTURE = Path(__file__).parents[2] / "docs" / "track.png"
EVERY_TURN = [(stage, round_) for stage in range(1, 6) for round_ in range(1, 6)]


def turns_revealed(messages: list[Shown]) -> list[tuple[int, int]]:
    return [
        (int(found[1]), int(found[2]))
        for message in messages
        if (found := REVEALED.search(message.content))
    ]


def test_make_demo_writes_the_game_as_its_players_saw_it_and_no_column_is_cut_off(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = DemoFiles(tmp_path / "whyfirst-demo.html")
    track_picture = tmp_path / "track.png"
    command = ["--out", str(files.transcript), "--seed", "1", "--track-picture", str(track_picture)]
    assert main(command) == 0

    # Each path printed says which file it is.
    printed = capsys.readouterr().out.splitlines()
    assert printed[:4] == [
        f"transcript: {files.transcript.resolve()}",
        f"replay page: {files.replay_page.resolve()}",
        f"replay picture: {files.replay_picture.resolve()}",
        f"track picture: {track_picture.resolve()}",
    ]
    page = read_page(files.transcript.read_text(encoding="utf-8"))
    introduction = " ".join(page.introduction.split())
    assert "Their choices follow seed 1." in introduction
    assert "the same command shows the same game" in introduction
    assert list(page.columns) == ["#games"] + [f"{name}'s DMs" for name in PLAYER_NAMES]
    # Self-contained but for the replay page beside it: opens from a file, offline, no script.
    assert "script" not in page.elements
    assert all(ref.startswith(("data:", "#")) for ref in page.references if ref != REPLAY_PAGE)

    channel = page.columns["#games"]
    lobby = channel[0]
    assert "used /whyfirst start" in lobby.text
    # The deferred reply to /whyfirst start showed as the bot thinking until the lobby came.
    assert lobby.earlier.startswith("5 earlier versionsWhy First? is thinking…Why First? — @Anne")
    assert "(empty)" not in lobby.earlier
    reveals = [message for message in channel if REVEALED.search(message.content)]
    assert turns_revealed(reveals) == EVERY_TURN
    for reveal in reveals:
        (picture,) = reveal.pictures
        assert picture["alt"].startswith("Stage ")
        assert data_uri_bytes(picture["src"], "image/png").startswith(PNG_SIGNATURE)
    # The README's picture is the one the bot posted with the last round of this game.
    (last_picture,) = reveals[-1].pictures
    assert track_picture.read_bytes() == data_uri_bytes(last_picture["src"], "image/png")
    assert printed[4:] == [f"its alt text: {last_picture['alt']}"]
    assert pixels(track_picture.read_bytes()) == pixels(README_PICTURE.read_bytes()), (
        "docs/track.png is no longer what the bot posts: redraw it as README.md says"
    )

    (final,) = [message for message in channel if "Game over!" in message.content]
    (record_link,) = final.files
    assert re.fullmatch(r"whyfirst-\d+\.json", record_link["download"])
    record = json.loads(data_uri_bytes(record_link["href"], "application/json"))
    assert len(record["stages"]) == 5
    assert sorted(record["names"].values()) == sorted(PLAYER_NAMES)
    assert [(b.label, b.disabled) for b in final.buttons] == [
        ("Rematch", False),
        ("Replay ↗", False),
    ]
    # The Replay button opens the replay page written beside the transcript.
    assert final.buttons[1].href == REPLAY_PAGE == files.replay_page.name
    replay_page = files.replay_page.read_text(encoding="utf-8")
    assert "<title>Why First? — replay of game" in replay_page
    assert f'src="{files.replay_picture.name}"' in replay_page
    assert files.replay_picture.read_bytes().startswith(PNG_SIGNATURE)
    # No address of the bot's web server, which is gone once the demo ends; no link preview
    # either, which needs the page's public address.
    assert "http://" not in replay_page
    assert 'property="og:url"' not in replay_page

    picked = last_picks(record)
    for name in PLAYER_NAMES:
        private = page.columns[f"{name}'s DMs"]
        only_you = ["Only you can see this" in message.text for message in private]
        if name in CLOSED_DMS:
            # No DM reached them: every hand was a reply only they saw, one per round.
            assert len(private) == len(EVERY_TURN)
            assert all(only_you)
            stage_ends = [private[-1]]
        else:
            headers = [DM_HEADER.search(message.content) for message in private]
            assert [int(found[1]) if found else None for found in headers] == [1, 2, 3, 4, 5]
            assert not any(only_you)
            stage_ends = private
        hands = [button for message in private for button in message.earlier_buttons]
        assert any(CARD.match(button.label) and button.disabled for button in hands)
        assert any(CARD.match(button.label) and not button.disabled for button in hands)
        # The column ends on the card picked last; each stage's hand on its last pick.
        assert "This game is over." in private[-1].content
        stages = range(6 - len(stage_ends), 6)
        for stage, hand in zip(stages, stage_ends, strict=True):
            card = picked[(name, stage)]
            assert hand.before_last.startswith(f"Last click: {card} · just before"), (name, stage)

    # One game serves both: the transcript it wrote, opened in a 1600 px window.
    asyncio.run(columns_at_1600_px(files.transcript))


def pixels(png: bytes) -> bytes:
    return Image.open(io.BytesIO(png)).convert("RGB").tobytes()


def last_picks(record: dict[str, Any]) -> dict[tuple[str, int], str]:
    """The card each person played in each stage's last round, as its button is labelled."""
    return {
        (record["names"][pick["player"]], stage): f"{engine.card(pick['card']).value:+d}"
        for stage, played in enumerate(record["stages"], 1)
        for pick in played["rounds"][-1]
    }


async def columns_at_1600_px(transcript: Path) -> None:
    """No column of the transcript is cut off in a 1600 px window: side by side, each whole
    within the window, nothing inside running over its edge."""
    async with browser_page(900, width=1600) as (page, said):
        await page.goto(transcript.as_uri())
        window = await page.evaluate("document.documentElement.clientWidth")
        columns = await page.eval_on_selector_all(
            ".column",
            "columns => columns.map(column => [column.id, column.getBoundingClientRect().top,"
            " column.getBoundingClientRect().left, column.getBoundingClientRect().right,"
            " column.scrollWidth - column.clientWidth])",
        )
        await page.screenshot(path=str(ARTEFACTS / "demo-1600.png"))
    assert said == []
    assert [column[0] for column in columns] == ["channel", "seat-1", "seat-2", "seat-3", "seat-4"]
    for anchor, top, left, right, overflow in columns:
        assert top == columns[0][1], anchor
        assert 0 <= left < right <= window, anchor
        assert overflow == 0, anchor


def test_the_page_can_tell_whether_the_deal_followed_the_seed() -> None:
    players = ["11", "22", "33"]
    state = engine.new_game(players, engine.Variant.STANDARD, seed_of_first_game(5))
    hands = {player: list(hand) for player, hand in engine.chance_outcome(state).hands}
    record = {"variant": "standard", "players": players, "stages": [{"hands": hands}]}

    assert dealt_from_seed(record, 5)
    assert not dealt_from_seed(record, 6)
