"""Every sentence the bot says exists in the English catalog, refusals included."""

from __future__ import annotations

import re

import pytest

from bot.i18n import default_catalog, placeholders, t
from bot.league.desk import THREAD_PERMISSIONS
from bot.league.night import Refused
from bot.league.post import ACTIONS as LEAGUE_ACTIONS
from bot.learn.moments import Note
from bot.options import AI_LEVELS
from bot.permissions import NEEDED_PERMISSIONS
from bot.play.verdict import REFUSAL_BY_CODE
from bot.standings import PERIODS
from bot.storage import METRICS
from bot.ui.custom_ids import LOBBY_ACTIONS
from tests import REPOSITORY

BOT = REPOSITORY / "bot"
KEY_LITERAL = re.compile(
    r"""["']((?:refusal|hand|reveal|scoring|final|lobby|game|round|board|"""
    r"""stats|status|rules|cancel|start|picture|variant|permission|league|learn)"""
    r"""\.[a-z_]+)["']"""
)


def keys_in_code() -> set[str]:
    found: set[str] = set()
    for module in BOT.rglob("*.py"):
        found |= set(KEY_LITERAL.findall(module.read_text()))
    return found


def keys_built_at_run_time() -> set[str]:
    keys = {f"variant.{variant}" for variant in ("standard", "tactical")}
    keys |= {f"permission.{name}" for name in NEEDED_PERMISSIONS}
    keys |= {f"board.metric_{metric}" for metric in (*METRICS, "rating")}
    keys |= {f"board.period_{period}" for period in PERIODS}
    keys |= {f"lobby.{action}" for action in LOBBY_ACTIONS}
    keys |= {f"ai.{level}" for level in AI_LEVELS}
    keys |= {f"league.{action}" for action in LEAGUE_ACTIONS}
    keys |= {f"league.refused_{refused.value}" for refused in Refused}
    keys |= {f"permission.{name}" for name in THREAD_PERMISSIONS}
    keys |= {f"learn.{note.value}" for note in Note}
    return keys | set(REFUSAL_BY_CODE.values())


@pytest.mark.parametrize("key", sorted(keys_in_code() | keys_built_at_run_time()))
def test_the_key_is_in_the_english_catalog(key: str) -> None:
    assert key in default_catalog().keys("en")


def test_refusals_are_one_or_two_short_sentences() -> None:
    refusals = [key for key in default_catalog().keys("en") if key.startswith("refusal.")]
    assert len(refusals) >= 20
    for key in refusals:
        values = {name: "x" for name in placeholders(default_catalog().entry(key))}
        text = t(key, "en-US", **values)
        assert 0 < len(text) <= 160
        assert text.count(". ") <= 1
