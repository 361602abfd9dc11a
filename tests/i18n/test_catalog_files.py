"""The bot's own catalog: every key the code uses exists, with the placeholders it is given."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from bot.i18n import default_catalog, placeholders
from tests import REPOSITORY

BOT = REPOSITORY / "bot"


@dataclass(frozen=True)
class KeyUse:
    where: str
    key: str
    # The keyword values passed, or None when ``**values`` hides them.
    values: frozenset[str] | None


def key_uses() -> Iterator[KeyUse]:
    """Every ``t("literal.key", ...)`` call in bot/ (also ``i18n.t(...)``), and every
    ``sentence("literal.key", ...)``: a sentence put into words later (bot/messages/sentence.py)."""
    for path in sorted(BOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and _calls_t(node.func) and node.args):
                continue
            key = node.args[0]
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                continue
            keywords = [keyword.arg for keyword in node.keywords if keyword.arg != "locale"]
            values = None if None in keywords else frozenset(k for k in keywords if k)
            where = f"{path.relative_to(BOT.parent)}:{node.lineno}"
            yield KeyUse(where, key.value, values)


CATALOG_CALLS = {"t", "sentence"}


def _calls_t(func: ast.expr) -> bool:
    return (isinstance(func, ast.Name) and func.id in CATALOG_CALLS) or (
        isinstance(func, ast.Attribute) and func.attr in CATALOG_CALLS
    )


USES = list(key_uses())


def test_the_scan_finds_the_renderers_keys() -> None:
    assert any(use.key == "render.scoring_space" for use in USES)


@pytest.mark.parametrize("use", USES, ids=lambda use: f"{use.where} {use.key}")
def test_every_key_used_in_code_exists_in_english(use: KeyUse) -> None:
    assert use.key in default_catalog().keys("en"), f"{use.where}: no key {use.key!r} in en.toml"


@pytest.mark.parametrize("use", USES, ids=lambda use: f"{use.where} {use.key}")
def test_every_placeholder_is_supplied(use: KeyUse) -> None:
    if use.values is None or use.key not in default_catalog().keys("en"):
        return
    needed = placeholders(default_catalog().entry(use.key))
    missing = needed - use.values
    assert not missing, f"{use.where}: {use.key} needs {sorted(missing)}"


@pytest.mark.parametrize("locale", default_catalog().locales())
def test_translations_match_english_keys_and_placeholders(locale: str) -> None:
    catalog = default_catalog()
    english = catalog.keys("en")
    extra = catalog.keys(locale) - english
    assert not extra, f"{locale}.toml has keys English lacks: {sorted(extra)}"
    for key in catalog.keys(locale):
        translated = placeholders(catalog.entry(key, locale))
        assert translated <= placeholders(catalog.entry(key, "en")), f"{locale}: {key}"


def test_english_sentences_are_valid_format_strings() -> None:
    catalog = default_catalog()
    for key in catalog.keys("en"):
        placeholders(catalog.entry(key))
