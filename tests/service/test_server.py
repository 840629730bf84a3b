"""A real `ninebase serve` on a free loopback port: it answers hostile clients
and many at once; its workers die with it however it ends; at SIGTERM every
connection made before the signal (or while the server drains) gets a whole
answer, never a reset; and the exit status says whether the grace period cut
any answer short."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import select
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner
from serving import alive, children, free_port, listens, port_is_free, ready_workers, started

from ninebase import puzzles
from ninebase.lookup.cli import main

pytestmark = pytest.mark.slow

NINEBASE = str(Path(sys.executable).parent / "ninebase")
STOPPING = {"error": "the server is shutting down and takes no new requests; send this one again shortly"}
PROBE = b"GET /api/eight?state=123069478 HTTP/1.1\r\nHost: x\r\n\r\n"
EXAMPLES = {name: puzzles.get(name).example() for name in tuple(puzzles.BUILT_IN)}
"""Each puzzle's own example of its compact form."""


def serve(tables_dir: Path, port: int, *options: str) -> list[str]:
    return [NINEBASE, "serve", "--tables", str(tables_dir), *options, "--port", str(port)]


@contextlib.contextmanager
def cleaned_up(pids: list[int]) -> Iterator[None]:
    """However the test ends, no worker is left (each killed by its PID, should the server not have)."""
    try:
        yield
    finally:
        for pid in pids:
            if alive(pid):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)


def requested(port: int, request: bytes = PROBE) -> socket.socket:
    """A connection made (the handshake done) and a request sent on it."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=15)
    connection.sendall(request)
    return connection


def answer(connection: socket.socket) -> tuple[int, dict[str, str], bytes] | str:
    """The whole answer on `connection` (status, headers, body), or what went wrong instead."""
    with connection:
        response = http.client.HTTPResponse(connection)
        try:
            response.begin()
            body = response.read()
        except (OSError, http.client.HTTPException) as error:
            return type(error).__name__
        return response.status, {name.lower(): value for name, value in response.getheaders()}, body


def a_whole_answer(reply: tuple[int, dict[str, str], bytes] | str) -> bool:
    """The probe's right answer, or the 503 of a server that is stopping."""
    if isinstance(reply, str):
        return False
    status, headers, body = reply
    if status == 200:
        return json.loads(body)["distance"] == 5
    return (
        status == 503
        and json.loads(body) == STOPPING
        and headers["retry-after"] == "2"
        and headers["connection"] == "close"
    )


@pytest.mark.parametrize("workers", [1, 2])
def test_workers_die_with_the_main_process_and_free_the_port(tables_dir: Path, workers: int) -> None:
    port = free_port()
    with started(serve(tables_dir, port, "--workers", str(workers))) as server:
        pids = ready_workers(server.pid, port, workers)
        with cleaned_up(pids):
            killed = time.monotonic()
            server.kill()  # SIGKILL: no handler runs, as with the OOM killer
            server.wait()
            # Tied to the server, the workers end within milliseconds on a quiet machine; a worker that is not
            # stays for good. So the wait is long enough for a machine under load, not a latency asserted.
            while (any(map(alive, pids)) or not port_is_free(port)) and time.monotonic() - killed < 10.0:
                time.sleep(0.002)
            assert not any(map(alive, pids)), f"workers {[pid for pid in pids if alive(pid)]} outlived the server"
            assert port_is_free(port), "the port is still taken 10 s after the server was killed"
            with pytest.raises(ConnectionRefusedError), socket.create_connection(("127.0.0.1", port), timeout=5):
                pass


@pytest.mark.parametrize("workers", [1, 2])
def test_every_connection_made_before_or_during_the_stop_is_answered(tables_dir: Path, workers: int) -> None:
    """Every connection place is taken, so the connections made before
    SIGTERM wait in the backlog (a listener closed at SIGTERM resets them
    all); more come while a batch in flight keeps the server draining. Each
    must get the probe's answer or the 503 of a stopping server."""
    port = free_port()
    options = ("--workers", str(workers), "--max-connections", "2", "--header-timeout", "30", "--grace", "20")
    with started(serve(tables_dir, port, *options), stderr=subprocess.PIPE, text=True) as server:
        pids = ready_workers(server.pid, port, workers)
        with cleaned_up(pids):
            body = b"123069478\n" * 100_000  # 10 MB of answers, left unread for now: a drain that lasts
            batch = requested(port, b"POST /api/eight/batch HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n"
                              % len(body) + body)  # fmt: skip
            streaming = http.client.HTTPResponse(batch)
            streaming.begin()  # the answer has begun: the batch is in flight
            holders = [socket.create_connection(("127.0.0.1", port)) for _ in range(4 * workers)]  # the places
            before = [requested(port) for _ in range(200)]
            server.send_signal(signal.SIGTERM)
            during = []
            signalled = time.monotonic()
            while time.monotonic() - signalled < 0.5 and len(during) < 100:
                during.append(requested(port))
                time.sleep(0.004)
            replies = [answer(connection) for connection in before + during]
            with batch:
                lines = streaming.read().splitlines()
            status = server.wait(timeout=30)
            log = server.stderr.read()
            for holder in holders:
                holder.close()
    failures = [reply for reply in replies if not a_whole_answer(reply)]
    assert not failures, f"{len(failures)} of {len(replies)} without a whole answer: {failures[:5]}"
    assert sum(reply[0] == 503 for reply in replies[:200]) >= 100  # they waited: the scenario happened
    assert streaming.status == 200 and len(lines) == 100_000
    assert all(json.loads(line)["distance"] == 5 for line in lines[::10_007])
    assert status == 0 and "Traceback" not in log and "cut" not in log, log
    assert not any(map(alive, pids)) and port_is_free(port)


def test_a_connection_left_open_at_the_end_of_the_grace_period_makes_the_exit_status_6(tables_dir: Path) -> None:
    port = free_port()
    options = ("--grace", "1", "--header-timeout", "30")
    with started(serve(tables_dir, port, *options), stderr=subprocess.PIPE, text=True) as server:
        (pid,) = ready_workers(server.pid, port, 1)
        with cleaned_up([pid]), requested(port, b"GET /health HTTP/1.1\r\nHost: x\r\n"):  # never ends its headers
            time.sleep(0.2)
            signalled = time.monotonic()
            server.send_signal(signal.SIGTERM)
            status = server.wait(timeout=30)
            took = time.monotonic() - signalled
            log = server.stderr.read()
    # Not before the grace period's end (1 s), and before granian's own backstop (2 s after it) could have
    # killed the worker: the log says the server killed it itself.
    assert status == 6 and 1.0 <= took < 3.0, (status, took, log)
    assert f"killed worker {pid} and its 1 unanswered connection" in log
    assert log.splitlines()[-1] == (
        "ninebase: error: stopped, but the 1 s grace period ran out before 1 answer could be finished "
        "(the log above says which); give them longer with --grace"
    )


def test_a_batch_cut_short_and_then_killed_is_counted_once(tables_dir: Path) -> None:
    """The batch ends itself before the end of the grace period (its worker
    reports it), and its client reads nothing, so its connection is still
    open when the worker is killed: one answer cut, not two. The batch is
    cut off in mid-answer (its client's sockets full) or, on a machine too
    busy to have computed that much by then, cut short between chunks:
    either way it is counted once."""
    port = free_port()
    with started(serve(tables_dir, port, "--grace", "2"), stderr=subprocess.PIPE, text=True) as server:
        (pid,) = ready_workers(server.pid, port, 1)
        body = b"2 1 RBWRWWEWW\n" * 100_000
        request = b"POST /api/cube/batch HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(body) + body
        with cleaned_up([pid]), requested(port, request) as connection:
            assert select.select([connection], [], [], 30)[0]  # the answer has begun; unread, it fills the sockets
            server.send_signal(signal.SIGTERM)
            status = server.wait(timeout=30)
            log = server.stderr.read()
    assert status == 6, log
    assert "ninebase: a batch was cut" in log and "its 1 unanswered connection" in log
    assert "before 1 answer could be finished" in log.splitlines()[-1]


def test_sigterm_while_the_workers_start_stops_the_server_at_once(tables_dir: Path) -> None:
    """A worker forked but not yet serving holds no connection: it must stop
    at once, not run the main process's handlers it inherited (which leave
    it running until it is killed at the end of the grace period)."""
    port = free_port()
    command = serve(tables_dir, port, "--workers", "2", "--grace", "30")
    pids: list[int] = []
    with subprocess.Popen(command, stderr=subprocess.PIPE, text=True) as server, cleaned_up(pids):
        deadline = time.monotonic() + 30
        while len(pids) < 2 and time.monotonic() < deadline:
            pids[:] = children(server.pid)
            time.sleep(0.001)
        assert len(pids) == 2 and not any(listens(pid, port) for pid in pids)  # forked, still starting
        signalled = time.monotonic()
        server.send_signal(signal.SIGTERM)
        status = server.wait(timeout=30)
        took = time.monotonic() - signalled
        log = server.stderr.read()
    # A worker that ran the inherited handlers would be killed only at the end of the 30 s grace period; 10 s
    # leaves a machine under load room to start and stop a Python process.
    assert status == 0 and took < 10 and "Killing" not in log, (status, took, log)
    assert not any(map(alive, pids)) and port_is_free(port)


def fetch(url: str, data: bytes | None = None) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, data=data, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def wait_until_up(base: str, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60  # as serving.started waits: a start-up takes 15 s on a loaded machine
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read()
        try:
            if fetch(base + "/health")[0] == 200:
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the service did not come up in 60 s")


def endless_body_is_refused(port: int) -> bool:
    """Send a chunked body without end (bounded here at 256 MiB and 20 s):
    the server must answer 413 long before."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        raw.sendall(b"POST /api/sansu/batch HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b"175426839\n" * 6553
        framed = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
        deadline = time.monotonic() + 20
        sent = 0
        while sent < 256 * 2**20 and time.monotonic() < deadline:
            if select.select([raw], [], [], 0)[0]:
                break  # the server has answered
            try:
                raw.sendall(framed)
            except (BrokenPipeError, ConnectionResetError):
                break
            sent += len(framed)
        answer = raw.recv(4096)
    return answer.startswith(b"HTTP/1.1 413") and sent < 64 * 2**20


def test_a_real_server_answers_hostile_clients_and_stops_on_sigterm(tables_dir: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [NINEBASE, "serve", "--tables", str(tables_dir), "--port", str(port)], stderr=subprocess.PIPE, text=True
    )
    try:
        wait_until_up(base, process)
        status, body = fetch(base + "/api/eight?state=123069478")
        assert status == 200 and json.loads(body)["distance"] == 5
        for garbage in [
            b"\x00\xff garbage\r\n\r\n",
            b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\n\r\n",
            b"BREW / HTCPCP/1.0\r\n\r\n",
        ]:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
                raw.sendall(garbage)
                raw.shutdown(socket.SHUT_WR)
                answer = raw.recv(4096)
            assert answer.startswith(b"HTTP/1.1 4"), answer[:80]
        assert endless_body_is_refused(port)
        long_status, long_body = fetch(base + "/api/eight?state=" + "1" * 5000)
        assert long_status == 400 and "error" in json.loads(long_body)
        # many concurrent mixed requests, each compared with the CLI's answer
        states = [(name, state) for name, state in EXAMPLES.items()] * 8
        expected = {}
        for name, state in EXAMPLES.items():
            cli = CliRunner().invoke(main, ["probe", name, *state.split(), "--json", "--tables", str(tables_dir)])
            expected[name] = json.loads(cli.output)

        def ask(pair: tuple[str, str]) -> tuple[str, int, bytes]:
            name, state = pair
            return name, *fetch(f"{base}/api/{name}?state={state.replace(' ', '+')}")

        with ThreadPoolExecutor(max_workers=16) as pool:
            for name, status, body in pool.map(ask, states):
                assert status == 200 and json.loads(body) == expected[name]
        assert fetch(base + "/health")[0] == 200
        in_flight = http.client.HTTPConnection("127.0.0.1", port, timeout=60)  # a request in flight at SIGTERM
        in_flight.request("POST", "/api/eight/batch", body=b"123069478\n" * 50_000)
        assert select.select([in_flight.sock], [], [], 60)[0]  # its answer has begun
        process.send_signal(signal.SIGTERM)
        with in_flight.getresponse() as response:  # and finishes
            status, body = response.status, response.read()
        in_flight.close()
        assert status == 200 and body.count(b"\n") == 50_000
        assert process.wait(timeout=20) in (0, -signal.SIGTERM)  # uvicorn ends by re-raising the signal
        with socket.socket() as again:  # the port is released: a new server could listen there
            again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            again.bind(("127.0.0.1", port))
            again.listen()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        process.stderr.close()


def test_a_content_length_granian_cannot_read_is_its_own_empty_400(tables_dir: Path) -> None:
    """docs/service.md: granian (hyper's HTTP/1 parser) refuses a Content-Length
    that is not decimal digits or is 2^64 - 2 or more before the app sees the
    request, with an empty body that no setting changes; any length it reads
    past `max_batch_bytes` is the service's JSON 413."""
    port = free_port()
    post = b"POST /api/eight/batch HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: %s\r\n\r\n"
    with started(serve(tables_dir, port), stderr=subprocess.DEVNULL):
        for length, status in [(b"99999999999999999999", 400), (b"0x10", 400), (b"18446744073709551614", 431)]:
            reply = answer(requested(port, post % length))
            assert not isinstance(reply, str) and (reply[0], reply[2]) == (status, b""), (length, reply)
        largest = 2**64 - 3
        reply = answer(requested(port, post % str(largest).encode()))
        assert not isinstance(reply, str) and reply[0] == 413 and reply[1]["content-type"] == "application/json"
        said = f"the batch body is {largest:,} bytes; at most 4,194,304 are read"
        assert json.loads(reply[2]) == {"error": said} and reply[2].endswith(b"}\n")
