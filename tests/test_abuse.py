"""Abuse of a real `ninebase serve`, in small bounded versions of the
scenarios `benchmarks/load.py` runs at full size (the scenarios themselves
are in benchmarks/loadkit): overload is refused, not absorbed; a client
that hangs up frees its place; slow clients are cut off while probes are
answered; SIGTERM drains batches in flight. Each server listens on a free
127.0.0.1 port and is stopped by its own PID."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from loadkit import batch_abuse, drain, slow_clients
from loadkit.batch_abuse import PLACES
from loadkit.oracle import Oracle
from loadkit.servers import Server, ninebase_serve, running

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def oracle(tables_dir: Path) -> Oracle:
    return Oracle(tables_dir, pool=1000)


def serve(tables_dir: Path, tmp_path: Path, *options: str) -> Server:
    return ninebase_serve(tables_dir, tmp_path / "server.log", *options)


def test_more_batches_than_places_are_refused_at_once_and_every_answer_is_right(
    tables_dir: Path, tmp_path: Path, oracle: Oracle
) -> None:
    with running(serve(tables_dir, tmp_path, "--workers", "1")) as server:
        storm = batch_abuse.batch_storm(server, oracle, clients=40, lines=10_000, limit=60)
    assert storm["answered_200"] + storm["refused_503"] == 40, storm
    assert storm["answered_200"] >= PLACES and storm["refused_503"] >= 1
    assert storm["answered_200_right"] == storm["answered_200"] and storm["wrong_lines"] == 0
    assert storm["refused_with_retry_after"] == storm["refused_with_json_error"] == storm["refused_503"]
    assert storm["refusal_max_ms"] < 2000  # refused before its body is read, not after a wait
    assert storm["probe"]["probes"] > 0 and storm["probe"]["right"] == storm["probe"]["probes"]
    assert storm["log_tracebacks"] == 0


def test_clients_that_hang_up_stop_their_batches_and_free_their_places(
    tables_dir: Path, tmp_path: Path, oracle: Oracle
) -> None:
    with running(serve(tables_dir, tmp_path, "--workers", "1")) as server:
        hang = batch_abuse.hang_up_mid_batch(server, oracle, clients=2, lines=100_000, read=4096)
        places = batch_abuse.hung_up_places_come_back(server, oracle, places=PLACES, lines=100_000)
    assert all(a.status == 200 and a.lines >= 4096 and a.bad_lines == 0 for a in hang["answers"])
    # about 92,000 lines were left of each batch (seconds of CPU): each stops within the chunk it was answering
    assert hang["cpu_s_after_hang_up"] < 1.0, hang
    assert places["bodies_sent"] == PLACES
    assert places["one_more_status"] == 503 and places["one_more_retry_after"], places
    admitted = places["new_batch_admitted_after_hang_up_ms"]  # None: not admitted within the 10 s tried
    assert admitted is not None and admitted < 2000 and places["new_batch_first_line_right"], str(places)  # whole


def test_slow_headers_are_cut_off_while_probes_are_answered(tables_dir: Path, tmp_path: Path, oracle: Oracle) -> None:
    with running(serve(tables_dir, tmp_path, "--header-timeout", "1")) as server:
        slow = slow_clients.slow_headers(
            server, oracle, connections=300, seconds=5, wave=300, every=1.0, probe_every=0.05
        )
        log = server.log_text()
    assert set(slow["outcomes"]) <= {"closed-by-server", "reset-by-server", "open-at-end"}, slow["outcomes"]
    assert slow["outcomes"].get("closed-by-server", 0) + slow["outcomes"].get("reset-by-server", 0) >= 300
    assert slow["cut_after_s_min_median_max"][2] < 2.5, slow
    assert slow["probe"]["probes"] > 0 and slow["probe"]["right"] == slow["probe"]["probes"], slow["probe"]
    assert slow["alive_after"]
    assert len(log.encode()) < 10_000 and "Traceback" not in log, log[-2000:]


def test_sigterm_drains_the_batches_in_flight(tables_dir: Path, tmp_path: Path, oracle: Oracle) -> None:
    with running(serve(tables_dir, tmp_path, "--workers", "2")) as server:
        drained = drain.sigterm_drain(server, oracle, batches=3, lines=100_000, limit=60)
    assert drained["in_flight_at_sigterm"] >= 1, drained  # or there was nothing to drain
    assert drained["answers_right"] == 3 and drained["wrong_or_non_json_lines"] == 0, drained
    assert drained["exit_status"] == 0 and drained["drain_s"] < 30, drained
    assert drained["log_tracebacks"] == 0, drained["log_tail"]
    assert drained["port_free_after"] and not drained["processes_left"], drained
