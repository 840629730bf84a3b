"""The one encoder (lookup/encoding.py) writes every single answer too: the
solve and probe objects of `solve --json`, `probe --json`, `probe --batch`,
`solutions --json`, the HTTP probe, random solution and listing, the same
bytes as `to_dict` and json.dumps (spaced) or msgspec (compact), the
oracle; and no code outside the tests calls `to_dict`."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner
from every import hardest
from starlette.testclient import TestClient

from ninebase import lookup, puzzles
from ninebase.lookup.cli import main
from ninebase.lookup.web import create_app
from ninebase.puzzles import InputError, Probe, Solution, Successor

ROOT = Path(__file__).resolve().parents[2]
NINEBASE = str(Path(sys.executable).parent / "ninebase")
NAMES = puzzles.names()
LIMIT = 3
ORACLE = Path("puzzles/answers.py")
"""Where `to_dict` is defined, the oracle itself (a probe's calls its solution's and successors')."""


def spaced(answer: dict) -> bytes:
    """What the command line has always printed for a single answer: `json.dumps` and a line break."""
    return json.dumps(answer).encode() + b"\n"


def compact(answer: dict) -> bytes:
    return msgspec.json.encode(answer) + b"\n"


def states(tables: lookup.Tables, name: str) -> list[str]:
    """The example, a hardest instance and an unsolvable one where the puzzle has any."""
    try:
        unsolvable = tables.sample(name, -1, 1, 0)[0]
    except InputError:  # every instance is solvable
        unsolvable = []
    return [puzzles.get(name).example(), *hardest(tables, name), *unsolvable]


def listed(tables: lookup.Tables, name: str, state: str, encode: Callable[[dict], bytes]) -> bytes:
    """The oracle of a listing: each solution's `to_dict` with its number."""
    found = tables.solutions(name, state, LIMIT)[1]
    return b"".join(encode({**solution.to_dict(), "number": str(number)}) for number, solution in enumerate(found))


def refused_to_dict(self: object) -> dict:
    """Stands for every `to_dict` while production code answers: that code must not call it."""
    raise AssertionError(f"production code called {type(self).__name__}.to_dict")


def refuse_to_dict(monkeypatch: pytest.MonkeyPatch) -> None:
    for kind in (Solution, Probe, Successor):
        monkeypatch.setattr(kind, "to_dict", refused_to_dict)


def test_no_code_outside_the_tests_calls_to_dict() -> None:
    calls = []
    for folder in ("lookup", "puzzles"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.relative_to(ROOT) == ORACLE:
                continue
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "to_dict":
                    calls.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert calls == []


@pytest.mark.parametrize("name", NAMES)
def test_the_commands_write_single_answers_and_listings_without_to_dict(
    tables_dir: Path, tables: lookup.Tables, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle, asked = puzzles.get(name), states(tables, name)
    expected = {}
    for state in asked:
        solution, probe = tables.solve(name, state), tables.probe(name, state)
        steps = puzzle.terminal.step_fields(solution) if solution.solvable else {}
        solved = spaced({**solution.to_dict(), **steps})
        expected[state] = (
            solved,
            spaced(probe.to_dict()),
            compact(probe.to_dict()),
            listed(tables, name, state, spaced),
        )
    refuse_to_dict(monkeypatch)
    runner = CliRunner()
    for state in asked:
        ask = [name, *state.split(" "), "--tables", str(tables_dir)]
        solved = runner.invoke(main, ["solve", *ask, "--json", "--steps"]).stdout_bytes
        probed = runner.invoke(main, ["probe", *ask, "--json"]).stdout_bytes
        batch = runner.invoke(main, ["probe", name, "--batch", "--tables", str(tables_dir)], input=state + "\n")
        listing = runner.invoke(main, ["solutions", *ask, "--json", "--limit", str(LIMIT)]).stdout_bytes
        assert (solved, probed, batch.stdout_bytes, listing) == expected[state]


@pytest.mark.parametrize("name", NAMES)
def test_the_service_writes_single_answers_and_listings_without_to_dict(
    tables: lookup.Tables, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = states(tables, name)
    expected = {
        state: (
            compact(tables.probe(name, state).to_dict()),
            compact({**tables.random_solution(name, state, 3).to_dict(), "seed": 3}),
            listed(tables, name, state, compact),
        )
        for state in asked
    }
    refuse_to_dict(monkeypatch)
    with TestClient(create_app(tables)) as client:
        for state in asked:
            probed = client.get(f"/api/{name}", params={"state": state}).content
            drawn = client.get(f"/api/{name}/random", params={"state": state, "seed": "3"}).content
            listing = client.get(f"/api/{name}/solutions", params={"state": state, "limit": str(LIMIT)}).content
            assert (probed, drawn, listing) == expected[state]
            assert client.get(f"/{name}", params={"state": state}).status_code == 200


@pytest.mark.parametrize("name", NAMES)
def test_the_installed_command_prints_the_bytes_of_to_dict(tables_dir: Path, tables: lookup.Tables, name: str) -> None:
    """In a fresh process, as users run it: `solve --json --steps` and `probe --json`."""
    puzzle, state = puzzles.get(name), puzzles.get(name).example()
    solution = tables.solve(name, state)
    steps = puzzle.terminal.step_fields(solution) if solution.solvable else {}
    for command, answer in (
        (["solve", "--json", "--steps"], {**solution.to_dict(), **steps}),
        (["probe", "--json"], tables.probe(name, state).to_dict()),
    ):
        ask = [NINEBASE, command[0], name, *state.split(" "), *command[1:], "--tables", str(tables_dir)]
        result = subprocess.run(ask, capture_output=True, timeout=60)
        assert (result.returncode, result.stdout, result.stderr) == (0, spaced(answer), b"")
