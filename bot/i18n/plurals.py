"""Which plural form a count takes, per language (CLDR cardinal rules, integers only)."""

from __future__ import annotations

# Languages where 0 and 1 are both singular; everything else follows English (1 is singular).
_ZERO_IS_SINGULAR = frozenset({"fr", "pt", "hi", "bn"})
# Languages without plural forms.
_NO_PLURAL = frozenset({"ja", "ko", "zh", "th", "vi", "id"})


def plural_category(count: int, locale: str | None = None) -> str:
    """``"one"`` or ``"other"`` for ``count`` in the locale's language (English by default)."""
    language = (locale or "en").split("-")[0]
    if language in _NO_PLURAL:
        return "other"
    if language in _ZERO_IS_SINGULAR and count in (0, 1):
        return "one"
    return "one" if count == 1 else "other"
