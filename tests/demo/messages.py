"""One Discord message as HTML: author, time, text, pictures, files, buttons, earlier versions."""

from __future__ import annotations

import base64
import html
import mimetypes
from collections.abc import Mapping, Set
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tests.demo.markdown import GameClock, Names, to_html
from tests.loopback import Attachment, Message

BUTTON = 2
SELECT_MENUS = {3, 5, 6, 7, 8}
BUTTON_STYLES = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link", 6: "premium"}
SLASH_COMMAND_REPLY = 20
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Reading:
    """What drawing a message needs besides the message itself."""

    names: Names
    clock: GameClock
    commands: Mapping[int, str]
    """The slash command each command reply answered, by the reply's message id."""
    links: Mapping[str, str] = field(default_factory=dict)
    """The files the page leads to instead of the addresses link buttons carry."""
    clicked: Mapping[tuple[int, int], Set[str]] = field(default_factory=dict)
    """The custom ids of the buttons clicked, by message id and version (0 is the first)."""

    def clicks_on(self, message: Message, version: int) -> Set[str]:
        return self.clicked.get((message.id, version), frozenset())


def render_message(message: Message, reading: Reading, *, hand: bool = False) -> str:
    """The message as it last looked, its earlier versions folded under it; a `hand` whose
    last edit took its buttons away shows, too, how it stood before: what was picked."""
    created = datetime.fromisoformat(message.timestamp)
    seen_at = (
        datetime.fromisoformat(message.edited_timestamp) if message.edited_timestamp else created
    )
    kind = "message ephemeral" if message.ephemeral else "message"
    parts = [
        f'<article class="{kind}">',
        _invocation(message, reading),
        _header(message, reading.clock, created, seen_at),
        _text(message.content, reading, seen_at),
    ]
    parts += [_embed(embed, reading, seen_at) for embed in message.embeds]
    parts += [_attachment(attachment) for attachment in message.attachments]
    latest = reading.clicks_on(message, len(message.revisions))
    parts.append(render_components(message.components, reading.links, latest))
    if hand:
        parts.append(_before_retired(message, reading, created))
    parts.append(_revisions(message, reading, created))
    if message.ephemeral:
        parts.append('<p class="only-you">👁 Only you can see this</p>')
    parts.append("</article>")
    return "\n".join(part for part in parts if part)


def _invocation(message: Message, reading: Reading) -> str:
    user = message.interaction_user
    if user is None or message.message_type != SLASH_COMMAND_REPLY:
        return ""
    command = reading.commands.get(message.id, "a command")
    return (
        f'<p class="invocation">↳ <span class="mention">@{html.escape(user.name)}</span> used '
        f"<code>{html.escape(command)}</code></p>"
    )


def _header(message: Message, clock: GameClock, created: datetime, seen_at: datetime) -> str:
    author = html.escape(message.author.name)
    badge = ' <span class="badge">APP</span>' if message.author.bot else ""
    edited = ""
    if message.edit_count:
        times = "once" if message.edit_count == 1 else f"{message.edit_count} times"
        edited = f' <span class="edited">edited {times}, last at {clock.offset(seen_at)}</span>'
    return (
        f'<header><span class="author">{author}</span>{badge} '
        f"<time>{clock.offset(created)}</time>{edited}</header>"
    )


def _text(content: str, reading: Reading, seen_at: datetime) -> str:
    if not content:
        return ""
    return f'<div class="content">{to_html(content, reading.names, reading.clock, seen_at)}</div>'


def _before_retired(message: Message, reading: Reading, created: datetime) -> str:
    """A hand whose last edit took its buttons away, as it stood just before, and its last
    click: the click that ends a stage may be answered by that edit alone."""
    if message.components or not message.revisions or not message.revisions[-1][1]:
        return ""
    before = len(message.revisions) - 1
    last_click = next(
        (
            labels
            for version in range(before, -1, -1)
            if (
                labels := _clicked_labels(
                    message.revisions[version][1], reading.clicks_on(message, version)
                )
            )
        ),
        "",
    )
    title = f"Last click: <strong>{last_click}</strong> · " if last_click else ""
    return (
        f'<div class="before-last"><p class="before-last-title">{title}just before the last '
        f"edit:</p>{_version(message, before, reading, created)}</div>"
    )


def _clicked_labels(rows: list[dict[str, Any]], clicked: Set[str]) -> str:
    return " ".join(
        html.escape(str(button.get("label") or ""))
        for row in rows
        for button in row.get("components") or []
        if button.get("custom_id") in clicked
    )


def _version(message: Message, index: int, reading: Reading, created: datetime) -> str:
    """An earlier version as it looked. A reply deferred while the bot worked was posted
    empty, and Discord showed it as the bot thinking."""
    content, components = message.revisions[index]
    clicks = reading.clicks_on(message, index)
    drawn = _text(content, reading, created) + render_components(components, reading.links, clicks)
    if drawn:
        return drawn
    if index == 0 and message.interaction_user is not None:
        return f'<p class="thinking">{html.escape(message.author.name)} is thinking…</p>'
    return "<em>(empty)</em>"


def _revisions(message: Message, reading: Reading, created: datetime) -> str:
    if not message.revisions:
        return ""
    # Earlier versions carry no time of their own: their relative times are read at creation.
    items = "".join(
        f"<li>{_version(message, index, reading, created)}</li>"
        for index in range(len(message.revisions))
    )
    count = len(message.revisions)
    label = "1 earlier version" if count == 1 else f"{count} earlier versions"
    return f'<details class="revisions"><summary>{label}</summary><ol>{items}</ol></details>'


def render_components(
    rows: list[dict[str, Any]], links: Mapping[str, str], clicked: Set[str] = frozenset()
) -> str:
    """Action rows of buttons (and select menus) as Discord draws them, the `clicked` ones
    marked; a link button whose address is one of `links` leads to that file."""
    if not rows:
        return ""
    drawn = "".join(
        '<div class="row">'
        + "".join(_component(item, links, clicked) for item in row.get("components") or [])
        + "</div>"
        for row in rows
    )
    return f'<div class="components">{drawn}</div>'


def _component(component: dict[str, Any], links: Mapping[str, str], clicked: Set[str]) -> str:
    label = html.escape(str(component.get("label") or ""))
    emoji = component.get("emoji") or {}
    if emoji.get("name"):
        shown = emoji["name"] if not emoji.get("id") else f":{emoji['name']}:"
        label = f"{html.escape(shown)} {label}".strip()
    marks, state = "", ""
    if component.get("custom_id") in clicked:
        marks, state = " clicked", ' title="clicked"'
    elif component.get("disabled"):
        marks, state = " disabled", ' aria-disabled="true" title="disabled"'
    if component.get("type") == BUTTON:
        style = BUTTON_STYLES.get(component.get("style") or 2, "secondary")
        target = links.get(str(component.get("url")))
        if style == "link" and target is not None and not marks:
            return f'<a class="button link" href="{html.escape(target)}">{label} ↗</a>'
        arrow = " ↗" if style == "link" else ""
        return f'<span class="button {style}{marks}"{state}>{label}{arrow}</span>'
    if component.get("type") in SELECT_MENUS:
        placeholder = html.escape(str(component.get("placeholder") or "Make a selection"))
        return f'<span class="select{marks}"{state}>{placeholder} ▾</span>'
    return ""


def _embed(embed: dict[str, Any], reading: Reading, seen_at: datetime) -> str:
    def text(value: Any) -> str:
        return to_html(str(value or ""), reading.names, reading.clock, seen_at)

    colour = embed.get("color")
    edge = f' style="border-left-color: #{colour:06x}"' if isinstance(colour, int) else ""
    parts = [f'<div class="embed"{edge}>']
    if embed.get("title"):
        parts.append(f'<div class="embed-title">{text(embed["title"])}</div>')
    if embed.get("description"):
        parts.append(f'<div class="content">{text(embed["description"])}</div>')
    for embed_field in embed.get("fields") or []:
        parts.append(
            f'<div class="embed-field"><strong>{text(embed_field.get("name"))}</strong>'
            f'<div class="content">{text(embed_field.get("value"))}</div></div>'
        )
    parts.append("</div>")
    return "".join(parts)


def _attachment(attachment: Attachment) -> str:
    encoded = base64.b64encode(attachment.data).decode("ascii")
    description = attachment.description or ""
    if attachment.data.startswith(PNG_SIGNATURE):
        alt = html.escape(description)
        folded = f'<details class="alt"><summary>ALT</summary>{alt}</details>' if alt else ""
        return (
            f'<figure class="picture"><img src="data:image/png;base64,{encoded}" alt="{alt}">'
            f"{folded}</figure>"
        )
    kind = mimetypes.guess_type(attachment.filename)[0] or "application/octet-stream"
    name = html.escape(attachment.filename)
    return (
        f'<p class="file">📄 <a download="{name}" href="data:{kind};base64,{encoded}">{name}</a> '
        f'<span class="size">{_size(len(attachment.data))}</span></p>'
    )


def _size(count: int) -> str:
    return f"{count} bytes" if count < 1024 else f"{count / 1024:.1f} KB"
