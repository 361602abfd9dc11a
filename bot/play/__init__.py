"""What a click or a deadline does to a game: the lobby, the private controls, the timers,
and the game service, the one path from an intention to a committed transition."""

import multiprocessing
import os
import threading
from multiprocessing.connection import wait


def end_with_parent() -> None:
    """The AI process's initializer, here so that it imports nothing else: it ends with the bot."""
    parent = multiprocessing.parent_process()
    assert parent is not None
    threading.Thread(target=lambda: (wait([parent.sentinel]), os._exit(0)), daemon=True).start()
