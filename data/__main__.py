"""Maintenance commands for the bot's database.

    python -m data copy SRC_URL DST_URL [--replace]

``copy`` copies a whole database, every table and the games in progress, from one
URL to another: ``sqlite:///relative.sqlite3``, ``sqlite:////absolute.sqlite3`` or
``postgresql://user:password@host:port/database`` (see :mod:`data.copy`). It prints
each table's row count and checksum on both sides and exits 0 only when they all
match; 1 when they do not, or when the destination holds other data (nothing is
written then, unless ``--replace``); 2 when a database cannot be opened.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from .copy import DestinationNotEmpty, copy_database
from .database import Database
from .engines import redact
from .errors import DatabaseError


async def _copy(source: str, destination: str, replace: bool) -> int:
    try:
        src = await Database.open_url(source)
    except DatabaseError as exc:
        print(f"error: source: {exc}", file=sys.stderr)
        return 2
    try:
        try:
            dst = await Database.open_url(destination)
        except DatabaseError as exc:
            print(f"error: destination: {exc}", file=sys.stderr)
            return 2
        try:
            print(f"Copying {redact(source)} to {redact(destination)}")
            result = await copy_database(src, dst, replace=replace, progress=print)
        except DestinationNotEmpty as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        finally:
            await dst.close()
    finally:
        await src.close()
    print(result.report())
    if not result.matches:
        print("error: the copy does not match its source (see the table above)", file=sys.stderr)
        return 1
    print("Every table matches." if result.copied else "Every table matches; nothing was copied.")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m data", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser(
        "copy", help="copy a whole database (SQLite <-> PostgreSQL), checked table by table"
    )
    copy.add_argument("source", metavar="SRC_URL")
    copy.add_argument("destination", metavar="DST_URL")
    copy.add_argument(
        "--replace",
        action="store_true",
        help="delete the destination's data first when it holds other rows",
    )
    args = parser.parse_args(argv)
    try:
        return asyncio.run(_copy(args.source, args.destination, args.replace))
    except DatabaseError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
