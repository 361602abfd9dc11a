"""`make demo`: one whole game by the real bot, and a page that shows what every player saw."""

from __future__ import annotations

import json
import re

import engine
from tests.demo.game import CLOSED_DMS, PLAYER_NAMES, dealt_from_seed, run_demo, seed_of_first_game
from tests.demo.messages import PNG_SIGNATURE
from tests.demo.page_reader import Shown, data_uri_bytes, read_page

REVEALED = re.compile(r"Stage (\d) · Round (\d) revealed")
DM_HEADER = re.compile(r"in Pub › #games — Stage (\d), round \d")
CARD = re.compile(r"^[+-]\d$")
EVERY_TURN = [(stage, round_) for stage in range(1, 6) for round_ in range(1, 6)]


def turns_revealed(messages: list[Shown]) -> list[tuple[int, int]]:
    return [
        (int(found[1]), int(found[2]))
        for message in messages
        if (found := REVEALED.search(message.content))
    ]


async def test_the_page_shows_one_whole_game_as_its_players_saw_it() -> None:
    run = await run_demo(seed=1)

    assert run.problems == []
    page = read_page(run.html)
    introduction = " ".join(page.introduction.split())
    assert "Their choices follow seed 1." in introduction
    assert "the same command shows the same game" in introduction
    assert list(page.columns) == ["#games"] + [f"{name}'s DMs" for name in PLAYER_NAMES]
    # Self-contained: opens from a file, offline, without scripts.
    assert "script" not in page.elements
    assert all(ref.startswith(("data:", "#")) for ref in page.references)

    channel = page.columns["#games"]
    assert "used /whyfirst start" in channel[0].text
    reveals = [message for message in channel if REVEALED.search(message.content)]
    assert turns_revealed(reveals) == EVERY_TURN
    for reveal in reveals:
        (picture,) = reveal.pictures
        assert picture["alt"].startswith("Stage ")
        assert data_uri_bytes(picture["src"], "image/png").startswith(PNG_SIGNATURE)

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
    # Beside the transcript: the game's replay page as the bot served it, with its picture.
    assert run.replay is not None
    assert "<title>Why First? — replay of game" in run.replay.html
    assert 'src="whyfirst-demo-replay.png"' in run.replay.html
    assert run.replay.picture.startswith(PNG_SIGNATURE)

    for name in PLAYER_NAMES:
        private = page.columns[f"{name}'s DMs"]
        only_you = ["Only you can see this" in message.text for message in private]
        if name in CLOSED_DMS:
            # No DM reached them: every hand was a reply only they saw, one per round.
            assert len(private) == len(EVERY_TURN)
            assert all(only_you)
        else:
            headers = [DM_HEADER.search(message.content) for message in private]
            assert [int(found[1]) if found else None for found in headers] == [1, 2, 3, 4, 5]
            assert not any(only_you)
        hands = [button for message in private for button in message.earlier_buttons]
        assert any(CARD.match(button.label) and button.disabled for button in hands)
        assert any(CARD.match(button.label) and not button.disabled for button in hands)


def test_the_page_can_tell_whether_the_deal_followed_the_seed() -> None:
    players = ["11", "22", "33"]
    state = engine.new_game(players, engine.Variant.STANDARD, seed_of_first_game(5))
    hands = {player: list(hand) for player, hand in engine.chance_outcome(state).hands}
    record = {"variant": "standard", "players": players, "stages": [{"hands": hands}]}

    assert dealt_from_seed(record, 5)
    assert not dealt_from_seed(record, 6)
