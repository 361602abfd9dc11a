"""Views are made for one message and taken apart once it is sent.

The bot never reuses a view: a click is routed by its custom id alone (bot/ui/clicks.py). A
view and its buttons point at each other, so a view left whole is freed only by Python's cycle
collector; under load thousands of them wait for it, and its passes over the whole heap then
hold up every click for a tenth of a second or more. So every view is emptied (its public
`clear_items`) once its message is sent, and reference counting frees it at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

import discord

V = TypeVar("V", bound=discord.ui.View | None)


def take_apart(view: discord.ui.View | discord.ui.LayoutView | None) -> None:
    """Empty a view whose message was sent (or given up on)."""
    if view is not None:
        view.clear_items()


@contextmanager
def sent_once(view: V) -> Iterator[V]:
    """`view` for one message: taken apart once the block that sends it is done."""
    try:
        yield view
    finally:
        take_apart(view)
