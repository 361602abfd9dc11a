"""python -m bot.storage: database chores without the bot (see --help)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence

from bot.storage.copying import CopyError, TargetNotEmpty, copy_database
from bot.storage.errors import StorageError
from bot.storage.postgres import without_password
from bot.storage.storage import Storage

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2  # argparse's own
EXIT_TARGET_NOT_EMPTY = 3

EXIT_CODES = f"""exit codes:
  {EXIT_OK}  done
  {EXIT_FAILED}  a database could not be used, or the copy could not be made; nothing was
     written to TARGET (the reason is printed)
  {EXIT_USAGE}  wrong arguments
  {EXIT_TARGET_NOT_EMPTY}  copy: TARGET already holds data; nothing was copied
"""

DATABASE_HELP = "an SQLite file path or a postgresql://user:password@host:port/name URL"


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(
        prog="python -m bot.storage",
        description="Database chores for the Why First? bot.",
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = main.add_subparsers(dest="command", required=True)
    copy = commands.add_parser(
        "copy",
        help="copy an SQLite database into an empty PostgreSQL database",
        description=(
            "Copy every table of an SQLite database (games, seats, action logs, stage\n"
            "points, results, leaderboard sums, bot settings) into an empty PostgreSQL\n"
            "database, creating its schema first, then compare the row counts of every\n"
            "table and print them. SOURCE is only read: stop the bot first, so that it is\n"
            "not written meanwhile. The rows are copied in one transaction: if anything\n"
            "fails, TARGET gets none of them (only the schema)."
        ),
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    copy.add_argument("source", metavar="SOURCE", help="the SQLite file")
    copy.add_argument("target", metavar="TARGET", help="the PostgreSQL URL")
    migrate = commands.add_parser(
        "migrate",
        help="bring a database's schema up to date",
        description="Apply the pending migrations, as the bot does when it starts.",
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    migrate.add_argument("database", metavar="DATABASE", help=DATABASE_HELP)
    rerate = commands.add_parser(
        "rerate",
        help="recompute every skill rating from the stored games",
        description="Recompute every server's skill ratings (all time and per season) from "
        "the stored finished games, in the order they finished. Idempotent: the same games "
        "give the same ratings.",
    )
    rerate.add_argument("database", metavar="DATABASE", help=DATABASE_HELP)
    return main


async def copy(source: str, target: str) -> int:
    counts = await copy_database(source, target)
    print(f"copied {source} into {without_password(target)}")
    width = max(map(len, counts))
    print(f"{'table':{width}}  {'rows':>9}")
    for table, rows in counts.items():
        print(f"{table:{width}}  {rows:>9}")
    print("every table holds as many rows in the target as in the source")
    return EXIT_OK


async def migrate(database: str) -> int:
    async with await Storage.open(database) as storage:
        print(f"{storage.database} is up to date")
    return EXIT_OK


async def rerate(database: str) -> int:
    async with await Storage.open(database) as storage:
        games = await storage.rerate()
    print(f"rated {games} games in {without_password(database)}")
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    options = parser().parse_args(argv)
    # Storage logs what it does (migrations) and what failed, in sentences.
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    try:
        if options.command == "copy":
            return asyncio.run(copy(options.source, options.target))
        if options.command == "rerate":
            return asyncio.run(rerate(options.database))
        return asyncio.run(migrate(options.database))
    except TargetNotEmpty as refusal:
        print(f"refused: {refusal}", file=sys.stderr)
        return EXIT_TARGET_NOT_EMPTY
    except CopyError as refusal:
        print(f"cannot copy: {refusal}", file=sys.stderr)
        return EXIT_FAILED
    except StorageError as problem:
        if not problem.logged:
            print(problem, file=sys.stderr)
        return EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
