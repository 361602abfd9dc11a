"""The league's post stays one Discord message (2,000 characters at most) however many people
a night has: the list is cut where it must be and says how many more there are."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.league.night import Join, Night, Start, apply
from bot.league.post import league_post
from bot.league.store import LeagueRecord
from bot.messages.round import CONTENT_LIMIT
from bot.storage import PlayerId

PEOPLE = [PlayerId(str(10**17 + n)) for n in range(60)]


def record(night: Night) -> LeagueRecord:
    return LeagueRecord(
        id=7,
        guild_id=1,
        channel_id=2,
        host_id=int(PEOPLE[0]),
        version=1,
        night=night,
        options={},
        names={p: f"A rather long display name {n:03}" for n, p in enumerate(PEOPLE)},
        message_id=None,
        token="t" * 32,
        created_at=datetime(2026, 11, 29, tzinfo=UTC),
    )


def test_sixty_people_fit_in_one_message_open_and_playing() -> None:
    night = Night(games=3, table_size=4, seed=1)
    for player in PEOPLE:
        joined = apply(night, Join(player, 0.0))
        assert isinstance(joined, Night)
        night = joined
    post = league_post(record(night), "https://whyfirst.example.org/l/" + "t" * 32)
    assert post.content is not None
    assert len(post.content) <= CONTENT_LIMIT
    assert "1. A rather long display name 000" in post.content
    assert post.content.count("… and") == 1
    started = apply(night, Start())
    assert isinstance(started, Night)
    post = league_post(record(started), None)
    assert post.content is not None
    assert len(post.content) <= CONTENT_LIMIT
    assert "Game 1 of 3 is being played at the tables." in post.content
    assert "… and" in post.content


def test_a_small_night_lists_everyone() -> None:
    night = Night(games=2, table_size=4, seed=1)
    for player in PEOPLE[:5]:
        joined = apply(night, Join(player, 0.0))
        assert isinstance(joined, Night)
        night = joined
    post = league_post(record(night), None)
    assert post.content is not None
    assert "… and" not in post.content
    assert "5. A rather long display name 004" in post.content
