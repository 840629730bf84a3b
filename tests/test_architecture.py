"""The shape of the code: the query path never loads the builder, no code
outside a puzzle's own module branches on a puzzle's name, one `Tables`
serves many threads at once with the same answers, no two modules outside a
puzzle's own package share a file name, and the tests mirror the code they
test."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from every import walked
from import_contracts import lint

from ninebase import lookup, puzzles

ROOT = Path(__file__).resolve().parent.parent
DOOR = "Front ends go through Tables"
LAYERS = "Layers: front ends, then the builder"
EXPORTS = "Front ends use only what ninebase.puzzles exports"
MIRRORED = {
    "lookup": "lookup",
    "cli": "lookup/cli",
    "web": "lookup/web",
    "service": "lookup/service",
    "contest": "lookup/contest",
    "build_tables": "build_tables",
    "puzzles": "puzzles",
}
"""Each folder of tests/ and the folder of code it mirrors; a package inside
one is mirrored by the folder of the same name (tests/puzzles/clocks/ for
puzzles/clocks/), but for lookup's, which have folders of their own."""
STORIES = {
    "abuse", "accessibility", "architecture", "benchmarks", "browser_page", "browser_sizes", "counting",
    "counting_solutions", "damage", "docs", "explorer", "extra_puzzle", "first_hour", "fuzz", "hardening", "plugin",
    "readme_examples", "replicas", "static_analysis", "unkind_cli", "wheel",
}  # fmt: skip
"""The suites in tests/ itself, `test_<story>.py`: stories across the program
(what a user meets, hostile input, real servers and browsers, the wheel, the
docs, the benchmarks, a plug-in) and evidence over every puzzle at once, not
one module's tests."""
CODE = ("ninebase", "lookup", "build_tables", "puzzles")
"""The folders of the `ninebase` package (pyproject's package-dir)."""


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


def shared_file_names(root: Path) -> dict[str, list[str]]:
    """Each file name that two or more modules under `root`'s code folders
    have, with their paths; a puzzle's own package (puzzles/<name>/) has
    its own names, which may be any other's (board.py, formats.py, ...)."""
    paths: dict[str, list[str]] = {}
    for folder in CODE:
        for path in sorted((root / folder).rglob("*.py")):  # not into ninebase/'s links to the folders
            place = path.relative_to(root)
            if path.name != "__init__.py" and not (place.parts[0] == "puzzles" and len(place.parts) > 2):
                paths.setdefault(path.name, []).append(place.as_posix())
    return {name: found for name, found in sorted(paths.items()) if len(found) > 1}


def test_no_two_modules_outside_a_puzzle_package_share_a_file_name() -> None:
    assert shared_file_names(ROOT) == {}


def test_a_file_name_two_modules_share_is_named(tmp_path: Path) -> None:
    for place in [
        "lookup/web/rules.py", "lookup/cli/rules.py", "lookup/cli/answering.py", "ninebase/__init__.py",
        "puzzles/drawing.py", "puzzles/eight/drawing.py", "puzzles/eight/board.py", "puzzles/cube/board.py",
        "build_tables/__init__.py", "lookup/__init__.py",
    ]:  # fmt: skip
        (tmp_path / place).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / place).touch()
    assert shared_file_names(tmp_path) == {"rules.py": ["lookup/cli/rules.py", "lookup/web/rules.py"]}


def test_one_tables_object_serves_many_threads(tables_dir: Path) -> None:
    rng = random.Random(3)
    queries = []
    with lookup.open_tables(tables_dir) as warm:
        for name in puzzles.names():
            puzzle = puzzles.get(name)
            if puzzle.storage is None:  # no table lists its instances (rubiks-clock)
                queries += [(name, text) for text in walked(puzzle, 40, seed=3)]
                continue
            distances, compact = puzzle.storage.sample_space(warm.table(name))
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


@pytest.mark.slow
def test_the_web_app_never_imports_the_process_operations() -> None:
    """The service package (server, supervision, stopping) sits above the web
    app: the app runs under any ASGI server without it."""
    done = lint({"lookup/web/app.py": "from ninebase.lookup.service import stopping"}, [])
    report = " ".join(done.stdout.split())
    assert done.returncode == 1 and re.search(re.escape(LAYERS) + r"(?:(?!KEPT).)*? BROKEN", report), report[-2000:]


def mirror_folders(root: Path) -> dict[Path, Path]:
    """Each test folder the mirror allows (relative to tests/), with the package it mirrors."""
    folders = {}
    for top, code in MIRRORED.items():
        inner = [root / other for other in MIRRORED.values() if other != code and other.startswith(f"{code}/")]
        for init in sorted((root / code).rglob("__init__.py")):
            package = init.parent
            if not any(package.is_relative_to(other) for other in inner):
                folders[Path(top, package.relative_to(root / code))] = package
    return folders


def misplaced_tests(tests: Path, root: Path = ROOT) -> list[str]:
    """The Python files under `tests` that are out of place: in tests/ itself a
    `test_*.py` that is not a story; in a mirror folder anything but a
    `test_<name>.py` (or `test_<name>_<aspect>.py`) whose name is a module of
    the package mirrored, or the package itself (its `__init__.py`); or a
    folder that mirrors no package. Helpers stay in tests/, where the tests
    import them by name."""
    folders = mirror_folders(root)
    found = []
    for path in sorted(tests.rglob("*.py")):
        place = path.relative_to(tests)
        if place.parts[0] == "tooling" or "__pycache__" in place.parts:  # axe-core's npm folder, bytecode
            continue
        if len(place.parts) == 1:
            if place.name.startswith("test_") and place.stem.removeprefix("test_") not in STORIES:
                found.append(f"{place}: not a story; put it beside what it tests")
            continue
        package = folders.get(place.parent)
        if package is None:
            found.append(f"{place}: {place.parent}/ mirrors no package")
            continue
        names = {module.stem for module in package.glob("*.py") if module.stem != "__init__"} | {package.name}
        tested = place.stem.removeprefix("test_")
        if not place.name.startswith("test_") or not any(tested == n or tested.startswith(f"{n}_") for n in names):
            found.append(f"{place}: names no module of {package.relative_to(root)}/")
    return found


def test_every_test_file_is_a_story_or_lives_where_what_it_tests_lives() -> None:
    misplaced = misplaced_tests(ROOT / "tests")
    assert misplaced == [], "\n".join(misplaced)
    assert {path.stem.removeprefix("test_") for path in (ROOT / "tests").glob("test_*.py")} == STORIES


def test_a_test_in_the_wrong_place_is_named(tmp_path: Path) -> None:
    placed = {
        "test_first_hour.py": False,
        "rules.py": False,
        "web/test_batches.py": False,
        "web/test_pages_content.py": False,
        "cli/test_cli.py": False,
        "puzzles/clocks/test_algebra.py": False,
        "puzzles/nine/test_nine.py": False,
        "build_tables/test_build_tables.py": False,
        "test_batches.py": True,  # a module's test among the stories
        "web/test_nowhere.py": True,  # no lookup/web/nowhere.py
        "web/test_tables.py": True,  # lookup/tables.py's test in web's folder
        "lookup/test_web.py": True,  # lookup/web/ has its own folder
        "lookup/web/test_batches.py": True,
        "puzzles/test_clocks.py": True,  # a puzzle's tests live in its folder
        "puzzles/clocks/test_sizes.py": True,
        "puzzles/chess/test_chess.py": True,
        "web/serving.py": True,  # a helper out of reach of a plain import
        "stories/test_first_hour.py": True,
    }
    for name in placed:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).touch()
    reported = {line.split(":")[0] for line in misplaced_tests(tmp_path)}
    assert reported == {name for name, misplaced in placed.items() if misplaced}
