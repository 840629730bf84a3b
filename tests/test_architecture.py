"""The shape of the code: the query path never loads the builder, no code
outside a puzzle's own module branches on a puzzle's name, and one `Tables`
serves many threads at once with the same answers."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from import_contracts import lint

from ninebase import lookup, puzzles

ROOT = Path(__file__).resolve().parent.parent
DOOR = "Front ends go through Tables"
EXPORTS = "Front ends use only what ninebase.puzzles exports"


@pytest.mark.slow
def test_answering_every_puzzle_loads_nothing_of_the_builder(tables_dir: Path) -> None:
    script = """
import json, sys
from ninebase import lookup, puzzles
with lookup.open_tables(sys.argv[1]) as tables:
    for name in lookup.puzzle_names():
        state = puzzles.get(name).example()
        tables.solve(name, state), tables.probe(name, state), tables.distances(name, [state]), tables.stats(name)
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("ninebase.build_tables", "click")))))
"""
    done = subprocess.run([sys.executable, "-c", script, str(tables_dir)], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == []


def test_no_code_outside_a_puzzle_module_branches_on_a_puzzle_name() -> None:
    names = "|".join(puzzles.names())
    branch = re.compile(rf"""(==|!=|\bin *[\(\[\{{])[^#]*['"]({names})['"]""")
    found = []
    for package in ("ninebase", "lookup", "build_tables", "puzzles"):
        for path in (ROOT / package).rglob("*.py"):
            if set(path.relative_to(ROOT).parts) & set(puzzles.names()):  # a puzzle's own package
                continue
            found += [
                f"{path.name}:{n}" for n, line in enumerate(path.read_text().splitlines(), 1) if branch.search(line)
            ]
    assert found == []


def test_one_tables_object_serves_many_threads(tables_dir: Path) -> None:
    rng = random.Random(3)
    queries = []
    with lookup.open_tables(tables_dir) as warm:
        for name in puzzles.names():
            distances, compact = puzzles.get(name).storage.sample_space(warm.table(name))
            queries += [(name, compact(rng.randrange(distances.size))) for _ in range(40)]
        expected = [warm.probe(name, state).to_dict() for name, state in queries]
    rng.shuffle(order := list(range(len(queries))))
    with lookup.open_tables(tables_dir) as shared, ThreadPoolExecutor(max_workers=8) as pool:  # nothing loaded yet
        answers = list(pool.map(lambda i: (i, shared.probe(*queries[i]).to_dict()), order))
    assert all(answer == expected[i] for i, answer in answers)


def test_the_import_contracts_hold() -> None:
    """The layers, the forbidden imports, independent puzzles, no import
    circles and the one door, as stated in pyproject.toml and checked by
    import-linter over the namespace (tests/import_contracts.py)."""
    done = lint({}, [])
    assert done.returncode == 0 and "0 broken" in done.stdout, done.stdout[-3000:]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("planted", "broken"),
    [
        ({"lookup/web/api.py": "from ninebase import build_tables"}, DOOR),
        ({"lookup/web/api.py": "from ninebase.lookup import bulk"}, DOOR),
        ({"lookup/cli/answering.py": "from ninebase.lookup.tablefile import TableFile"}, DOOR),
        ({"lookup/web/position.py": "from ninebase.puzzles.cube.symmetry import _CELL_IMAGES"}, EXPORTS),
        ({"lookup/contest/kit.py": "from ninebase.puzzles.text import content_lines"}, EXPORTS),
    ],
)
def test_each_one_door_contract_fails_when_an_import_goes_around_it(planted: dict[str, str], broken: str) -> None:
    done = lint(planted, [])
    report = " ".join(done.stdout.split())  # contract names are wrapped to 80 columns
    assert done.returncode == 1 and "1 broken" in done.stdout, done.stdout[-3000:]
    assert re.search(re.escape(broken) + r"[^.]*? BROKEN", report), report[-2000:]
