"""One table's live connection (bot/table/live.py): its socket, the queue its writer empties
in order (never an older state after a newer one), the window its flood is counted in, and the
messages it is sent besides the game's states."""

from __future__ import annotations

import asyncio
import json
from collections import deque
from dataclasses import dataclass, field

from aiohttp import WSCloseCode, web

from bot.storage import JsonObject
from bot.table.sessions import Session
from bot.table.view import plain

LONGEST_MESSAGE = 1024
QUEUE_LIMIT = 64
"""Updates a table may fall behind by before it is closed (and reconnects)."""
MESSAGES_PER_WINDOW, FLOOD_WINDOW = 8, 4.0
"""A table may send this many messages in this many seconds, malformed ones included; the next
is refused unjudged and its socket closed (the page connects again, as after any drop)."""
SESSION_CLOSE = 4001
"""The close code of a session the bot no longer knows: the page must sign in again."""
FLOOD_CLOSE = 4008
"""The close code of a table that sent too many messages at once (4008: as Discord's gateway
closes a client that sends too fast)."""


@dataclass(eq=False)
class Table:
    """One connected table."""

    token: str
    session: Session
    socket: web.WebSocketResponse
    queue: asyncio.Queue[JsonObject | None] = field(default_factory=asyncio.Queue)
    shown: tuple[int, int] = (0, -1)
    """The (game, version) of the last state sent: an older one is never sent after it."""
    heard: deque[float] = field(default_factory=deque)
    """When its latest messages came (those of the flood window)."""
    close_code: int = WSCloseCode.OK
    """How the writer closes the socket once the reading ends."""
    faced: set[int] = field(default_factory=set)
    """The users whose faces it was sent (or will be: they are being looked up)."""
    in_lobby: asyncio.Task[None] | None = None
    """While it shows a lobby: what reads the lobby again."""
    looking: set[asyncio.Task[None]] = field(default_factory=set)
    """Faces being looked up for it."""

    def push(self, message: JsonObject) -> None:
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.queue.put_nowait(None)  # the writer closes the connection
            return
        self.queue.put_nowait(message)

    def flooding(self, now: float) -> bool:
        """Whether a message heard `now` is one too many for the flood window."""
        while self.heard and self.heard[0] <= now - FLOOD_WINDOW:
            self.heard.popleft()
        if len(self.heard) >= MESSAGES_PER_WINDOW:
            return True
        self.heard.append(now)
        return False

    def stop_work(self) -> None:
        """Its lobby's reading and its faces' looking up end with it."""
        for task in (self.in_lobby, *self.looking):
            if task is not None:
                task.cancel()

    async def write(self) -> None:
        """Sends what is pushed, in order, until the end is pushed; then closes the socket."""
        while (message := await self.queue.get()) is not None:
            shown = message.get("game"), message.get("version")
            if isinstance(shown[0], int) and isinstance(shown[1], int):
                if (shown[0], shown[1]) <= self.shown:
                    continue
                self.shown = (shown[0], shown[1])
            try:
                await self.socket.send_str(json.dumps(message))
            except ConnectionError:
                break
        await self.socket.close(code=self.close_code)


def faces_message(faces: dict[int, str]) -> JsonObject:
    """Users' avatars as the page draws them (bot/table/faces.py)."""
    return {"type": "faces", "faces": {str(user): avatar for user, avatar in faces.items()}}


def refused(sentence: str) -> JsonObject:
    return {"type": "refused", "error": plain(sentence)}


async def refuse_and_close(socket: web.WebSocketResponse, sentence: str) -> None:
    await socket.send_str(json.dumps(refused(sentence)))
    await socket.close()


def json_object(data: object) -> dict[str, object]:
    try:
        asked = json.loads(data) if isinstance(data, str) else None
    except ValueError:
        asked = None
    return asked if isinstance(asked, dict) else {}
