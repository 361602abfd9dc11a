"""The limits Discord enforces that its OpenAPI document does not express (DISCORD.md)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

EPHEMERAL = 1 << 6
ACTION_ROW, BUTTON, STRING_SELECT = 1, 2, 3
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_CUSTOM_ID = 100
MAX_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
EMBED_FIELD_LIMITS = {"title": 256, "description": 4096}
MAX_EMBED_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_FOOTER = 2048
MAX_AUTHOR_NAME = 256
MAX_COMMAND_NAME = 32
MAX_COMMAND_DESCRIPTION = 100
MAX_COMMAND_OPTIONS = 25


def message_problems(body: dict[str, Any], *, interaction_response: bool) -> list[str]:
    """Every limit `body` (a message create/edit payload) breaks."""
    problems: list[str] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        problems.append(f"content has {len(content)} characters (max {MAX_CONTENT})")
    flags = body.get("flags") or 0
    if flags & EPHEMERAL and not interaction_response:
        problems.append("the ephemeral flag is only allowed on interaction responses and followups")
    problems.extend(_component_problems(body.get("components") or []))
    problems.extend(_embed_problems(body.get("embeds") or []))
    return problems


def _component_problems(rows: list[dict[str, Any]]) -> Iterator[str]:
    if len(rows) > MAX_ROWS:
        yield f"{len(rows)} action rows (max {MAX_ROWS})"
    custom_ids: list[str] = []
    for index, row in enumerate(rows):
        if row.get("type") != ACTION_ROW:
            yield f"components[{index}] is not an action row"
            continue
        children = row.get("components") or []
        buttons = [c for c in children if c.get("type") == BUTTON]
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        if len(buttons) > MAX_BUTTONS_PER_ROW:
            yield f"row {index} holds {len(buttons)} buttons (max {MAX_BUTTONS_PER_ROW})"
        if selects and len(children) > 1:
            yield f"row {index}: a select must be alone in its row"
        for child in children:
            custom_id = child.get("custom_id")
            if custom_id is not None:
                custom_ids.append(custom_id)
                if not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
                    yield f"custom_id {custom_id!r} has {len(custom_id)} characters (1..100)"
            elif child.get("type") == BUTTON and child.get("style") not in (5, 6):
                yield f"row {index}: a non-link button has no custom_id"
            label = child.get("label")
            if isinstance(label, str) and len(label) > MAX_LABEL:
                yield f"button label {label[:20]!r}… has {len(label)} characters (max {MAX_LABEL})"
            yield from _select_problems(child)
    duplicates = sorted({c for c in custom_ids if custom_ids.count(c) > 1})
    if duplicates:
        yield f"custom_ids are not unique within the message: {duplicates}"


def _select_problems(component: dict[str, Any]) -> Iterator[str]:
    if component.get("type") not in SELECT_TYPES:
        return
    placeholder = component.get("placeholder")
    if isinstance(placeholder, str) and len(placeholder) > MAX_PLACEHOLDER:
        yield f"select placeholder has {len(placeholder)} characters (max {MAX_PLACEHOLDER})"
    options = component.get("options") or []
    if len(options) > MAX_SELECT_OPTIONS:
        yield f"select has {len(options)} options (max {MAX_SELECT_OPTIONS})"
    for option in options:
        for key in ("label", "value", "description"):
            text = option.get(key)
            if isinstance(text, str) and len(text) > MAX_OPTION_TEXT:
                yield f"select option {key} has {len(text)} characters (max {MAX_OPTION_TEXT})"


def _embed_problems(embeds: list[dict[str, Any]]) -> Iterator[str]:
    if len(embeds) > MAX_EMBEDS:
        yield f"{len(embeds)} embeds (max {MAX_EMBEDS})"
    total = 0
    for index, embed in enumerate(embeds):
        for key, limit in EMBED_FIELD_LIMITS.items():
            text = embed.get(key) or ""
            total += len(text)
            if len(text) > limit:
                yield f"embed {index} {key} has {len(text)} characters (max {limit})"
        fields = embed.get("fields") or []
        if len(fields) > MAX_EMBED_FIELDS:
            yield f"embed {index} has {len(fields)} fields (max {MAX_EMBED_FIELDS})"
        for field in fields:
            name, value = field.get("name") or "", field.get("value") or ""
            total += len(name) + len(value)
            if len(name) > MAX_FIELD_NAME:
                yield f"embed {index} field name has {len(name)} characters (max {MAX_FIELD_NAME})"
            if len(value) > MAX_FIELD_VALUE:
                yield f"embed {index} field value has {len(value)} characters (max 1024)"
        footer = (embed.get("footer") or {}).get("text") or ""
        author = (embed.get("author") or {}).get("name") or ""
        total += len(footer) + len(author)
        if len(footer) > MAX_FOOTER:
            yield f"embed {index} footer has {len(footer)} characters (max {MAX_FOOTER})"
        if len(author) > MAX_AUTHOR_NAME:
            yield f"embed {index} author name has {len(author)} characters (max 256)"
    if total > MAX_EMBED_TOTAL:
        yield f"embeds hold {total} characters in total (max {MAX_EMBED_TOTAL})"


def command_problems(commands: list[dict[str, Any]]) -> list[str]:
    """Limits on a synced command tree (names, descriptions, option counts)."""
    problems: list[str] = []

    def check(entry: dict[str, Any], where: str) -> None:
        name = entry.get("name", "")
        if not (1 <= len(name) <= MAX_COMMAND_NAME and name == name.lower()):
            problems.append(f"{where}: name {name!r} must be 1..32 lowercase characters")
        description = entry.get("description", "")
        if entry.get("type", 1) == 1 and not 1 <= len(description) <= MAX_COMMAND_DESCRIPTION:
            problems.append(f"{where}: description must have 1..100 characters")
        options = entry.get("options") or []
        if len(options) > MAX_COMMAND_OPTIONS:
            problems.append(f"{where}: {len(options)} options (max {MAX_COMMAND_OPTIONS})")
        for option in options:
            check(option, f"{where} {option.get('name')}")
            if len(option.get("choices") or []) > MAX_COMMAND_OPTIONS:
                problems.append(f"{where} {option.get('name')}: more than 25 choices")

    for command in commands:
        check(command, f"/{command.get('name')}")
    return problems
