"""The parts of a server's stop, each on its own, in this process: the door
that answers the backlog 503 at the stop signal, and the app's answer once the
signal has come."""

from __future__ import annotations

import asyncio
import http.client
import json
import socket
import time
from pathlib import Path

from starlette.testclient import TestClient

from ninebase import lookup
from ninebase.lookup.service.stopping import Door
from ninebase.lookup.web import create_app
from ninebase.lookup.web.drain import Drain
from ninebase.lookup.web.settings import Settings

STOPPING = {"error": "the server is shutting down and takes no new requests; send this one again shortly"}


def stopping_answer(connection: socket.socket) -> bool:
    """Whether a whole 503 of a stopping server came on `connection`, and then its end."""
    with connection:
        response = http.client.HTTPResponse(connection)
        response.begin()
        body = response.read()
        return (
            response.status == 503
            and json.loads(body) == STOPPING
            and response.getheader("retry-after") == "2"
            and response.getheader("connection") == "close"
            and response.getheader("x-content-type-options") == "nosniff"
            and connection.recv(1) == b""
        )


def test_the_door_answers_the_backlog_and_what_comes_while_it_stops() -> None:
    with socket.create_server(("127.0.0.1", 0), backlog=64) as listener:  # the server's socket, never accepted on
        port = listener.getsockname()[1]
        settings = Settings(port=port, grace=5, stop_request_seconds=0.3)
        address = ("127.0.0.1", port)
        probes = [socket.create_connection(address, timeout=10) for _ in range(20)]
        for probe in probes:
            probe.sendall(b"GET /api/eight?state=123069478 HTTP/1.1\r\nHost: x\r\n\r\n")
        batch = socket.create_connection(address, timeout=10)
        batch.sendall(b"POST /api/eight/batch HTTP/1.1\r\nHost: x\r\nContent-Length: 262144\r\n\r\n" + b"1" * 262_144)
        silent = socket.create_connection(address, timeout=10)  # connected, and never asks anything
        later: list[socket.socket] = []

        async def scenario() -> float:
            drain = Drain(settings)
            door = Door(drain, settings)
            keeping = asyncio.ensure_future(door.keep())
            await asyncio.sleep(0)
            assert door.listener is not None and door.listener.fileno() != listener.fileno()
            drain.begin()
            await asyncio.sleep(0.3)
            later.append(socket.create_connection(address, timeout=10))  # while the door is open
            later[0].sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            closing = time.monotonic()
            await door.close(keeping)
            return time.monotonic() - closing

        took = asyncio.run(scenario())
        assert all(stopping_answer(connection) for connection in [*probes, batch, *later])
        with silent:
            assert silent.recv(1) == b""  # closed with no answer: there was no request to answer
    assert settings.stop_quiet_seconds <= took < 2  # a quiet moment after the last arrival, and the last answers left


def test_once_the_stop_signal_has_come_every_request_is_refused(tables_dir: Path) -> None:
    with lookup.open_tables(tables_dir) as tables:
        app = create_app(tables)
        with TestClient(app) as client:
            before = client.get("/api/eight?state=123069478")
            app.drain.begin()
            refused = [
                client.get("/api/eight?state=123069478"),  # a kept answer, not sent now
                client.post("/api/eight/batch", content=b"123069478\n" * 1000),
                client.get("/health"),
                client.get("/", headers={"Accept": "text/html"}),
            ]
    assert before.status_code == 200
    for response in refused:
        assert response.status_code == 503 and response.json() == STOPPING
        assert response.headers["retry-after"] == "2" and response.headers["connection"] == "close"
        assert "content-security-policy" in response.headers
