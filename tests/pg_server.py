"""A throwaway PostgreSQL server for the tests, from the machine's own packages.

``.ci/run`` starts one before the suite and stops it after
(``python -m tests.pg_server start FOLDER`` prints its URL; ``stop FOLDER``);
the suite reads that URL from ``TEST_POSTGRES_URL``. A local run without it
starts its own server in a temporary folder (see ``tests/conftest.py``), so the
README's test command needs nothing more than PostgreSQL's server programs
(``initdb``, ``pg_ctl``) on PATH.

The server listens on a Unix socket in its folder only (no TCP port to collide
with), trusts local connections, and keeps its data in the folder: removing
the folder after ``stop`` leaves nothing behind. PostgreSQL refuses to run as
root, so as root the programs run as the ``postgres`` user (``runuser``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

USER = "cardtable"
PORT = 5432
"""Only names the socket file (``.s.PGSQL.5432``): nothing listens on TCP."""


class NoPostgres(RuntimeError):
    """PostgreSQL's server programs are not on this machine."""


@dataclass(frozen=True)
class Server:
    folder: Path

    @property
    def url(self) -> str:
        return f"postgresql://{USER}@/postgres?host={self.folder}&port={PORT}"


def _as_owner(args: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


def programs() -> dict[str, str]:
    """Where ``initdb`` and ``pg_ctl`` are; raises :class:`NoPostgres`."""
    found = {name: shutil.which(name) for name in ("initdb", "pg_ctl")}
    missing = [name for name, path in found.items() if path is None]
    if missing:
        raise NoPostgres(
            f"PostgreSQL's server programs ({', '.join(missing)}) are not on PATH: install "
            "PostgreSQL 15 (Debian: postgresql) or set TEST_POSTGRES_URL to a server of yours"
        )
    return {name: path for name, path in found.items() if path is not None}


def start(folder: Path) -> Server:
    """Create a cluster in ``folder`` (which must be empty or absent) and start it."""
    exe = programs()
    folder.mkdir(parents=True, exist_ok=True)
    # the server's owner must be able to reach the folder: a folder under one that
    # only root may enter (pytest's temporary folders) cannot work as root
    folder.chmod(0o777)
    data = folder / "data"
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "check": True}
    subprocess.run(
        _as_owner(
            [exe["initdb"], "-D", str(data), "-U", USER, "--auth=trust", "-E", "UTF8", "--no-sync"]
        ),
        **quiet,  # type: ignore[arg-type]
    )
    log = str(folder / "log")
    options = (
        f"-k {folder} -p {PORT} -c listen_addresses='' -c fsync=off "
        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    )
    subprocess.run(
        _as_owner([exe["pg_ctl"], "-w", "-D", str(data), "-o", options, "-l", log, "start"]),
        **quiet,  # type: ignore[arg-type]
    )
    return Server(folder)


def stop(folder: Path) -> None:
    exe = programs()
    subprocess.run(
        _as_owner([exe["pg_ctl"], "-D", str(folder / "data"), "-m", "immediate", "-w", "stop"]),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("start", "stop"):
        print("usage: python -m tests.pg_server start|stop FOLDER", file=sys.stderr)
        return 2
    folder = Path(argv[1]).resolve()
    if argv[0] == "start":
        try:
            print(start(folder).url)
        except NoPostgres as exc:
            print(exc, file=sys.stderr)
            return 1
        except subprocess.CalledProcessError as exc:
            why = exc.stderr.decode(errors="replace")
            print(f"PostgreSQL did not start: {why}", file=sys.stderr)
            return 1
        return 0
    stop(folder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
