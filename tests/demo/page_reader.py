"""For the tests: what a reader of a transcript page sees, message by message, per column."""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID_ELEMENTS = {"img", "meta", "br", "hr", "input", "link"}


@dataclass
class Button:
    label: str
    classes: set[str]
    href: str = ""
    """Where a link button leads on the page (empty: nowhere)."""

    @property
    def disabled(self) -> bool:
        return "disabled" in self.classes


@dataclass
class Shown:
    """One message as the page shows it: its last state, and its folded earlier versions."""

    text: str = ""
    content: str = ""
    """The message's own text (not its author, time, buttons or earlier versions)."""
    earlier: str = ""
    before_last: str = ""
    """How a hand stood just before its last edit took its buttons away."""
    elements: set[str] = field(default_factory=set)
    pictures: list[dict[str, str]] = field(default_factory=list)
    files: list[dict[str, str]] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    earlier_buttons: list[Button] = field(default_factory=list)


class PageReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.introduction = ""
        self.columns: dict[str, list[Shown]] = {}
        self.elements: set[str] = set()
        self.references: list[str] = []
        """Every src and href on the page."""
        self._open: list[tuple[str, set[str]]] = []
        self._heading: list[str] | None = None
        self._column = ""
        self._message: Shown | None = None
        self._button: Button | None = None

    def _inside(self, class_name: str) -> bool:
        return any(class_name in classes for _, classes in self._open)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        classes = set(attributes.get("class", "").split())
        self.elements.add(tag)
        self.references += [attributes[name] for name in ("src", "href") if name in attributes]
        message = self._message
        if message is not None:
            message.elements.add(tag)
        if tag == "img" and message is not None:
            message.pictures.append(attributes)
        if tag in VOID_ELEMENTS:
            return
        self._open.append((tag, classes))
        if tag == "h2":
            self._heading = []
        elif tag == "article":
            self._message = Shown()
            self.columns[self._column].append(self._message)
        elif tag in ("span", "a") and "button" in classes:
            self._button = Button("", classes, attributes.get("href", ""))
        elif tag == "a" and "download" in attributes and message is not None:
            message.files.append(attributes)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID_ELEMENTS:
            return
        _, classes = self._open.pop()
        if tag == "h2" and self._heading is not None:
            self._column = "".join(self._heading)
            self.columns[self._column] = []
            self._heading = None
        elif tag == "article":
            self._message = None
        elif tag in ("span", "a") and "button" in classes and self._button is not None:
            if self._message is not None:
                earlier = self._inside("revisions") or self._inside("before-last")
                found = self._message.earlier_buttons if earlier else self._message.buttons
                found.append(self._button)
            self._button = None

    def handle_data(self, data: str) -> None:
        if self._heading is not None:
            self._heading.append(data)
        elif self._button is not None:
            self._button.label += data
        if self._message is None:
            if self._inside("intro"):
                self.introduction += data
        elif self._inside("revisions"):
            self._message.earlier += data
        elif self._inside("before-last"):
            self._message.before_last += data
        else:
            self._message.text += data
            if self._inside("content"):
                self._message.content += data


def read_page(page: str) -> PageReader:
    reader = PageReader()
    reader.feed(page)
    reader.close()
    return reader


def data_uri_bytes(uri: str, kind: str) -> bytes:
    """The bytes of a base64 `data:` URI of the given media type."""
    prefix = f"data:{kind};base64,"
    assert uri.startswith(prefix), uri[:60]
    return base64.b64decode(uri[len(prefix) :])
