"""The table is one screen at every size Discord opens it: a whole game of five people and an AI
player, each person at a table of another size (a phone held upright and on its side, a small
phone on its side from stage 2, and a tablet, as Discord's phone app opens it, platform=mobile;
the desktop panel and its narrowest width). At every state (the lobby, choosing a card, waiting
for the others, the reveal, a stage's scoring, the end) no page scrolls, the board, the hand and
the seats are inside the screen, no two of them overlap and each one's lines and buttons stay in
its box (nothing spills over a neighbour); six seats on a phone on its side go two across, four
in sight, and scroll inside their own box. Every seat shows its player's face (the Discord
avatar, through the bot), else the figure's disc; the phone's safe area is kept clear; rich
presence follows the game and is cleared at its end. Each state of stage 1 and the end are kept
as screenshots (build/test-artefacts/screens/)."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from typing import Any

from playwright.async_api import Frame, Page, expect

import engine
from tests.e2e.browser import ARTEFACTS, browser_pages, chromium
from tests.e2e.server import Server
from tests.e2e.table import Table
from tests.e2e.test_ai_players import open_with_ai
from tests.e2e.test_table_phone import SMALLEST_TEXT, TOUCH_TARGET, serious_violations
from tests.loopback import Player
from tests.loopback.avatars import new_avatar
from tests.table.at_the_table import discord_client, seat_at_the_table
from tests.table.discord_client import DiscordClient

__all__ = ["discord_client"]

SHOTS = ARTEFACTS / "screens"
REVEAL_TIMEOUT_MS = 60_000
SAFE_TOP, SAFE_BOTTOM = 47, 34
"""Discord's safe-area insets on a phone with a notch and a home bar (CSS pixels)."""

MEASURE = """() => {
    const shown = (element) => element && !element.hidden && element.getClientRects().length;
    const box = (id) => {
        const element = document.getElementById(id);
        if (!shown(element)) return null;
        const {x, y, width, height} = element.getBoundingClientRect();
        return {x, y, width, height};
    };
    const seats = document.getElementById("seats");
    const page = document.documentElement;
    return {
        width: innerWidth, height: innerHeight,
        scrollWidth: page.scrollWidth, scrollHeight: page.scrollHeight,
        parts: {bar: box("bar"), board: box("board"), status: box("status"),
                seats: box("seats"), hand: box("hand"), watching: box("watching")},
        figures: [...document.querySelectorAll("#track .figure circle")].map((disc) => {
            const {x, y, width, height} = disc.getBoundingClientRect();
            return {x, y, width, height};
        }),
        seatsOverflow: seats.scrollHeight - seats.clientHeight,
        // Seats whole inside the seats' box, without scrolling it.
        seatsInSight: (() => {
            const room = seats.getBoundingClientRect();
            return [...seats.querySelectorAll(".seat")].filter((seat) => {
                const {top, bottom, left, right} = seat.getBoundingClientRect();
                return top >= room.top && bottom <= room.bottom
                    && left >= room.left && right <= room.right;
            }).length;
        })(),
        // What each part shows, line by line: a part's lines stay in its box (a part that
        // grows past its room spills over its neighbour).
        lines: Object.fromEntries(["status", "seats", "hand"].map((id) => [id,
            [...document.querySelectorAll(`#${id} > :not(.unseen)`)].filter(shown)
                .map((line) => {
                    const {x, y, width, height} = line.getBoundingClientRect();
                    return {id: line.id || line.tagName, x, y, width, height};
                })])),
        handButtons: [...document.querySelectorAll("#hand button")].filter(shown).map((button) => {
            const {x, y, width, height} = button.getBoundingClientRect();
            return {text: button.textContent, x, y, width, height};
        }),
        small: [...document.querySelectorAll("button")].filter(shown)
            .map((button) => [button.getBoundingClientRect(), button.textContent])
            .filter(([r]) => Math.min(r.width, r.height) < TOUCH_TARGET)
            .map(([r, text]) => [Math.round(r.width), Math.round(r.height), text]),
    };
}""".replace("TOUCH_TARGET", str(TOUCH_TARGET))


@dataclass
class Screen:
    """One person's table: its size, whether Discord's phone app opens it, the player."""

    name: str
    width: int
    height: int
    mobile: bool
    player: Player
    page: Page | None = None
    table: Frame | None = None
    safe_area: bool = False


def overlap(one: dict[str, float], other: dict[str, float]) -> bool:
    slack = 0.5
    return (
        one["x"] + one["width"] > other["x"] + slack
        and other["x"] + other["width"] > one["x"] + slack
        and one["y"] + one["height"] > other["y"] + slack
        and other["y"] + other["height"] > one["y"] + slack
    )


def inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    slack = 0.5
    return (
        inner["x"] >= outer["x"] - slack
        and inner["y"] >= outer["y"] - slack
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + slack
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + slack
    )


async def one_screen(
    screen: Screen, state: str, shot: bool = False, when: str | None = None
) -> dict[str, Any]:
    """What is checked at every state: the page does not scroll; board, seats and hand (when
    the state has one) are inside the screen, the safe area kept clear; every button a finger
    wide; every figure on the board. `when`: measured at the first animation frame where this
    is true (a reveal's frames are short)."""
    assert screen.table is not None
    assert screen.page is not None
    if when is None:
        # The figures have stepped to where the state stands them (a glide ends in 0.2 s).
        await screen.table.wait_for_function(
            "() => document.getAnimations().every((a) => a.playState !== 'running')",
            polling="raf",
        )
        seen: dict[str, Any] = await screen.table.evaluate(MEASURE)
    else:
        measured = await screen.table.wait_for_function(
            f"() => ({when}) && ({MEASURE})()", polling="raf", timeout=REVEAL_TIMEOUT_MS
        )
        seen = await measured.json_value()
    try:
        checked(screen, state, seen)
    except AssertionError:
        await screen.page.screenshot(path=str(SHOTS / f"{screen.name}-{state}-failed.png"))
        raise
    if shot:
        await screen.page.screenshot(path=str(SHOTS / f"{screen.name}-{state}.png"))
    return seen


def checked(screen: Screen, state: str, seen: dict[str, Any]) -> None:
    where = f"{screen.name}, {state}"
    assert seen["scrollHeight"] <= seen["height"], (where, seen["scrollHeight"], seen["height"])
    assert seen["scrollWidth"] <= seen["width"], (where, seen["scrollWidth"], seen["width"])
    top = SAFE_TOP if screen.safe_area else 0
    bottom = SAFE_BOTTOM if screen.safe_area else 0
    safe = {"x": 0, "y": top, "width": seen["width"], "height": seen["height"] - top - bottom}
    parts = seen["parts"]
    wanted = ["bar", "board", "status", "seats"] + (["watching"] if state == "lobby" else ["hand"])
    for part in wanted:
        if part == "watching" and parts[part] is None:
            continue
        assert parts[part] is not None, (where, part)
        assert inside(parts[part], safe), (where, part, parts[part], safe)
    shown = [part for part in wanted if parts[part] is not None]
    for number, part in enumerate(shown):
        for other in shown[number + 1 :]:
            assert not overlap(parts[part], parts[other]), (where, part, other, parts)
    for part, lines in seen["lines"].items():
        if parts[part] is None or (part == "seats" and seen["seatsOverflow"] > 0):
            continue  # seats that scroll in their own box are clipped by it
        for line in lines:
            assert inside(line, parts[part]), (where, part, line, parts[part])
    for button in seen["handButtons"]:  # a card or a target pushed out of the hand's box
        assert inside(button, parts["hand"]), (where, button, parts["hand"])
    for disc in seen["figures"]:
        assert inside(disc, parts["board"]), (where, disc, parts["board"])
    assert seen["small"] == [], (where, seen["small"])


async def smaller_sideways(screen: Screen) -> None:
    """The phone on its side from stage 2 on is a small one (640 × 360): the hand keeps five
    cards a finger wide, and the seats give it the room."""
    assert screen.page is not None
    screen.name, screen.width, screen.height = "phone-small-sideways", 640, 360
    await screen.page.set_viewport_size({"width": screen.width, "height": screen.height})


async def each(screens: list[Screen], check: Any) -> None:
    await asyncio.gather(*(check(screen) for screen in screens))


async def pick(screen: Screen, stage: int, round_: int, shoot: bool, last: bool) -> None:
    """Once the table shows this round: a card chosen (the targets shown: the hand at its
    tallest), then the figure it goes in front of; the table then waits for the others (but
    the `last` to pick, whose pick reveals the round)."""
    table = screen.table
    assert table is not None
    await expect(table.locator("#headline")).to_have_text(
        f"Stage {stage} · Round {round_}", timeout=REVEAL_TIMEOUT_MS
    )
    hand = table.get_by_role("region", name="Your hand")
    cards = hand.locator("#cards").get_by_role("button", disabled=False)
    await expect(cards).not_to_have_count(0)
    if round_ < engine.ROUNDS:
        await cards.first.click()
        targets = hand.locator("#targets").get_by_role("button")
        await expect(targets).to_have_count(6)
        await one_screen(screen, "choosing", shoot)
        await targets.last.click()
    else:  # the last round's card goes on its player: it is played at once
        await one_screen(screen, "choosing", shoot)
        await cards.first.click()
    if not last:
        await expect(hand.locator("#hand-status")).to_contain_text("You played")
        await one_screen(screen, "waiting", shoot and round_ < engine.ROUNDS)


REVEALING = "document.querySelector('#track .card:not(.back)')"
"""The round's cards lie turned over on the board."""
SCORING = "document.querySelector('#track .scoring:not([visibility])')"
"""A stage's scoring space is lit (and the seats show what each gained)."""


async def revealed(screen: Screen, shoot: bool) -> None:
    await one_screen(screen, "reveal", shoot, when=REVEALING)


async def scored(screen: Screen, shoot: bool) -> None:
    await one_screen(screen, "scoring", shoot, when=SCORING)


async def test_a_whole_game_at_five_sizes_is_one_screen_at_every_state(
    server: Server, discord_client: DiscordClient
) -> None:
    chromium()
    SHOTS.mkdir(parents=True, exist_ok=True)
    for old in SHOTS.glob("*.png"):
        old.unlink()
    anne, ben, cleo, dan, eve = server.players("Anne", "Ben", "Cleo", "Dan", "Eve")
    for person in (anne, ben, cleo, dan):
        person.user.avatar = new_avatar()
    screens = [
        Screen("phone", 390, 844, True, anne, safe_area=True),
        Screen("phone-sideways", 844, 390, True, ben),
        Screen("tablet", 768, 1024, True, cleo),
        Screen("desktop", 1280, 800, False, dan),
        Screen("desktop-narrowest", 412, 800, False, eve),
    ]
    await server.start_bot()
    game = Table(server.discord, server.games, [anne, ben, cleo, dan, eve])
    await open_with_ai(game, 1)

    sizes = [(screen.width, screen.height) for screen in screens]
    touch = [screen.mobile for screen in screens]
    async with browser_pages(height=0, count=5, sizes=sizes, touch=touch) as (pages, problems):
        for screen, page in zip(screens, pages, strict=True):
            screen.page = page
            screen.table, _ = await seat_at_the_table(
                page, discord_client, screen.player, server, mobile=screen.mobile
            )
        phone = screens[0].table
        assert phone is not None
        await phone.evaluate(
            f"""() => {{
                const root = document.documentElement.style;
                root.setProperty("--discord-safe-area-inset-top", "{SAFE_TOP}px");
                root.setProperty("--discord-safe-area-inset-bottom", "{SAFE_BOTTOM}px");
            }}"""
        )

        # The lobby: six seats, faces where there is an avatar, the initial where not.
        async def lobby(screen: Screen) -> None:
            assert screen.table is not None
            await expect(screen.table.locator("#headline")).to_have_text("Lobby")
            await expect(screen.table.locator("#seat-list .seat")).to_have_count(6)
            await expect(screen.table.locator("#seat-list .seat img")).to_have_count(4)
            await one_screen(screen, "lobby", shot=True)

        await each(screens, lobby)
        await game.start()
        for screen in screens:
            assert screen.table is not None
            await expect(screen.table.locator("#headline")).to_have_text("Stage 1 · Round 1")
            faces = screen.table.locator("#seat-list .seat img")
            await expect(faces).to_have_count(4)
            loaded = await faces.evaluate_all("(all) => all.map((face) => face.naturalWidth)")
            assert all(width > 0 for width in loaded), (screen.name, loaded)
            await expect(screen.table.locator(".seat.you .name")).to_have_text(screen.player.name)
            await expect(
                screen.table.locator(".seat", has_text="Eve").locator(".disc")
            ).to_have_text("E")
            assert await serious_violations(screen.table) == [], screen.name
            smallest, text = await screen.table.evaluate(SMALLEST_TEXT)
            assert smallest >= 14 - 0.01, (screen.name, smallest, text)
        # Six seats on a phone on its side: two across, four in sight; the others scroll in the
        # seats' own box, the page does not.
        sideways = await one_screen(screens[1], "choosing")
        assert sideways["seatsOverflow"] > 0, sideways
        assert sideways["seatsInSight"] == 4, sideways
        # The hand under the thumb on a phone held upright, out of the home bar.
        upright = await one_screen(screens[0], "choosing")
        assert upright["parts"]["hand"]["y"] > upright["height"] / 2, upright["parts"]["hand"]

        for stage in range(1, engine.STAGES + 1):
            if stage == 2:
                await smaller_sideways(screens[1])
            for round_ in range(1, engine.ROUNDS + 1):
                first = stage == 1 and round_ == 1
                for screen in screens:
                    await pick(screen, stage, round_, first, last=screen is screens[-1])
                if round_ == engine.ROUNDS:
                    await each(screens, lambda s, shoot=stage == 1: scored(s, shoot))
                else:
                    await each(screens, lambda s, shoot=first: revealed(s, shoot))

        async def the_end(screen: Screen) -> None:
            assert screen.table is not None
            await expect(screen.table.locator("#status")).to_have_text(
                re.compile(r"^The winners? (is|are) "), timeout=REVEAL_TIMEOUT_MS
            )
            await expect(screen.table.locator(".seat.winner")).not_to_have_count(0)
            await one_screen(screen, "end", shot=True)

        await each(screens, the_end)
        await server.discord.wait_for(game.final_message, what="the final message")

        # Rich presence: the lobby, then every round, then cleared at the end.
        first_page = screens[0].page
        assert first_page is not None
        activities = await first_page.evaluate("rpc.activities")
        assert activities[0]["details"] == "Lobby"
        assert activities[0]["party"] == {"size": [6, 6]}
        assert activities[1]["details"] == "Stage 1 · Round 1"
        assert activities[1]["state"] == "Choosing cards"
        assert activities[-1] is None
        # The time counts from the game's start, after the lobby opened, for the whole game.
        starts = {activity["timestamps"]["start"] for activity in activities[1:-1]}
        assert len(starts) == 1
        assert starts.pop() >= activities[0]["timestamps"]["start"]
        details = [activity["details"] for activity in activities[1:-1]]
        assert details[-1] == "Stage 5 · Round 5"
        assert len(set(details)) == len(details) == engine.STAGES * engine.ROUNDS
    assert problems == []
