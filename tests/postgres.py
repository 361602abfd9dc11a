"""A throwaway PostgreSQL server for tests and benchmarks, started from the server binaries
installed on the machine (Debian: /usr/lib/postgresql/NN/bin, the newest one is used).

    cluster = PostgresCluster.start(bin_dir)   # initdb in a temporary folder, then postgres
    url = cluster.create_database()            # postgresql://whyfirst:…@127.0.0.1:PORT/test_3
    cluster.drop_database(url)
    cluster.stop()                             # stops the server and removes the folder

The server listens on 127.0.0.1 on a free port, with its unix socket in the temporary folder.
`initdb` refuses to run as root, so under root the cluster belongs to the `postgres` system
user (or `nobody`) and every server binary runs as that user. Client URLs use TCP and a
password (as a deployment would); the admin commands use the unix socket.

`durable=False` (the tests' choice) turns fsync off: the server's own crash safety is not
what the tests check, and it keeps them fast on a shared machine. Benchmarks keep it on.
"""

from __future__ import annotations

import itertools
import os
import pwd
import re
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.ports import free_port

SUPERUSER = "whyfirst"
_DEBIAN_BIN_DIRS = Path("/usr/lib/postgresql")
_START_ATTEMPTS = 5  # another process may take the free port before the server binds it
_READY_SECONDS = 30.0
_PROGRAMS = ("initdb", "postgres", "pg_isready", "psql")


def find_server_binaries() -> Path | None:
    """The newest Debian PostgreSQL bin folder, else the folder `initdb` on PATH links to;
    None unless it holds every program used here."""
    debian = [path.parent for path in _DEBIAN_BIN_DIRS.glob("*/bin/initdb")]
    if debian:
        bin_dir = max(debian, key=lambda found: _version_key(found.parent.name))
    else:
        on_path = shutil.which("initdb")
        if on_path is None:
            return None
        bin_dir = Path(on_path).resolve().parent
    if all((bin_dir / program).is_file() for program in _PROGRAMS):
        return bin_dir
    return None


def _version_key(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", name))


@dataclass(frozen=True)
class _RunAs:
    """The unprivileged account the server runs as when the tests run as root."""

    uid: int
    gid: int
    name: str

    @classmethod
    def for_this_process(cls) -> _RunAs | None:
        if os.geteuid() != 0:
            return None
        for name in ("postgres", "nobody"):
            try:
                entry = pwd.getpwnam(name)
            except KeyError:
                continue
            return cls(entry.pw_uid, entry.pw_gid, name)
        raise RuntimeError("running as root, and neither a postgres nor a nobody user exists")


@dataclass
class PostgresCluster:
    bin_dir: Path
    folder: Path
    port: int
    password: str
    run_as: _RunAs | None
    server: subprocess.Popen[bytes]
    _names: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    @classmethod
    def start(cls, bin_dir: Path, *, durable: bool = False) -> PostgresCluster:
        run_as = _RunAs.for_this_process()
        folder = Path(tempfile.mkdtemp(prefix="whyfirst-postgres-"))
        try:
            password = secrets.token_hex(12)
            (folder / "password").write_text(password + "\n", encoding="utf-8")
            if run_as is not None:
                for path in (folder, folder / "password"):
                    os.chown(path, run_as.uid, run_as.gid)
            _run(
                run_as,
                folder,
                bin_dir / "initdb",
                f"--pgdata={folder / 'data'}",
                f"--username={SUPERUSER}",
                f"--pwfile={folder / 'password'}",
                "--auth-local=trust",
                "--auth-host=scram-sha-256",
                "--encoding=UTF8",
                "--no-locale",
                "--no-sync",
            )
            for _ in range(_START_ATTEMPTS):
                port = free_port()
                server = _spawn_server(run_as, folder, bin_dir, port, durable=durable)
                if _wait_until_ready(server, bin_dir, folder, port):
                    return cls(bin_dir, folder, port, password, run_as, server)
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        log = (folder / "server.log").read_text(encoding="utf-8", errors="replace")
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"the PostgreSQL test server did not start:\n{log[-3000:]}")

    def url(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}:{self.password}@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """A new empty database; returns its URL."""
        name = f"test_{next(self._names)}"
        self.psql(f'CREATE DATABASE "{name}" TEMPLATE template0')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        name = url.rsplit("/", 1)[1]
        self.psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def psql(self, sql: str, database: str = "postgres") -> str:
        """Run SQL as the superuser over the unix socket; returns what psql printed."""
        return _run(
            None,
            self.folder,
            self.bin_dir / "psql",
            "--no-psqlrc",
            "--quiet",
            "--tuples-only",
            "--no-align",
            "--set=ON_ERROR_STOP=1",
            f"--host={self.folder}",
            f"--port={self.port}",
            f"--username={SUPERUSER}",
            f"--dbname={database}",
            f"--command={sql}",
        )

    def stop(self) -> None:
        """A fast shutdown (SIGINT), then the folder goes."""
        if self.server.poll() is None:
            self.server.send_signal(signal.SIGINT)
            try:
                self.server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def _spawn_server(
    run_as: _RunAs | None, folder: Path, bin_dir: Path, port: int, *, durable: bool
) -> subprocess.Popen[bytes]:
    settings = {
        "listen_addresses": "127.0.0.1",
        "port": str(port),
        "unix_socket_directories": str(folder),
        "max_connections": "100",
        "shared_buffers": "32MB",
        "fsync": "on" if durable else "off",
        "full_page_writes": "on" if durable else "off",
    }
    log = (folder / "server.log").open("ab")
    with log:
        return subprocess.Popen(
            [
                str(bin_dir / "postgres"),
                "-D",
                str(folder / "data"),
                *(f"--{name.replace('_', '-')}={value}" for name, value in settings.items()),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=folder,
            **_privileges(run_as),  # type: ignore[arg-type]
        )


def _wait_until_ready(
    server: subprocess.Popen[bytes], bin_dir: Path, folder: Path, port: int
) -> bool:
    """True once the server accepts connections; False if it exited (e.g. port taken)."""
    deadline = time.monotonic() + _READY_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            return False
        ready = subprocess.run(
            [str(bin_dir / "pg_isready"), f"--host={folder}", f"--port={port}", "--quiet"],
            check=False,
        )
        if ready.returncode == 0:
            return True
        time.sleep(0.05)
    server.kill()
    server.wait()
    return False


def _privileges(run_as: _RunAs | None) -> dict[str, object]:
    if run_as is None:
        return {}
    return {"user": run_as.uid, "group": run_as.gid, "extra_groups": []}


def _run(run_as: _RunAs | None, folder: Path, program: Path, *args: str) -> str:
    done = subprocess.run(
        [str(program), *args],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
        **_privileges(run_as),  # type: ignore[arg-type]
    )
    if done.returncode != 0:
        raise RuntimeError(f"{program.name} failed ({done.returncode}):\n{done.stderr}")
    return done.stdout
