"""A second bot process for the crash and race tests: `python -m tests.storage.child MODE …`.

writer DB GAME VERSION  commit transitions forever, printing each version once committed.
racer DB GAME VERSION TASKS  print "ready", wait for a line on stdin, then race TASKS
                             commits with the same expected version; print the tally as JSON.
filler DB GAME VERSION BYTES  with files limited to BYTES (a full disk), commit growing states
                             until storage refuses; print the last version committed, the
                             error, and the version read back afterwards, as JSON.
"""

from __future__ import annotations

import asyncio
import json
import resource
import signal
import sys
from datetime import UTC, datetime

from bot.storage import StaleVersion, Storage, StorageError, TransitionWrite


async def write_forever(db: str, game_id: int, version: int) -> None:
    storage = await Storage.open(db)
    game = await storage.game(game_id)
    assert game is not None
    assert game.version == version
    assert game.state is not None
    step = game.state.get("step", 0)
    while True:
        step += 1
        game = await storage.commit_transition(
            TransitionWrite(
                game_id=game_id,
                expected_version=version,
                actor_id=1,
                actions=[{"type": "pick", "step": step}, {"type": "note", "step": step}],
                state={"step": step, "padding": "x" * (step % 700)},
                now=datetime.now(UTC),
            )
        )
        version = game.version
        print(version, flush=True)


async def race(db: str, game_id: int, version: int, tasks: int) -> None:
    storage = await Storage.open(db)
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)

    async def resolve(task: int) -> str:
        try:
            await storage.commit_transition(
                TransitionWrite(
                    game_id=game_id,
                    expected_version=version,
                    actor_id=task,
                    actions=[{"type": "resolve", "by": f"{sys.argv[1]}-{task}"}],
                    state={"resolved_by": task},
                    now=datetime.now(UTC),
                )
            )
        except StaleVersion:
            return "stale"
        return "won"

    outcomes = await asyncio.gather(*(resolve(task) for task in range(tasks)))
    await storage.close()
    print(json.dumps({"won": outcomes.count("won"), "stale": outcomes.count("stale")}))


async def fill(db: str, game_id: int, version: int) -> None:
    storage = await Storage.open(db)
    error = ""
    for step in range(1, 10_000):
        try:
            game = await storage.commit_transition(
                TransitionWrite(
                    game_id=game_id,
                    expected_version=version,
                    actor_id=1,
                    actions=[{"type": "pick", "step": step}],
                    state={"step": step, "padding": "x" * 50_000},
                    now=datetime.now(UTC),
                )
            )
        except StorageError as refusal:
            error = str(refusal)
            break
        version = game.version
    stored = await storage.game(game_id)
    await storage.close()
    print(json.dumps({"acknowledged": version, "error": error, "read_back": stored.version}))


def main() -> None:
    mode, db, game_id, version, *rest = sys.argv[1:]
    if mode == "writer":
        asyncio.run(write_forever(db, int(game_id), int(version)))
    elif mode == "filler":
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # fail the write instead of dying
        resource.setrlimit(resource.RLIMIT_FSIZE, (int(rest[0]), int(rest[0])))
        asyncio.run(fill(db, int(game_id), int(version)))
    else:
        asyncio.run(race(db, int(game_id), int(version), int(rest[0])))


if __name__ == "__main__":
    main()
