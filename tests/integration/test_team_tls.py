"""TLS to the team store, verified: ``sslmode=verify-full`` with a CA file (issue 19).

Why it exists: the issue promises that a member's desktop can reach the team's PostgreSQL over
TLS and check whose server it is. These tests make a throwaway certificate authority and a
server certificate naming only ``localhost`` (``cryptography``), start a cluster of their own
that accepts TCP logins over TLS only (``throwaway_cluster(ssl_files=…)``, ``hostssl``), and go
through Parley's own paths: the address checker (``team_url_problem``), the store
(``PostgresTeamConnector`` → ``PostgresEventStore``) and ``parley team join``.

What they keep true: the right CA and host name connect, over TLS, and the store works; another
CA's certificate, or a host name the certificate does not name, is refused before any password
is sent, as ``kind="refused"`` with the certificate named as the reason (never the password).
"""

from __future__ import annotations

import io
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import keyring
import psycopg
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from parley.application.ports.event_store import EventStoreError
from parley.application.ports.settings_store import team_url_problem
from parley.application.ports.team_sync import TeamStoreError
from parley.domain.transcript.canonical import TurnStarted, UserMessage
from parley.infrastructure.team.admin import PostgresTeamConnector
from parley.infrastructure.team.roles import add_member, init_team
from parley.ui.cli import main
from tests.support.keyrings import MemoryKeyring
from tests.support.postgres import Cluster, throwaway_cluster

MEMBER_PASSWORD = "tls-member-Secret-4"


def _authority(name: str) -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate]:
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.now(UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(minutes=5))
        .not_valid_after(now + timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=False,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), False)
        .sign(key, hashes.SHA256())
    )
    return key, cert


def _server_certificate(
    ca_key: ec.EllipticCurvePrivateKey, ca: x509.Certificate, names: list[x509.GeneralName]
) -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate]:
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.now(UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(minutes=5))
        .not_valid_after(now + timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False
        )
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), False
        )
        .sign(ca_key, hashes.SHA256())
    )
    return key, cert


def _write_pem(path: Path, cert: x509.Certificate) -> Path:
    path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return path


def _write_key(path: Path, key: ec.EllipticCurvePrivateKey) -> Path:
    path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    path.chmod(0o600)
    return path


@dataclass(frozen=True)
class TlsTeam:
    """A TLS-only cluster with a team database and one member; the CA files to trust."""

    cluster: Cluster
    database: str
    member: str
    ca: Path
    other_ca: Path

    def url(self, host: str, ca: Path, sslmode: str = "verify-full") -> str:
        """The member's address as a desktop keeps it (no password)."""
        return (
            f"postgresql://{self.member}@{host}:{self.cluster.port}/{self.database}"
            f"?sslmode={sslmode}&sslrootcert={ca}"
        )


@pytest.fixture(scope="module")
def tls_team(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TlsTeam]:
    folder = tmp_path_factory.mktemp("tls")
    ca_key, ca = _authority("Parley test team CA")
    _, other = _authority("Some other CA")
    # The server's certificate names "localhost" only (a DNS name, no IP address): reaching it
    # as 127.0.0.1 must then fail the host-name check.
    server_key, server = _server_certificate(ca_key, ca, [x509.DNSName("localhost")])
    files = (
        _write_pem(folder / "server.crt", server),
        _write_key(folder / "server.key", server_key),
    )
    with throwaway_cluster(ssl_files=files) as cluster:
        database = "tls_" + uuid.uuid4().hex[:12]
        # The admin's connection: libpq's default sslmode=prefer, so over TLS, unverified.
        with psycopg.connect(cluster.admin_dsn(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{database}"')
        admin = cluster.admin_dsn(database)
        init_team(admin)
        member = "tls_" + uuid.uuid4().hex[:8]
        add_member(admin, member, MEMBER_PASSWORD)
        yield TlsTeam(
            cluster,
            database,
            member,
            _write_pem(folder / "ca.crt", ca),
            _write_pem(folder / "other-ca.crt", other),
        )


def test_the_address_checker_accepts_tls_addresses(tls_team: TlsTeam) -> None:
    for url in (
        tls_team.url("localhost", tls_team.ca),
        tls_team.url("127.0.0.1", tls_team.ca, sslmode="verify-ca"),
        tls_team.url("localhost", tls_team.ca, sslmode="require"),
    ):
        assert team_url_problem(url) == "", url


def test_verify_full_with_the_right_ca_connects_over_tls_and_the_store_works(
    tls_team: TlsTeam,
) -> None:
    url = tls_team.url("localhost", tls_team.ca)
    with PostgresTeamConnector().open(url, MEMBER_PASSWORD, device_id="laptop") as store:
        session = store.create_session("over TLS")
        store.append(session.id, "t1", TurnStarted(provider_id="p", model="m"))
        store.append(session.id, "t1", UserMessage(text="encrypted words"))
        assert [h.session_id for h in store.search("encrypted")] == [session.id]
        assert store.verify_chain(session.id).ok
    # The same address, read by libpq directly: the session really is TLS.
    with psycopg.connect(url, password=MEMBER_PASSWORD) as conn:
        row = conn.execute(
            "SELECT ssl, version FROM pg_stat_ssl WHERE pid = pg_backend_pid()"
        ).fetchone()
    assert row is not None and row[0] is True and row[1].startswith("TLS")


def test_plain_tcp_is_refused_by_the_tls_cluster(tls_team: TlsTeam) -> None:
    """The cluster itself: without TLS there is no login (so the test above could not have
    passed over plain TCP)."""
    url = tls_team.url("localhost", tls_team.ca, sslmode="disable")
    with pytest.raises(psycopg.OperationalError, match="no encryption"):
        psycopg.connect(url, password=MEMBER_PASSWORD).close()


def _refusal(url: str) -> tuple[str, str, str]:
    """The messages and kind a store reports for ``url``: (event-store message, team-store
    message, team-store kind)."""
    with PostgresTeamConnector().open(url, MEMBER_PASSWORD, device_id="laptop") as store:
        with pytest.raises(EventStoreError) as event_error:
            store.list_sessions()
        with pytest.raises(TeamStoreError) as team_error:
            store.pushed_up_to("laptop")
    return str(event_error.value), str(team_error.value), team_error.value.kind


def test_verify_full_with_another_ca_is_refused_naming_the_certificate(
    tls_team: TlsTeam,
) -> None:
    event_message, team_message, kind = _refusal(tls_team.url("localhost", tls_team.other_ca))
    assert kind == "refused"
    for message in (event_message, team_message):
        assert "refused the login" in message and "certificate verify failed" in message, message
        assert "password" not in message and MEMBER_PASSWORD not in message
        assert f"{tls_team.member}@localhost:{tls_team.cluster.port}" in message


def test_verify_full_to_a_host_name_the_certificate_does_not_name_is_refused(
    tls_team: TlsTeam,
) -> None:
    event_message, team_message, kind = _refusal(tls_team.url("127.0.0.1", tls_team.ca))
    assert kind == "refused"
    for message in (event_message, team_message):
        assert "refused the login" in message, message
        # libpq 18: server certificate for "localhost" (and 1 other name) does not match host
        # name "127.0.0.1" (the other name is the subject's CN, the same "localhost").
        assert 'server certificate for "localhost"' in message, message
        assert 'does not match host name "127.0.0.1"' in message, message
        assert "password" not in message and MEMBER_PASSWORD not in message
    # verify-ca checks the chain but not the name: the same address then connects.
    url = tls_team.url("127.0.0.1", tls_team.ca, sslmode="verify-ca")
    with PostgresTeamConnector().open(url, MEMBER_PASSWORD, device_id="laptop") as store:
        assert store.pushed_up_to("phone") == 0  # connected, and read through the store


@pytest.fixture
def memory_keyring(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("PARLEY_DATA_DIR", raising=False)
    monkeypatch.delenv("PARLEY_CONFIG_DIR", raising=False)
    monkeypatch.delenv("PGPASSWORD", raising=False)
    saved = keyring.core._keyring_backend
    keyring.set_keyring(MemoryKeyring())
    yield
    keyring.core._keyring_backend = saved


def _join(tmp_path: Path, url: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    dirs = ["--data-dir", str(tmp_path / "data"), "--config-dir", str(tmp_path / "config")]
    saved, sys.stdin = sys.stdin, io.StringIO(MEMBER_PASSWORD + "\n")
    try:
        code = main([*dirs, "team", "join", url, "--password-stdin"])
    finally:
        sys.stdin = saved
    out, err = capsys.readouterr()
    return code, out, err


def test_parley_team_join_over_verified_tls(
    tls_team: TlsTeam,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    memory_keyring: None,
) -> None:
    code, out, err = _join(
        tmp_path / "wrong-ca", tls_team.url("localhost", tls_team.other_ca), capsys
    )
    assert code == 1 and "certificate verify failed" in err, err
    assert MEMBER_PASSWORD not in out + err and "password" not in err
    code, out, err = _join(tmp_path / "right-ca", tls_team.url("localhost", tls_team.ca), capsys)
    assert code == 0, err
    assert f"joined as {tls_team.member}" in out
