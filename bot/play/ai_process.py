"""The AI players' process: it ends when the bot's process does.

A process the bot started outlives a bot that was SIGKILLed (its pipes and its CPU with it) unless
it looks: every second it asks whether its parent is still the one that started it."""

from __future__ import annotations

import os
import threading
import time

LOOK_SECONDS = 1.0


def end_with_parent() -> None:
    """The worker's initializer: a thread that ends the process once its parent is gone."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(LOOK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="whyfirst-ai-parent", daemon=True).start()
