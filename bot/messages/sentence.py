"""A sentence of the catalog before it is put into words: its key and its values, where a value
may itself be a sentence, names joined as the language joins them, or a signed decimal. The
story of a change is told in these, and put into a language in one place (`words`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.i18n import join_names, signed_decimal, t


@dataclass(frozen=True)
class Sentence:
    key: str
    values: tuple[tuple[str, Word], ...] = ()


@dataclass(frozen=True)
class Names:
    """Names joined as the language joins them: "Ann, Ben and Leo"."""

    names: tuple[Word, ...]


@dataclass(frozen=True)
class Joined:
    """Words joined by a fixed separator, the same in every language."""

    parts: tuple[Word, ...]
    separator: str


@dataclass(frozen=True)
class SignedDecimal:
    """A change with one decimal and its sign, written as the language writes decimals."""

    value: float


Word = str | int | Sentence | Names | Joined | SignedDecimal


def sentence(key: str, /, **values: Word) -> Sentence:
    return Sentence(key, tuple(values.items()))


def words(sentences: Iterable[Sentence], locale: str | None) -> tuple[str, ...]:
    """The sentences in `locale`."""
    return tuple(_word(each, locale) for each in sentences)


def _word(word: Word, locale: str | None) -> str:
    if isinstance(word, Sentence):
        # Numbers stay numbers: the catalog chooses plural forms by them.
        values = {
            name: value if isinstance(value, int) else _word(value, locale)
            for name, value in word.values
        }
        return t(word.key, locale, **values)
    if isinstance(word, Names):
        return join_names([_word(name, locale) for name in word.names], locale)
    if isinstance(word, Joined):
        return word.separator.join(_word(part, locale) for part in word.parts)
    if isinstance(word, SignedDecimal):
        return signed_decimal(word.value, locale)
    return str(word)
