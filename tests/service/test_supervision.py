"""What ties a worker to the main `ninebase serve` process, each part on its own,
in this process: the worker's tie to its parent, the pipe that carries the
answers the end of the grace period cut short, and what /proc says of a
process's connections."""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import socket
import time

import pytest

from ninebase.lookup.service.supervision import CutAnswers, die_with_parent, open_connections

PR_GET_PDEATHSIG = 2


def tied(parent_of_child: bool) -> tuple[int, int]:
    """Fork a child that ties itself to a parent (its own, or one it does not
    have); its exit status and the death signal it reports."""
    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:  # the child
        os.close(reading)
        die_with_parent(os.getppid() if parent_of_child else os.getppid() + 1)
        death = ctypes.c_int(0)
        ctypes.CDLL(None).prctl(PR_GET_PDEATHSIG, ctypes.byref(death), 0, 0, 0)
        os.write(writing, str(death.value).encode())
        os._exit(0)
    os.close(writing)
    with os.fdopen(reading, "rb") as reported:
        death = reported.read()
    _, status = os.waitpid(child, 0)
    return os.waitstatus_to_exitcode(status), int(death or 0)


def test_a_worker_dies_with_its_parent_or_not_at_all() -> None:
    assert tied(parent_of_child=True) == (0, signal.SIGKILL)
    assert tied(parent_of_child=False) == (1, 0)  # its parent is gone already: nobody would send the signal


def report_then_wait(cuts: CutAnswers) -> None:
    cuts.record(("127.0.0.1", 40_000))
    cuts.record(("::ffff:127.0.0.1", 40_001))  # an IPv4 client on an IPv6 socket: one spelling
    time.sleep(60)


def test_answers_cut_are_counted_across_processes_even_from_a_killed_one() -> None:
    cuts = CutAnswers()
    worker = multiprocessing.get_context("fork").Process(target=report_then_wait, args=(cuts,))
    worker.start()
    deadline = time.monotonic() + 10
    while not cuts.reader.poll(0.05) and time.monotonic() < deadline:
        pass
    time.sleep(0.05)
    worker.kill()
    worker.join()
    assert cuts.received() == {(worker.pid, "127.0.0.1", 40_000), (worker.pid, "127.0.0.1", 40_001)}
    assert cuts.received() == set()  # each record is read once


@pytest.mark.parametrize("host", ["127.0.0.1", "::1"])
def test_open_connections_are_read_from_proc(host: str) -> None:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        listener = socket.create_server((host, 0), family=family)
    except OSError:
        pytest.skip(f"no {host} on this machine")
    with listener, socket.create_connection(listener.getsockname()[:2]) as client:
        served, _ = listener.accept()
        with served:
            client_address, server_address = client.getsockname()[:2], served.getsockname()[:2]
            assert {client_address, server_address} <= open_connections(os.getpid())
            served.shutdown(socket.SHUT_WR)  # the server has begun to close: no longer open for an answer
            time.sleep(0.05)
            assert client_address not in open_connections(os.getpid())
