"""Where a new game's seeds come from: the operating system's randomness, or, for tests and
the demo (WHYFIRST_SEED), a generator seeded once, so that the same games are dealt again."""

from __future__ import annotations

import random
import secrets


class Seeds:
    def __init__(self, seed: int | None) -> None:
        self._generator = random.Random(seed) if seed is not None else None

    def new(self) -> int:
        if self._generator is not None:
            return self._generator.getrandbits(63)
        return secrets.randbits(63)
