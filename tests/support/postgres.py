"""A throwaway PostgreSQL cluster for the tests of the team store (issue 19).

Why it exists: the team store's behaviour that matters — row-level security, triggers, text
search, transactions — lives in PostgreSQL itself, so its tests need a real server, not a fake.
``postgres_cluster`` (session-scoped) makes one: ``initdb`` in a temporary folder, ``pg_ctl``
starts it on a free loopback TCP port (``listen_addresses=127.0.0.1``, its unix socket inside the
temporary folder), and at the end it is stopped and removed.

Invariants it keeps:

- the server runs as an unprivileged user: ``initdb`` refuses root, so under root (CI) the
  binaries run through ``runuser -u parley-pg`` (a system user made once with ``useradd
  --system`` when missing; ``nobody`` when that fails) and the data folder belongs to that user;
- it listens on 127.0.0.1 only, with password (scram) authentication for TCP, so the role tests
  connect as the members they claim to be;
- without ``initdb``/``pg_ctl`` (on PATH or under ``/usr/lib/postgresql/*/bin``) every test that
  asks for it skips with one line saying how to enable it;
- ``fresh_database`` gives each test its own empty database (its name unique), dropped after;
- ``throwaway_cluster(ssl_files=(cert, key))`` starts one with TLS on (``ssl=on``, the files
  copied into its folder, owned by the server's user, the key ``0600``) whose ``pg_hba.conf``
  accepts TCP logins only over TLS (``hostssl``): a test of TLS cannot pass over plain TCP.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

SKIP_REASON = "install PostgreSQL (Debian: apt-get install postgresql) to run the PostgreSQL tests"
#: The cluster's superuser (the bootstrap role ``initdb -U`` makes) and its password.
ADMIN = "parley_admin"
ADMIN_PASSWORD = "admin-secret-for-tests"
SERVICE_USER = "parley-pg"


def find_binaries() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl`` (PATH first, then Debian's versioned
    folders, newest first), or None."""
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return Path(initdb).parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _service_user() -> str | None:
    """The unprivileged user to run the server as when we are root (None when we are not)."""
    if os.geteuid() != 0:
        return None
    try:
        pwd.getpwnam(SERVICE_USER)
        return SERVICE_USER
    except KeyError:
        pass
    made = subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", SERVICE_USER],
        capture_output=True,
        check=False,
    )
    return SERVICE_USER if made.returncode == 0 else "nobody"


@dataclass(frozen=True)
class Cluster:
    """A running throwaway server: where it listens and how the superuser logs in."""

    host: str
    port: int
    admin: str
    admin_password: str

    def dsn(self, user: str, password: str, dbname: str) -> str:
        return (
            f"host={self.host} port={self.port} user={user} password={password} dbname={dbname}"
            " connect_timeout=5"
        )

    def admin_dsn(self, dbname: str = "postgres") -> str:
        return self.dsn(self.admin, self.admin_password, dbname)


def _run(user: str | None, argv: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    if user is not None:
        argv = ["runuser", "-u", user, "--", *argv]
    return subprocess.run(argv, capture_output=True, text=True, check=False, **kwargs)  # type: ignore[call-overload]


#: ``pg_hba.conf`` of a TLS cluster: the unix socket trusted (``pg_ctl`` only), TCP logins with a
#: scram password over TLS only; no ``host``/``hostnossl`` line, so plain TCP is refused.
_TLS_HBA = (
    "local all all trust\n"
    "hostssl all all 127.0.0.1/32 scram-sha-256\n"
    "hostssl all all ::1/128 scram-sha-256\n"
)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """Start a throwaway cluster for the whole test session (see the module docstring)."""
    with throwaway_cluster() as cluster:
        yield cluster


@contextmanager
def throwaway_cluster(ssl_files: tuple[Path, Path] | None = None) -> Iterator[Cluster]:
    """A cluster of its own, stopped and removed on exit; ``ssl_files`` = (server certificate,
    its private key) PEM files: TLS on and required for TCP (see the module docstring)."""
    binaries = find_binaries()
    if binaries is None:
        pytest.skip(SKIP_REASON)
    user = _service_user()
    root = Path(tempfile.mkdtemp(prefix="parley-pg-"))
    data, sockets = root / "data", root / "run"
    sockets.mkdir()
    password_file = root / "pw"
    password_file.write_text(ADMIN_PASSWORD + "\n")
    if user is not None:
        uid, gid = pwd.getpwnam(user).pw_uid, pwd.getpwnam(user).pw_gid
        for path in (root, sockets, password_file):
            os.chown(path, uid, gid)
    os.chmod(root, 0o700)
    made = _run(
        user,
        [
            str(binaries / "initdb"),
            "-D",
            str(data),
            "-U",
            ADMIN,
            f"--pwfile={password_file}",
            "--auth-host=scram-sha-256",
            "--auth-local=trust",
            "-E",
            "UTF8",
            "--locale=C",
        ],
    )
    if made.returncode != 0:
        shutil.rmtree(root, ignore_errors=True)
        pytest.fail(f"initdb failed: {made.stderr.strip() or made.stdout.strip()}")
    port = _free_port()
    options = (
        f"-c listen_addresses=127.0.0.1 -p {port} -c unix_socket_directories={sockets}"
        " -c fsync=off -c max_connections=60"
    )
    if ssl_files is not None:
        cert, key = root / "server.crt", root / "server.key"
        shutil.copyfile(ssl_files[0], cert)
        shutil.copyfile(ssl_files[1], key)
        os.chmod(key, 0o600)  # the server refuses a key others can read
        (data / "pg_hba.conf").write_text(_TLS_HBA)
        if user is not None:
            uid, gid = pwd.getpwnam(user).pw_uid, pwd.getpwnam(user).pw_gid
            for path in (cert, key, data / "pg_hba.conf"):
                os.chown(path, uid, gid)
        options += f" -c ssl=on -c ssl_cert_file={cert} -c ssl_key_file={key}"
    started = _run(
        user,
        [str(binaries / "pg_ctl"), "-D", str(data), "-l", str(root / "log"), "-o", options,
         "-w", "-t", "60", "start"],
    )  # fmt: skip
    if started.returncode != 0:
        log = (root / "log").read_text(errors="replace") if (root / "log").exists() else ""
        shutil.rmtree(root, ignore_errors=True)
        pytest.fail(f"pg_ctl start failed: {started.stderr.strip()} {log[-2000:]}")
    try:
        yield Cluster("127.0.0.1", port, ADMIN, ADMIN_PASSWORD)
    finally:
        _run(user, [str(binaries / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"])
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def fresh_database(postgres_cluster: Cluster) -> Iterator[str]:
    """A new empty database for one test; its name. Dropped afterwards (with its connections)."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:16]
    with psycopg.connect(postgres_cluster.admin_dsn(), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield name
    finally:
        with psycopg.connect(postgres_cluster.admin_dsn(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
