"""Message catalogs: TOML files of sentences, looked up by dotted key and Discord locale."""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path

from bot.i18n.plurals import plural_category

FALLBACK_LOCALE = "en"
LOCALE_SHAPE = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?")

# A catalog entry is either a sentence or a table of plural forms ("one", "other", ...).
Entry = str | Mapping[str, str]


class Catalog:
    """All catalog files of one directory, each loaded once on first use.

    A file is named after a Discord locale (``en.toml``, ``fr.toml``, ``pt-BR.toml``). A key is
    looked up in the exact locale's file, then in its language's file, then in English."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._files: dict[str, dict[str, Entry]] = {}

    def text(self, key: str, /, locale: str | None = None, **values: object) -> str:
        """The sentence ``key`` in ``locale``, formatted with ``values``.

        Raises KeyError if no catalog (English included) has the key, or if the sentence names a
        placeholder missing from ``values``."""
        entry = self.entry(key, locale)
        if not isinstance(entry, str):
            entry = self._plural_form(key, entry, locale, values)
        return entry.format_map(values)

    def entry(self, key: str, locale: str | None = None) -> Entry:
        for candidate in candidate_locales(locale):
            entries = self._entries(candidate)
            if key in entries:
                return entries[key]
        raise KeyError(f"no catalog entry {key!r} (locale {locale!r})")

    def keys(self, locale: str = FALLBACK_LOCALE) -> frozenset[str]:
        """Every key of one catalog file (no fallback)."""
        return frozenset(self._entries(locale))

    def locales(self) -> tuple[str, ...]:
        return tuple(sorted(path.stem for path in self.directory.glob("*.toml")))

    def _entries(self, locale: str) -> dict[str, Entry]:
        if locale not in self._files:
            path = self.directory / f"{locale}.toml"
            self._files[locale] = load_catalog_file(path) if path.is_file() else {}
        return self._files[locale]

    @staticmethod
    def _plural_form(
        key: str, forms: Mapping[str, str], locale: str | None, values: Mapping[str, object]
    ) -> str:
        count = values.get("count")
        if not isinstance(count, int):
            raise KeyError(f"catalog entry {key!r} has plural forms: pass an integer count=")
        return forms.get(plural_category(count, locale), forms["other"])


@lru_cache(maxsize=64)
def candidate_locales(locale: str | None) -> tuple[str, ...]:
    """Where to look, in order: ``"pt-BR"`` → ``("pt-BR", "pt", "en")``.

    Anything that is not shaped like a locale (it names a file) goes straight to English."""
    found = [locale, locale.split("-")[0]] if locale and LOCALE_SHAPE.fullmatch(locale) else []
    return tuple(dict.fromkeys([*found, FALLBACK_LOCALE]))


def load_catalog_file(path: Path) -> dict[str, Entry]:
    """Flatten one TOML file into ``{"section.key": entry}``.

    A table whose keys are all plural categories is one entry with plural forms."""
    with path.open("rb") as file:
        document = tomllib.load(file)
    entries: dict[str, Entry] = {}
    _flatten(document, "", entries, path)
    return entries


PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})


def _flatten(table: Mapping[str, object], prefix: str, into: dict[str, Entry], path: Path) -> None:
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, str):
            into[key] = value
        elif isinstance(value, Mapping) and _is_plural_table(value):
            into[key] = {category: str(form) for category, form in value.items()}
        elif isinstance(value, Mapping):
            _flatten(value, f"{key}.", into, path)
        else:
            raise ValueError(f"{path}: {key} must be a string or a table, not {value!r}")


def _is_plural_table(table: Mapping[str, object]) -> bool:
    return (
        "other" in table
        and set(table) <= PLURAL_CATEGORIES
        and all(isinstance(form, str) for form in table.values())
    )


def placeholders(entry: Entry) -> frozenset[str]:
    """The named placeholders of a sentence (of every plural form), e.g. ``{"name"}``."""
    forms = [entry] if isinstance(entry, str) else list(entry.values())
    return frozenset(
        field.split(".")[0].split("[")[0]
        for form in forms
        for _, field, _, _ in string.Formatter().parse(form)
        if field is not None
    )


@cache
def default_catalog() -> Catalog:
    return Catalog(Path(__file__).resolve().parent.parent / "locales")
