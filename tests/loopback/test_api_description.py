"""Discord's OpenAPI document belongs to the repository, and the loopback needs it to start."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests import REPOSITORY
from tests.loopback import LoopbackDiscord
from tests.loopback.schema import (
    OPENAPI_PATH,
    MissingApiDescription,
    knows_operation,
    load_api_description,
    validate_body,
)

MESSAGES = "/channels/{channel_id}/messages"


def test_the_document_is_read_from_the_repository_itself() -> None:
    assert OPENAPI_PATH.is_relative_to(REPOSITORY)
    load_api_description()
    document = json.loads(OPENAPI_PATH.read_text(encoding="utf-8"))
    assert document["openapi"].startswith("3.1")
    assert document["info"]["version"] == "10"
    assert knows_operation(MESSAGES, "POST")
    assert validate_body(MESSAGES, "POST", {"content": "Stage 1 · Round 1"}) is None
    assert validate_body(MESSAGES, "POST", {"content": 12}) is not None


CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


def _hand(label: str, custom_id: str) -> dict[str, object]:
    button = {"type": 2, "style": 1, "label": label, "custom_id": custom_id}
    return {
        "type": 7,
        "data": {"content": "Your hand", "components": [{"type": 1, "components": [button]}]},
    }


@pytest.mark.parametrize(
    ("body", "where"),
    [
        (_hand("x" * 81, "wf:card:1"), "data/components/0/components/0/label"),
        (_hand("Card 1", "x" * 101), "data/components/0/components/0/custom_id"),
        ({"type": 7, "data": {"content": 5}}, "(body)"),
        ({"type": 99}, "(body)"),
    ],
)
def test_a_body_discord_refuses_is_refused_and_where_is_said(body: object, where: str) -> None:
    problem = validate_body(CALLBACK, "POST", body)
    assert problem is not None
    assert problem.startswith(f"{where}: ")


def test_a_hand_with_the_longest_label_and_id_discord_takes_is_accepted() -> None:
    assert validate_body(CALLBACK, "POST", _hand("x" * 80, "x" * 100)) is None


def test_the_document_travels_with_its_license_and_provenance() -> None:
    folder = OPENAPI_PATH.parent
    assert "MIT License" in (folder / "LICENSE").read_text(encoding="utf-8")
    provenance = (folder / "README.md").read_text(encoding="utf-8")
    for fact in ("discord/discord-api-spec", "specs/openapi.json", "74fda0fad0", "v10"):
        assert fact in provenance


async def test_without_the_document_the_loopback_refuses_to_start_and_names_it(
    tmp_path: Path,
) -> None:
    missing = tmp_path / "discord_api" / "openapi.json"
    discord = LoopbackDiscord()
    discord.rest.api_description = missing
    began = time.monotonic()
    with pytest.raises(MissingApiDescription, match="missing") as refused:
        await discord.start()
    assert str(missing) in str(refused.value)
    assert time.monotonic() - began < 5
    assert discord.port == 0  # nothing listens: no request can be answered with a 500


async def test_a_broken_document_is_refused_as_loudly(tmp_path: Path) -> None:
    broken = tmp_path / "openapi.json"
    broken.write_text('{"openapi": "3.1.0", "paths":', encoding="utf-8")
    discord = LoopbackDiscord()
    discord.rest.api_description = broken
    with pytest.raises(MissingApiDescription, match="cannot be read") as refused:
        await discord.start()
    assert str(broken) in str(refused.value)
