"""The loopback's CDN for avatars, as Discord's serves them
(`/avatars/{user_id}/{hash}.png?size=N`): a user's picture, drawn from their avatar's hash (a
head and shoulders on a colour of its own), for the hash they have now; 404 otherwise."""

from __future__ import annotations

import io
import secrets

from aiohttp import web
from PIL import Image, ImageDraw

from tests.loopback.world import World

SIZES = frozenset({16, 32, 64, 128, 256, 512, 1024})


def new_avatar() -> str:
    """A hash as Discord writes one."""
    return secrets.token_hex(16)


def picture(avatar: str, size: int) -> bytes:
    colour = tuple(int(avatar[index : index + 2], 16) // 2 + 64 for index in (0, 2, 4))
    drawn = Image.new("RGB", (size, size), colour)  # type: ignore[arg-type]
    pen = ImageDraw.Draw(drawn)
    skin = (250, 224, 196)
    pen.ellipse((size * 0.3, size * 0.18, size * 0.7, size * 0.58), fill=skin)
    pen.ellipse((size * 0.12, size * 0.62, size * 0.88, size * 1.3), fill=(40, 40, 56))
    out = io.BytesIO()
    drawn.save(out, "PNG")
    return out.getvalue()


class AvatarRoutes:
    def __init__(self, world: World) -> None:
        self.world = world
        self.served: list[str] = []
        """The addresses asked for, in order."""

    def register(self, app: web.Application) -> None:
        app.router.add_get("/avatars/{user_id:[0-9]+}/{avatar}.png", self.avatar)

    async def avatar(self, request: web.Request) -> web.Response:
        self.served.append(request.path_qs)
        user = self.world.users.get(int(request.match_info["user_id"]))
        size = int(request.query.get("size", "128"))
        if user is None or user.avatar != request.match_info["avatar"] or size not in SIZES:
            return web.Response(status=404)
        return web.Response(body=picture(user.avatar, size), content_type="image/png")
