"""Settings come from the environment, with clear sentences for what is wrong."""

from pathlib import Path

import pytest

from bot.clock import Clock
from bot.settings import (
    ActivityCredentials,
    Settings,
    SettingsError,
    load_settings,
    read_environment,
)

WEB = {
    "DISCORD_TOKEN": "a",
    "WHYFIRST_WEB_PORT": "8080",
    "WHYFIRST_PUBLIC_URL": "https://whyfirst.example.org",
}


def test_only_the_token_is_required() -> None:
    settings = load_settings({"DISCORD_TOKEN": "abc"})
    assert settings == Settings(token="abc")
    assert settings.database == "whyfirst.sqlite3"
    assert Clock(settings.time_scale).seconds(90) == 90
    assert settings.forget_servers_after_days == 30
    assert settings.keep_action_logs_days is None
    assert settings.activity is None


def test_every_setting_is_read() -> None:
    settings = load_settings(
        {
            "DISCORD_TOKEN": " abc ",
            "WHYFIRST_DATABASE": "/tmp/x.sqlite3",
            "WHYFIRST_DEV_GUILD": "123",
            "DISCORD_API_BASE": "http://127.0.0.1:8000/api/v10/",
            "DISCORD_GATEWAY_URL": "ws://127.0.0.1:8000/gateway",
            "LOG_LEVEL": "debug",
            "WHYFIRST_TIME_SCALE": "0.01",
            "WHYFIRST_SEED": "42",
            "WHYFIRST_SHARD_COUNT": "4",
            "WHYFIRST_SHARD_IDS": "3, 1",
            "WHYFIRST_METRICS_PORT": "9108",
            "WHYFIRST_FORGET_SERVERS_AFTER_DAYS": "7",
            "WHYFIRST_KEEP_ACTION_LOGS_DAYS": "365.5",
            "WHYFIRST_WEB_PORT": "8080",
            "WHYFIRST_PUBLIC_URL": "https://whyfirst.example.org/",
            "DISCORD_CLIENT_ID": "1234567890",
            "DISCORD_CLIENT_SECRET": " s3cret ",
        }
    )
    assert settings.token == "abc"
    assert settings.database == "/tmp/x.sqlite3"
    assert settings.dev_guild == 123
    assert settings.api_base == "http://127.0.0.1:8000/api/v10"
    assert settings.gateway_url == "ws://127.0.0.1:8000/gateway"
    assert settings.log_level == "DEBUG"
    assert Clock(settings.time_scale).seconds(90) == pytest.approx(0.9)
    assert settings.seed == 42
    assert (settings.shard_count, settings.shard_ids) == (4, (1, 3))
    assert settings.process_name == "shards 1,3 of 4"
    assert settings.metrics_port == 9108
    assert settings.forget_servers_after_days == 7
    assert settings.keep_action_logs_days == 365.5
    assert settings.web_port == 8080
    assert settings.public_url == "https://whyfirst.example.org"
    assert settings.activity == ActivityCredentials(1234567890, "s3cret")
    assert "s3cret" not in repr(settings)


def test_a_shard_count_alone_means_every_shard_in_this_process() -> None:
    settings = load_settings({"DISCORD_TOKEN": "a", "WHYFIRST_SHARD_COUNT": "2"})
    assert settings.shard_ids == (0, 1)


@pytest.mark.parametrize(
    ("environ", "named"),
    [
        ({}, "DISCORD_TOKEN"),
        ({"DISCORD_TOKEN": "  "}, "DISCORD_TOKEN"),
        ({"DISCORD_TOKEN": "a", "WHYFIRST_DEV_GUILD": "guild"}, "WHYFIRST_DEV_GUILD"),
        ({"DISCORD_TOKEN": "a", "LOG_LEVEL": "loud"}, "LOG_LEVEL"),
        ({"DISCORD_TOKEN": "a", "WHYFIRST_TIME_SCALE": "0"}, "WHYFIRST_TIME_SCALE"),
        ({"DISCORD_TOKEN": "a", "WHYFIRST_TIME_SCALE": "fast"}, "WHYFIRST_TIME_SCALE"),
        ({"DISCORD_TOKEN": "a", "WHYFIRST_SEED": "1.5"}, "WHYFIRST_SEED"),
        ({"DISCORD_TOKEN": "a", "WHYFIRST_SHARD_IDS": "0"}, "WHYFIRST_SHARD_COUNT"),
        ({"DISCORD_TOKEN": "a", "WHYFIRST_SHARD_COUNT": "0"}, "WHYFIRST_SHARD_COUNT"),
        (
            {"DISCORD_TOKEN": "a", "WHYFIRST_SHARD_COUNT": "2", "WHYFIRST_SHARD_IDS": "2"},
            "WHYFIRST_SHARD_IDS",
        ),
        (
            {"DISCORD_TOKEN": "a", "WHYFIRST_SHARD_COUNT": "2", "WHYFIRST_SHARD_IDS": "a,b"},
            "WHYFIRST_SHARD_IDS",
        ),
        ({"DISCORD_TOKEN": "a", "WHYFIRST_METRICS_PORT": "70000"}, "WHYFIRST_METRICS_PORT"),
        (
            {"DISCORD_TOKEN": "a", "WHYFIRST_FORGET_SERVERS_AFTER_DAYS": "-1"},
            "WHYFIRST_FORGET_SERVERS_AFTER_DAYS",
        ),
        (
            {"DISCORD_TOKEN": "a", "WHYFIRST_KEEP_ACTION_LOGS_DAYS": "forever"},
            "WHYFIRST_KEEP_ACTION_LOGS_DAYS",
        ),
        ({"DISCORD_TOKEN": "a", "WHYFIRST_WEB_PORT": "8080"}, "WHYFIRST_PUBLIC_URL"),
        ({"DISCORD_TOKEN": "a", "WHYFIRST_PUBLIC_URL": "https://x.example"}, "WHYFIRST_WEB_PORT"),
        ({**WEB, "DISCORD_CLIENT_ID": "123"}, "DISCORD_CLIENT_SECRET"),
        ({**WEB, "DISCORD_CLIENT_SECRET": "s"}, "DISCORD_CLIENT_ID"),
        ({**WEB, "DISCORD_CLIENT_ID": "my-app", "DISCORD_CLIENT_SECRET": "s"}, "DISCORD_CLIENT_ID"),
        (
            {"DISCORD_TOKEN": "a", "DISCORD_CLIENT_ID": "123", "DISCORD_CLIENT_SECRET": "s"},
            "WHYFIRST_WEB_PORT and WHYFIRST_PUBLIC_URL",
        ),
        (
            {"DISCORD_TOKEN": "a", "WHYFIRST_WEB_PORT": "8080", "WHYFIRST_PUBLIC_URL": "x.org"},
            "WHYFIRST_PUBLIC_URL",
        ),
    ],
)
def test_a_bad_setting_is_named_in_one_sentence(environ: dict[str, str], named: str) -> None:
    with pytest.raises(SettingsError) as problem:
        load_settings(environ)
    assert named in str(problem.value)
    assert "\n" not in str(problem.value)


def test_the_environment_wins_over_the_env_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\nWHYFIRST_DATABASE=file.sqlite3\n")
    monkeypatch.setenv("DISCORD_TOKEN", "from-environment")
    monkeypatch.delenv("WHYFIRST_DATABASE", raising=False)
    settings = load_settings(read_environment(env_file))
    assert settings.token == "from-environment"
    assert settings.database == "file.sqlite3"
