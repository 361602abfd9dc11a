"""The pages' templates (Jinja2, escaping on), their one stylesheet and script, and the
Content-Security-Policy that lets exactly those run."""

from __future__ import annotations

import base64
import hashlib
from functools import cache
from importlib import resources

import jinja2

from bot.i18n import t
from bot.render.palette import RGB, SEAT_COLOURS, figure_colour, initial_ink


@cache
def asset(name: str) -> str:
    return resources.files("bot.web").joinpath("assets", name).read_text(encoding="utf-8")


def source_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def _hex(colour: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


@cache
def stylesheet() -> str:
    """page.css, and the figures' colours and initials' ink as the picture draws them
    (class f0-f5, fleo)."""
    seats = [(f"f{seat}", figure_colour(seat)) for seat in range(len(SEAT_COLOURS))]
    rules = []
    for name, fill in [*seats, ("fleo", figure_colour(None))]:
        disc, ink = _hex(fill), _hex(initial_ink(fill))
        rules.append(
            f".{name} circle{{fill:{disc}}}.{name} text{{fill:{ink}}}"
            f".badge.{name}{{background:{disc};color:{ink}}}"
        )
    return asset("page.css") + "\n".join(rules) + "\n"


@cache
def content_security_policy() -> str:
    """Nothing but the page's own stylesheet, script and pictures; no framing, no forms."""
    return (
        "default-src 'none'; img-src 'self'; "
        f"style-src {source_hash(stylesheet())}; "
        f"script-src {source_hash(asset('replay.js'))}; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )


@cache
def assets_version() -> str:
    """Changes with the templates, the stylesheet and the script."""
    digest = hashlib.sha256(stylesheet().encode() + asset("replay.js").encode())
    folder = resources.files("bot.web").joinpath("templates")
    for name in sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".html")):
        digest.update(folder.joinpath(name).read_bytes())
    return digest.hexdigest()[:12]


@cache
def package_templates(package: str, *bases: str) -> jinja2.Environment:
    """The templates of `package` (its folder templates/), then those of `bases` (which its
    own may extend), escaped, with the shared stylesheet as `css`."""
    templates = jinja2.Environment(
        loader=jinja2.ChoiceLoader(
            [jinja2.PackageLoader(name, "templates") for name in (package, *bases)]
        ),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    templates.globals["css"] = stylesheet()
    return templates


@cache
def environment() -> jinja2.Environment:
    templates = package_templates("bot.web")
    templates.globals["js"] = asset("replay.js")
    return templates


def render(name: str, locale: str | None, **context: object) -> str:
    """The template in `locale`: `say(key, ...)` in it is the catalog's `web.<key>`."""

    def say(key: str, **values: object) -> str:
        return t(f"web.{key}", locale, **values)

    template = environment().get_template(name)
    return template.render(say=say, text=lambda key, **values: t(key, locale, **values), **context)
