"""Turn overhead: ``window.send()`` to the first request byte on the wire (issue 8).

What it measures. A local server (a plain socket server in a separate process, so its CPU time
and its GIL are not Parley's; one thread per connection, HTTP/1.1 keep-alive) records
``time.monotonic_ns()`` when the first byte of each request arrives (the ``recv`` that returns
it) and answers every ``POST .../chat/completions`` with a short OpenAI SSE stream (chunked, so
the client may keep the connection). A real ``MainWindow`` (offscreen unless ``--display``, real
services on a temporary profile, the provider added with ``services.settings.add_provider``, no
API key: the server is on this machine) sends turns with ``MainWindow.send``; the figure is
``send()`` called (``time.monotonic_ns`` just before it) to that first byte. Both processes read
the same clock (system-wide on Linux). Each case runs ``--repeat`` times (default 10):

- ``new conversation``: ``new_chat()`` then a one-line prompt;
- ``100 messages`` / ``1,000 messages``: a saved conversation of that many messages (half prompts,
  half answers, written through the store) opened with ``open_session`` first; each repetition
  adds its own two messages, so the last turn follows ``N + 2 * (repeat - 1)`` messages;
- ``new conversation, https``: the same as the first, to a second provider on the same server
  over TLS (a self-signed certificate made for the run, trusted through ``REQUESTS_CA_BUNDLE`` =
  the system's CA bundle plus that certificate, so verifying costs what it costs against a real
  provider). A new connection here is a TLS handshake and, in ``requests``, a fresh SSL context
  loading the whole CA bundle: what every turn paid when no connection outlived its turn;
- ``20-page PDF``: ``new_chat()``, a 20-page PDF attached with ``composer.add_attachments``, then
  the prompt. Every repetition gets a different PDF (pages ``9 i`` to ``9 i + 19`` of the fixture
  ``pdf-large-117pages.pdf``, cut with pypdf into the temporary folder), so nothing decided by a
  file's content is cached. The extraction (a separate process, see
  ``infrastructure.attachments.reader``) is part of the figure; the first PDF of the run starts
  its reader process cold, later ones find the spare the previous read left (so p99 is the cold
  one).

Also printed: the first turn after the window opened (``cold``: lazy imports, the first connection),
how long ``send()`` itself blocked the UI thread, and the UI thread's largest stall from ``send()``
to the end of the turn (a 1 ms ``PreciseTimer`` probe, ``StallProbe`` from ``streaming.py``) — the
one issue 8 asks about is the PDF case, while the file is stored and extracted.

Baseline, in the same run, interleaved with Parley's repetitions: the same body (the bytes the
server received from Parley in that case) POSTed with ``http.client`` to the same server, from
the call to the server's first byte. Two forms: on a new connection (connect + send: the HTTP cost
no client can avoid on a first request) and on a kept-alive connection (send only). The ratio
printed is Parley over the new-connection POST.

``--spans`` adds a second pass (3 turns per case) with ``time.perf_counter``-style spans on the
turn's worker thread — resolving the provider, reading the settings file, the store calls,
rendering the history and the body, the HTTP call up to the server's first byte — and prints one
turn's timeline per case. The spans wrap methods on the live objects, so they cost a few
microseconds each; the main figures are taken without them.

    .venv/bin/python benchmarks/turn_overhead.py [--repeat 10] [--spans] [--display]
        [--cases new,tls,100,1000,pdf]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks.streaming import (  # noqa: E402  (needs the path above)
    StallProbe,
    fill_conversation,
    machine,
    p99,
    pin_singletons_if_pyside_leaks,
    run_loop,
    settle,
)

PROMPT = "Explain WAL mode in SQLite in two sentences."
PDF_FIXTURE = REPO / "tests" / "fixtures" / "documents" / "pdf-large-117pages.pdf"
PDF_PAGES = 20

# -- the server (a separate process) ------------------------------------------------------------


def _chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


def _answer_body() -> bytes:
    from tests.support.sse_server import openai_text_stream

    body = openai_text_stream(["WAL ", "keeps ", "a ", "log."], model="bench-model", usage=(9, 4))
    return b"".join(_chunk(e + b"\n\n") for e in body.split(b"\n\n") if e) + b"0\r\n\r\n"


def serve(cert: str, key: str) -> int:
    """``--serve CERT KEY``: answer on 127.0.0.1 until killed, in plain HTTP on one port and over
    TLS (``CERT``/``KEY``) on another; one JSON line per chat request on stdout: ``first_ns`` (the
    request's first byte; over TLS, its first decrypted byte), the connection's number and the
    body (UTF-8)."""
    import ssl

    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(cert, key)
    answer = (
        b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n" + _answer_body()
    )
    models = json.dumps({"object": "list", "data": [{"id": "bench-model"}]}).encode()
    out_lock = threading.Lock()
    counter = iter(range(1, 1 << 30))

    def handle(conn: socket.socket, number: int, secure: bool) -> None:
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if secure:
            try:
                conn = tls.wrap_socket(conn, server_side=True)
            except (OSError, ssl.SSLError):
                conn.close()
                return
        pending = b""
        with conn:
            while True:
                data = pending or conn.recv(1 << 16)
                if not data:
                    return
                first_ns = time.monotonic_ns()  # pending bytes: already here (never in practice)
                pending = b""
                while b"\r\n\r\n" not in data:
                    more = conn.recv(1 << 16)
                    if not more:
                        return
                    data += more
                head, _, body = data.partition(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n")[1:]:
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value.strip())
                while len(body) < length:
                    more = conn.recv(1 << 20)
                    if not more:
                        return
                    body += more
                body, pending = body[:length], body[length:]
                target = head.split(b"\r\n", 1)[0]
                if b"/chat/completions" in target:
                    conn.sendall(answer)
                    line = {"first_ns": first_ns, "conn": number, "body": body.decode("utf-8")}
                    with out_lock:
                        print(json.dumps(line), flush=True)
                elif b"/models" in target:
                    conn.sendall(
                        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                        b"Content-Length: %d\r\n\r\n%s" % (len(models), models)
                    )
                else:
                    conn.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")

    def accept(listener: socket.socket, secure: bool) -> None:
        while True:
            conn, _ = listener.accept()
            threading.Thread(target=handle, args=(conn, next(counter), secure), daemon=True).start()

    plain = socket.create_server(("127.0.0.1", 0))
    secure = socket.create_server(("127.0.0.1", 0))
    threading.Thread(target=accept, args=(secure, True), daemon=True).start()
    print(f"PORT {plain.getsockname()[1]} {secure.getsockname()[1]}", flush=True)
    accept(plain, False)
    return 0


def make_tls_files(folder: Path) -> tuple[Path, Path, Path]:
    """A self-signed certificate for ``localhost``/127.0.0.1, its key, and a CA bundle: the
    system's (``REQUESTS_CA_BUNDLE`` or certifi's) with that certificate added."""
    import datetime
    import ipaddress

    import certifi
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(
            x509.SubjectAlternativeName(
                [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_pem = cert.public_bytes(serialization.Encoding.PEM)
    cert_path, key_path, bundle_path = (folder / n for n in ("cert.pem", "key.pem", "ca.pem"))
    cert_path.write_bytes(cert_pem)
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    system = Path(os.environ.get("REQUESTS_CA_BUNDLE") or certifi.where())
    bundle_path.write_bytes(system.read_bytes().rstrip(b"\n") + b"\n" + cert_pem)
    return cert_path, key_path, bundle_path


class ServerProcess:
    def __init__(self, cert: Path, key: Path, bundle: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve", str(cert), str(key)],
            cwd=REPO,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        first = self.proc.stdout.readline().split()
        if len(first) != 3 or first[0] != "PORT":
            raise RuntimeError(f"the server did not start: {first!r}")
        self.port, self.tls_port = int(first[1]), int(first[2])
        self.url = f"http://127.0.0.1:{self.port}/v1"
        self.tls_url = f"https://localhost:{self.tls_port}/v1"
        self.bundle = bundle
        self.lines: queue.Queue[dict] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(json.loads(line))

    def next_request(self) -> dict:
        return self.lines.get(timeout=30)

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(5)


# -- the baseline: a bare POST of the same body --------------------------------------------------

_HEADERS = {"Content-Type": "application/json", "Accept": "text/event-stream"}


def bare_connection(server: ServerProcess, tls: bool) -> http.client.HTTPConnection:
    """A new (not yet connected) connection; over TLS with a fresh context that loads the same
    CA bundle, as a client making its first request would."""
    if not tls:
        return http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    import ssl

    context = ssl.create_default_context(cafile=str(server.bundle))
    return http.client.HTTPSConnection("localhost", server.tls_port, timeout=10, context=context)


def bare_post(
    server: ServerProcess, body: bytes, conn: http.client.HTTPConnection | None, tls: bool = False
) -> float:
    """ms from the call to the server's first byte; a new connection unless ``conn`` is given
    (then it is reused, and left open for the next call)."""
    t0 = time.monotonic_ns()
    fresh = conn is None
    if conn is None:
        conn = bare_connection(server, tls)
    conn.request("POST", "/v1/chat/completions", body=body, headers=_HEADERS)
    first_ns = server.next_request()["first_ns"]
    response = conn.getresponse()
    response.read()
    if fresh:
        conn.close()
    return (first_ns - t0) / 1e6


# -- one Parley turn -----------------------------------------------------------------------------


def parley_turn(window, server: ServerProcess) -> dict:
    """``window.send(PROMPT)`` to the server's first byte, with the UI stalls until the end."""
    finished: list = []

    def on_finished(outcome) -> None:
        finished.append(outcome)

    window.bridge.sig_turn_finished.connect(on_finished)
    probe = StallProbe()
    probe.start()
    t0 = time.monotonic_ns()
    handle = window.send(PROMPT)
    send_ms = (time.monotonic_ns() - t0) / 1e6
    if handle is None:
        raise RuntimeError("the window did not start a turn")
    run_loop(lambda: bool(finished), 120)
    gaps = probe.stop()
    window.bridge.sig_turn_finished.disconnect(on_finished)
    if not finished:
        raise RuntimeError("the turn did not finish")
    if finished[0].status != "completed":
        raise RuntimeError(f"the turn ended {finished[0].status}: {finished[0].error}")
    request = server.next_request()
    return {
        "first_byte_ms": (request["first_ns"] - t0) / 1e6,
        "t0": t0,
        "first_ns": request["first_ns"],
        "send_ms": send_ms,
        "stall_ms": max(gaps),
        "stall_at_ms": probe.largest_at_ms,
        "body": request["body"].encode("utf-8"),
        "conn": request["conn"],
    }


def make_pdfs(folder: Path, count: int) -> list[Path]:
    """``count`` different 20-page PDFs cut from the 117-page fixture (pages 9i .. 9i+19)."""
    from pypdf import PdfReader, PdfWriter

    reader = PdfReader(PDF_FIXTURE)
    paths = []
    for i in range(count):
        start = (9 * i) % (len(reader.pages) - PDF_PAGES)
        writer = PdfWriter()
        for page in reader.pages[start : start + PDF_PAGES]:
            writer.add_page(page)
        path = folder / f"notes-{i:02d}-{PDF_PAGES}pages.pdf"
        with path.open("wb") as fh:
            writer.write(fh)
        paths.append(path)
    return paths


# -- spans on the worker (``--spans``) -----------------------------------------------------------


class Spans:
    """Wraps methods of live objects; records (label, start_ns, end_ns) on non-UI threads."""

    def __init__(self) -> None:
        self.records: list[tuple[str, int, int]] = []
        self._undo: list = []
        self._ui = threading.get_ident()

    def wrap(self, owner, name: str, label: str) -> None:
        if not hasattr(owner, name):
            return
        had_own = name in getattr(owner, "__dict__", {})
        original = getattr(owner, name)
        records, ui = self.records, self._ui

        def wrapper(*args, **kwargs):
            if threading.get_ident() == ui:
                return original(*args, **kwargs)
            start = time.monotonic_ns()
            try:
                return original(*args, **kwargs)
            finally:
                records.append((label, start, time.monotonic_ns()))

        if isinstance(owner, type):  # a class: keep it a method
            original = owner.__dict__.get(name, original)
            plain = original

            def wrapper(*args, **kwargs):  # the unbound form, for a class
                if threading.get_ident() == ui:
                    return plain(*args, **kwargs)
                start = time.monotonic_ns()
                try:
                    return plain(*args, **kwargs)
                finally:
                    records.append((label, start, time.monotonic_ns()))

        setattr(owner, name, wrapper)
        self._undo.append((owner, name, original, had_own))

    def mark_generator(self, owner: type, name: str, label: str) -> None:
        """Record when a generator method is first resumed (its body starts running)."""
        original = owner.__dict__[name]
        records = self.records

        def wrapper(*args, **kwargs):
            records.append((label, time.monotonic_ns(), time.monotonic_ns()))
            yield from original(*args, **kwargs)

        setattr(owner, name, wrapper)
        self._undo.append((owner, name, original, True))

    def undo(self) -> None:
        for owner, name, original, had_own in reversed(self._undo):
            if had_own:
                setattr(owner, name, original)
            else:
                delattr(owner, name)
        self._undo.clear()


def install_spans(services) -> Spans:
    # The turn renders its request in turn_context (which imports render_turn_request by name).
    import parley.application.conversations.turn_context as turn_context
    from parley.infrastructure.providers import http_stream
    from parley.infrastructure.providers.openai_compatible import OpenAICompatibleProvider

    spans = Spans()
    spans.wrap(services.providers, "resolve", "resolve provider")
    spans.wrap(services.providers, "_factory", "  build adapter (key lookup, session)")
    spans.wrap(services.settings, "_load", "  read settings file")
    for name in ("session_exists", "get_session", "create_session", "rename_session"):
        spans.wrap(services.store, name, f"store.{name}")
    spans.wrap(services.store, "events", "store.events (read history)")
    spans.wrap(services.store, "append", "store.append")
    spans.wrap(turn_context, "render_turn_request", "render history -> ChatRequest")
    spans.wrap(services.runtime, "_read_attachments", "read attachments")
    spans.mark_generator(http_stream.StreamingAdapter, "stream", "adapter.stream starts")
    spans.wrap(OpenAICompatibleProvider, "render_request", "  render JSON body (dict)")
    spans.wrap(http_stream.StreamingHTTPCall, "__init__", "HTTP call created (thread start)")
    return spans


def print_timeline(title: str, spans: Spans, t0: int, first_ns: int) -> None:
    print(f"  {title}: send() = 0; first byte at the server {(first_ns - t0) / 1e6:.2f} ms")
    total: dict[str, list[float]] = {}
    for label, start, end in sorted(spans.records, key=lambda r: r[1]):
        if start > first_ns:
            continue
        total.setdefault(label, []).append((end - start) / 1e6)
        print(f"    {(start - t0) / 1e6:8.2f} ms  +{(end - start) / 1e6:7.2f} ms  {label}")
    http_start = [s for label, s, _ in spans.records if label.startswith("HTTP call")]
    if http_start:
        print(
            f"    {(http_start[-1] - t0) / 1e6:8.2f} ms  +{(first_ns - http_start[-1]) / 1e6:7.2f}"
            " ms  HTTP call created -> first byte at the server (helper thread, requests, connect"
            ", send)"
        )


# -- report --------------------------------------------------------------------------------------


def fmt(values: list[float]) -> str:
    return f"{statistics.median(values):7.2f} / {p99(values):7.2f}"


def main() -> int:
    if sys.argv[1:2] == ["--serve"]:
        return serve(sys.argv[2], sys.argv[3])
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=10, help="turns per case")
    parser.add_argument("--spans", action="store_true", help="also print worker-thread spans")
    parser.add_argument("--display", action="store_true", help="use the real display platform")
    parser.add_argument(
        "--cases", default="new,tls,100,1000,pdf", help="which cases, comma-separated"
    )
    args = parser.parse_args()
    cases = args.cases.split(",")
    if not args.display:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"

    from PySide6.QtWidgets import QApplication

    from parley.application.ports.settings_store import ProviderConfig
    from parley.ui.bootstrap import build_services
    from parley.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    started = time.monotonic()
    print(f"turn overhead benchmark - {machine()}")
    print(pin_singletons_if_pyside_leaks())

    tmp = tempfile.TemporaryDirectory(prefix="parley-bench-")
    root = Path(tmp.name)
    server = ServerProcess(*make_tls_files(root))
    # requests reads this at every request: the TLS provider's certificate is trusted, together
    # with everything the system trusts (so verifying costs what it does against a real server).
    os.environ["REQUESTS_CA_BUNDLE"] = str(server.bundle)
    services = build_services(root / "data", root / "config")
    try:
        services.settings.add_provider(
            ProviderConfig(
                name="bench", kind="openai", base_url=server.url, default_model="bench-model"
            )
        )
        services.settings.add_provider(
            ProviderConfig(
                name="bench-tls",
                kind="openai",
                base_url=server.tls_url,
                default_model="bench-model",
            )
        )
        conversations = {}
        for n in (100, 1000):
            if str(n) in cases:
                conversations[n] = fill_conversation(services.store, n)[0]
        pdfs = make_pdfs(root, args.repeat + 3) if "pdf" in cases else []
        window = MainWindow(services)
        # After a conversation's first answer the window asks the model for a title (another
        # POST to the same server, on a worker, after the turn): not part of send -> first byte.
        window.auto_titles = False
        window.show()
        if not run_loop(lambda: window.stack.currentWidget() is window._chat_page, 10):
            raise RuntimeError("the window never showed the chat page")
        settle(0.3)

        def prepare(case: str, i: int) -> None:
            if case in ("new", "tls", "pdf", "cold"):
                window.new_chat()
            provider = "bench-tls" if case == "tls" else "bench"
            if not window.model_picker.select(provider, "bench-model"):
                raise RuntimeError(f"the model picker does not list {provider}")
            if case == "pdf":
                window.composer.add_attachments([pdfs[i]])

        def open_conversation(n: int) -> None:
            sid = conversations[n]
            window.open_session(sid)
            if not run_loop(lambda: window._session_id == sid and len(window._events) > 0, 30):
                raise RuntimeError(f"the {n}-message conversation did not open")
            settle(0.3)

        prepare("cold", 0)
        cold = parley_turn(window, server)
        settle(0.2)
        print(
            f"cold: the first turn after the window opened (new conversation): send() -> first"
            f" byte {cold['first_byte_ms']:.2f} ms; bare POST on a new connection"
            f" {bare_post(server, cold['body'], None):.2f} ms"
        )

        names = {
            "new": "new conversation",
            "tls": "new conv., https",
            "100": "100 messages",
            "1000": "1,000 messages",
            "pdf": f"{PDF_PAGES}-page PDF",
        }
        results = []
        for case in cases:
            if case in ("100", "1000"):
                open_conversation(int(case))
            parley: list[dict] = []
            fresh: list[float] = []
            kept: list[float] = []
            keep_conn = None
            tls = case == "tls"
            for i in range(args.repeat):
                prepare(case, i)
                turn = parley_turn(window, server)
                parley.append(turn)
                settle(0.05)
                fresh.append(bare_post(server, turn["body"], None, tls))
                if keep_conn is None:  # open it (its first request is a new connection)
                    keep_conn = bare_connection(server, tls)
                    bare_post(server, turn["body"], keep_conn)
                kept.append(bare_post(server, turn["body"], keep_conn))
                settle(0.05)
            if keep_conn is not None:
                keep_conn.close()
            results.append((names[case], parley, fresh, kept))

        print()
        print(
            f"send() -> first request byte at the server, p50 / p99 ms over {args.repeat} turns"
            " (bare POST: http.client, the same body, the same server)"
        )
        print(
            f"  {'case':<18} {'body':>8} {'Parley':>17} {'max':>7} {'bare POST new conn':>19}"
            f" {'bare POST kept-alive':>21} {'Parley / bare new':>18} {'/ bare kept':>12}"
            f" {'send() blocks':>14} {'largest UI stall':>17} {'conns':>6}"
        )
        for name, parley, fresh, kept in results:
            first = [t["first_byte_ms"] for t in parley]
            ratio = statistics.median(first) / statistics.median(fresh)
            ratio_kept = statistics.median(first) / statistics.median(kept)
            body_kib = statistics.median(len(t["body"]) for t in parley) / 1024
            stalls = [t["stall_ms"] for t in parley]
            conns = len({t["conn"] for t in parley})
            print(
                f"  {name:<18} {body_kib:6.1f} KiB {fmt(first):>17} {max(first):7.2f}"
                f" {fmt(fresh):>19} {fmt(kept):>21} {ratio:17.2f}x {ratio_kept:11.1f}x"
                f" {statistics.median(t['send_ms'] for t in parley):11.2f} ms"
                f" {fmt(stalls):>17} {conns:6d}"
            )
        print(
            "  (send() blocks: p50 of how long window.send() held the UI thread; largest UI"
            " stall: p50 / p99 over the turns of the largest gap of a 1 ms timer from send() to"
            " the turn's end; conns: distinct connections Parley's requests arrived on)"
        )
        for name, parley, _fresh, _kept in results:
            if "PDF" in name:
                worst = max(parley, key=lambda t: t["stall_ms"])
                print(
                    f"  {name}: largest UI stall of all {len(parley)} turns"
                    f" {worst['stall_ms']:.1f} ms, {worst['stall_at_ms']:.0f} ms after send()"
                )

        if args.spans:
            print()
            print("where the time goes (spans on the turn's worker thread, one turn per case):")
            spans = install_spans(services)
            try:
                for case in cases:
                    if case in ("100", "1000"):
                        open_conversation(int(case))
                    for i in range(3):
                        prepare(case, args.repeat + i)
                        spans.records.clear()
                        turn = parley_turn(window, server)
                        settle(0.05)
                    print_timeline(names[case], spans, turn["t0"], turn["first_ns"])
            finally:
                spans.undo()
        print()
        print(f"(run took {time.monotonic() - started:.0f} s)")
        window.close()
    finally:
        services.close()
        server.close()
        tmp.cleanup()
        del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
