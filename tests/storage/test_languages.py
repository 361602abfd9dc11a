"""Who speaks what, kept across restarts: each user's latest language, each server's choice."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.storage import Storage

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
ANNE, GUILD = 1001, 10


async def test_a_users_latest_language_is_kept(storage: Storage) -> None:
    assert await storage.user_locale(ANNE) is None
    await storage.set_user_locale(ANNE, "de", now=NOW)
    await storage.set_user_locale(ANNE, "it", now=NOW)
    assert await storage.user_locale(ANNE) == "it"


async def test_a_servers_choice_is_kept_until_it_is_forgotten(storage: Storage) -> None:
    assert await storage.server_language(GUILD) is None
    await storage.set_server_language(GUILD, "de")
    assert await storage.server_language(GUILD) == "de"
    await storage.set_server_language(GUILD, None)
    assert await storage.server_language(GUILD) is None


async def test_a_servers_default_place_for_hands_is_kept(storage: Storage) -> None:
    assert await storage.server_hands(GUILD) is None
    await storage.set_server_hands(GUILD, "channel")
    await storage.set_server_hands(GUILD, "dm")
    assert await storage.server_hands(GUILD) == "dm"
    assert await storage.server_hands(GUILD + 1) is None


async def test_languages_survive_a_reopening(database: str) -> None:
    async with await Storage.open(database) as storage:
        await storage.set_user_locale(ANNE, "de", now=NOW)
        await storage.set_server_language(GUILD, "it")
    async with await Storage.open(database) as storage:
        assert await storage.user_locale(ANNE) == "de"
        assert await storage.server_language(GUILD) == "it"
