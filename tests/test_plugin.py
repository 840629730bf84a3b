"""A sixth puzzle as a plug-in: Lights Out (tests/lights_out.py), installed as
its own distribution whose entry point in the group `ninebase.puzzles` names
`lights_out:PUZZLE`. No file of the project names it: every command and the
HTTP service find it through the entry point, in fresh processes, and answer
exactly (checked against a search written in tests/test_extra_puzzle.py)."""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from serving import free_port, running
from test_extra_puzzle import all_distances

HERE = Path(__file__).resolve().parent
pytestmark = pytest.mark.slow
NINEBASE = str(Path(sys.executable).parent / "ninebase")


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory: pytest.TempPathFactory, tables_dir: Path) -> dict[str, str]:
    """An environment in which the plug-in is installed: its module and its
    distribution record (what pip writes) on the path, and a tables directory
    that holds every table, the plug-in's built through the CLI."""
    site = tmp_path_factory.mktemp("site")
    shutil.copy(HERE / "lights_out.py", site / "lights_out.py")
    record = site / "ninebase_lights-1.0.dist-info"
    record.mkdir()
    (record / "METADATA").write_text("Metadata-Version: 2.1\nName: ninebase-lights\nVersion: 1.0\n")
    (record / "entry_points.txt").write_text("[ninebase.puzzles]\nlights = lights_out:PUZZLE\n")
    tables = tmp_path_factory.mktemp("tables")
    for table in tables_dir.glob("*.h5"):
        shutil.copy(table, tables / table.name)
    env = {**os.environ, "PYTHONPATH": str(site), "NINEBASE_TABLES": str(tables), "NO_COLOR": "1"}
    built = run(env, "build", "--only", "lights")
    assert built.returncode == 0 and "lights" in built.stderr, built.stderr
    return env


def run(env: dict[str, str], *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([NINEBASE, *args], input=stdin, env=env, capture_output=True, text=True, timeout=120)


def test_every_command_finds_the_plugin(plugin_env: dict[str, str], tmp_path: Path) -> None:
    expected = all_distances()
    solved = json.loads(run(plugin_env, "solve", "lights", "111111111", "--json").stdout)
    assert solved["distance"] == expected["111111111"] == len(solved["moves"])
    batch = run(plugin_env, "solve", "lights", "--batch", stdin="101010101\nnope\n")
    first, second = (json.loads(line) for line in batch.stdout.splitlines())
    assert first["distance"] == expected["101010101"] and "error" in second
    probed = json.loads(run(plugin_env, "probe", "lights", "101010101", "--json").stdout)
    assert [s["distance"] for s in probed["successors"]] == sorted(expected[s["state"]] for s in probed["successors"])
    judged = run(plugin_env, "judge", "lights", stdin="010\n111\n010\n")
    assert (judged.returncode, judged.stdout) == (0, "1\n5\n")
    instance = tmp_path / "instance.txt"
    instance.write_text("010\n111\n010\n")
    optimal = run(plugin_env, "check", "lights", str(instance), "-", stdin="1\n5\n")
    longer = run(plugin_env, "check", "lights", str(instance), "-", stdin="3\n5 1 1\n")
    assert optimal.returncode == 0 and optimal.stdout.startswith("optimal")
    assert longer.returncode == 1 and longer.stdout.startswith("valid: 3 presses, 2 more")
    sampled = run(plugin_env, "sample", "lights", "--distance", "4", "--count", "3").stdout.split()
    assert len(sampled) == 3 and all(expected[state] == 4 for state in sampled)
    stats = json.loads(run(plugin_env, "stats", "lights", "--json").stdout)
    assert (stats["states"], stats["solvable"], stats["max_distance"]) == (512, 512, 9)
    verified = run(plugin_env, "verify", "lights")
    assert verified.returncode == 0 and "lights: ok, 512 reachable states" in verified.stdout
    # 3x3 Lights Out has one fewest set of presses per board (its toggle matrix is invertible
    # over GF(2)) and presses commute, so a board d presses away has d! optimal orders.
    counted = run(plugin_env, "counts", "lights", stdin="111111111\n101010101\n").stdout.split()
    assert counted == [str(math.factorial(expected[state])) for state in ("111111111", "101010101")]
    listed = run(plugin_env, "solutions", "lights", sampled[0], "--limit", "1000")
    orders = listed.stdout.splitlines()
    assert len(set(orders)) == len(orders) == math.factorial(4) and "all 24 optimal solutions" in listed.stderr
    assert len({frozenset(order.split()) for order in orders}) == 1


def test_the_service_serves_the_plugin(plugin_env: dict[str, str]) -> None:
    port = free_port()
    with running([NINEBASE, "serve", "--port", str(port)], env=plugin_env) as base:
        expected = all_distances()
        probe_object = json.load(urllib.request.urlopen(f"{base}/api/lights?state=111111111", timeout=10))
        assert probe_object["distance"] == expected["111111111"] and probe_object["unit"] == "presses"
        page = urllib.request.urlopen(f"{base}/lights?state=111111111", timeout=10).read().decode()
        shown = re.search(r'id="distance"[^>]*>\s*(\d+) presses', page)
        assert shown is not None and int(shown.group(1)) == expected["111111111"]
        assert page.count("data-move=") == 9
        request = urllib.request.Request(f"{base}/api/lights/batch", data=b"000000000\n111111111\n", method="POST")
        answers = [json.loads(line) for line in urllib.request.urlopen(request, timeout=10).read().splitlines()]
        assert [a["distance"] for a in answers] == [0, expected["111111111"]]
        stats = json.load(urllib.request.urlopen(f"{base}/api/lights/stats", timeout=10))
        assert stats["max_distance"] == 9
        assert "lights" in urllib.request.urlopen(base + "/", timeout=10).read().decode()
