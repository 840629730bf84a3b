"""Replicas behind a load balancer: two `ninebase serve` behind nginx,
configured by docs/nginx-replicas.conf as the operator gets it (its port
numbers changed to free ones), under a steady mixed load of probes, pages
and batches, lose one replica to SIGKILL and roll a restart through the
other: no request fails, no answer is wrong, nothing is left running
(`benchmarks/replicas.py` prints the same scenario's figures)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from loadkit.replicas import DOCUMENTED_PORTS, configuration, nginx_binary, scenario

pytestmark = pytest.mark.slow


def test_the_shipped_configuration_names_each_port_once() -> None:
    written = configuration(1, (2, 3))
    assert "127.0.0.1:1;" in written and "127.0.0.1:2 " in written and "127.0.0.1:3 " in written
    assert not any(f":{port}" in written for port in DOCUMENTED_PORTS)


@pytest.mark.skipif(nginx_binary() is None, reason="nginx is not installed (Debian: nginx-light)")
def test_a_replica_killed_and_a_rolling_restart_lose_no_request(tables_dir: Path, tmp_path: Path) -> None:
    result = scenario(tables_dir, tmp_path, seconds=20)
    report = "\n".join(f"{p['phase']}: {p}" for p in result["phases"]) + "\n" + result["nginx_log"]
    assert [what for what, _ in result["events"]] == [
        "SIGKILL of replica A",
        "replica A started again",
        "SIGTERM of replica B",
        "replica B started again",
    ]
    for phase in result["phases"]:
        assert phase["requests"] > 0, report
        assert phase["right"] == phase["requests"] and phase["wrong"] == 0 and not phase["failed"], report
    served = {kind: sum(p["by_kind"][kind] for p in result["phases"]) for kind in ("probe", "page", "batch")}
    assert min(served.values()) > 0, served
    assert result["replica_b_exit"] == 0 and result["tracebacks"] == 0, result
    assert result["left_behind"] == [], result
