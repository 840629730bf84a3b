"""rubiks-clock over HTTP: the probe (`_` for a space in a scramble, `?metric=30`), batches, counts,
solutions, a random solution and the stats, every answer replayed on tests/clock_rules.py, and bad input
answered 400 with one JSON error."""

from __future__ import annotations

import json
from pathlib import Path

import clock_rules
import numpy as np
import pytest
from starlette.testclient import TestClient

from ninebase import lookup
from ninebase.lookup.web import create_app

SCRAMBLE = "UR5- DR3+ DL0+ UL4+ U2- R6+ D1- L3+ ALL5- y2 U2+ R4- D0+ L1- ALL3+"
STATE = "11 1 2 11 3 8 10 6 1 10 12 1 4 12 1 11 10 2"


@pytest.fixture(scope="module")
def client(tables_dir: Path):
    with lookup.open_tables(tables_dir) as tables, TestClient(create_app(tables)) as test_client:
        yield test_client


def solves(state: str, moves: list[str]) -> bool:
    dials = np.array([int(word) % 12 for word in state.split()], dtype=np.int64)
    return not clock_rules.apply_scramble(" ".join(moves), dials).any()


@pytest.mark.parametrize(("metric", "distance", "moves"), [("18", 10, 198), ("30", 9, 330)])
def test_the_probe_reads_a_scramble_with_underscores_in_either_metric(
    client: TestClient, metric: str, distance: int, moves: int
) -> None:
    answer = client.get("/api/rubiks-clock", params={"state": SCRAMBLE.replace(" ", "_"), "metric": metric})
    probe = answer.json()
    assert answer.status_code == 200 and probe["state"] == STATE and probe["distance"] == distance
    assert probe["metric"] == int(metric) and solves(STATE, probe["moves"])
    assert len(probe["successors"]) == moves and probe["successors"][0]["distance"] == distance - 1
    by_dials = client.get("/api/rubiks-clock", params={"state": STATE.replace(" ", "_"), "metric": metric}).json()
    assert by_dials == probe


def test_batches_counts_solutions_and_random_answers_solve(client: TestClient) -> None:
    body = f"{SCRAMBLE}\nUR1+ y2 ALL2-\nUR7+\n".encode()
    lines = client.post("/api/rubiks-clock/batch", params={"metric": "30"}, content=body).text.splitlines()
    first, second, bad = (json.loads(line) for line in lines)
    assert solves(first["state"], first["moves"]) and second["distance"] == 2 and "amount 7" in bad["error"]
    counts = client.post("/api/rubiks-clock/counts", params={"metric": "30"}, content=body).text.splitlines()
    assert counts[:2] == ["4", "1"] and counts[2].startswith("error: line 3: ")
    listed = client.get("/api/rubiks-clock/solutions", params={"state": STATE.replace(" ", "_"), "metric": "30"})
    solutions = [json.loads(line) for line in listed.text.splitlines()]
    assert listed.headers["x-count"] == "4" and len({frozenset(s["moves"]) for s in solutions}) == 4
    assert all(solves(STATE, s["moves"]) for s in solutions)
    drawn = client.get("/api/rubiks-clock/random", params={"state": STATE, "metric": "30", "seed": 5}).json()
    assert drawn["moves"] in [s["moves"] for s in solutions]


def test_stats_and_bad_input(client: TestClient) -> None:
    eighteen = client.get("/api/rubiks-clock/stats").json()
    assert (eighteen["max_distance"], eighteen["at_max_distance"]) == (14, 576) and sum(eighteen["histogram"]) == 12**14
    thirty = client.get("/api/rubiks-clock/stats", params={"metric": "30"}).json()
    assert (thirty["max_distance"], thirty["at_max_distance"]) == (12, 39_248)
    for state in ("UR5-_XX3+", "UR7+", "12_" * 17, "12_" * 15 + "3_12_12"):
        refused = client.get("/api/rubiks-clock", params={"state": state})
        assert refused.status_code == 400 and "\n" not in refused.json()["error"]
    assert client.get("/api/rubiks-clock", params={"state": STATE, "metric": "31"}).status_code == 400
