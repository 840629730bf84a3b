"""What static tools see in the code outside the tests: a type checker of
the kind editors run (basedpyright) resolves every import of ninebase's own
modules, a dead-code finder (vulture) finds nothing, each seen to name what
is planted for it; every `Class.member` the docstrings and documents name
exists; the Python pyproject requires is the one the code is written for."""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import pkgutil
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import ninebase
from ninebase import build_tables, lookup, puzzles

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
CODE = ["lookup", "puzzles", "build_tables", "ninebase", "benchmarks"]
"""Every folder of code but the tests (which keep helpers some tests do not use)."""
CONFIDENCE = 80
"""vulture's confidence: from 80 it reports unused imports (90%) and unused
variables and unreachable code (100%), dead wherever they are; below, every
function, method, attribute and class with no use it can see, which here
are the names click, Starlette, the servers and `__getattr__` call: a list to
keep by hand."""


OWN_FOLDERS = ["lookup", "puzzles", "build_tables", "ninebase/__init__.py", "ninebase/__main__.py"]
"""What the type checker reads: the package's folders and its own two files
(ninebase/'s links lead to the folders, which it would read twice)."""


def unresolved_imports(*paths: str) -> list[str]:
    """`path:line: message` for each import of ninebase's own modules that
    basedpyright, run from the checkout as an editor runs it, cannot resolve
    (its import rule alone is read from its findings)."""
    command = [str(BIN / "basedpyright"), "--outputjson", "--pythonpath", sys.executable, *paths]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    found = json.loads(done.stdout)["generalDiagnostics"]
    return [
        f"{os.path.relpath(finding['file'], ROOT)}:{finding['range']['start']['line'] + 1}: {finding['message']}"
        for finding in found
        if finding.get("rule") == "reportMissingImports" and re.search(r'Import "(ninebase\b|\.)', finding["message"])
    ]


@pytest.mark.slow  # about 20 s of CPU: it checks every module
def test_a_type_checker_resolves_every_import_of_ninebase_modules() -> None:
    """setuptools' editable install maps the folders into `ninebase` by an
    import hook that static tools do not run; ninebase/'s links to the
    folders lay the checkout out as the package (ARCHITECTURE.md)."""
    assert unresolved_imports(*OWN_FOLDERS) == []


@pytest.mark.slow
def test_the_type_checker_names_an_import_that_leads_nowhere() -> None:
    """Planted in the checkout (scratch/, which git ignores), where a
    module is read as the checkout's own are."""
    (ROOT / "scratch").mkdir(exist_ok=True)
    planted = ROOT / "scratch" / f"planted_import_{os.getpid()}.py"
    planted.write_text("from ninebase.lookup import Tables\nfrom ninebase.lookup.nowhere import Tables as Elsewhere\n")
    try:
        found = unresolved_imports(str(planted.relative_to(ROOT)))
    finally:
        planted.unlink()
    assert found == [f'scratch/{planted.name}:2: Import "ninebase.lookup.nowhere" could not be resolved']


def dead_code(*paths: str) -> tuple[int, list[str]]:
    """vulture's status and findings (`path:line: what`) over `paths`."""
    command = [str(BIN / "vulture"), "--min-confidence", str(CONFIDENCE), *paths]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout.splitlines()


def test_a_dead_code_finder_finds_nothing_outside_the_tests() -> None:
    assert dead_code(*CODE) == (0, [])


def test_the_dead_code_finder_names_dead_code_planted_in_a_module(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text("import os\n\n\ndef twice(x: int) -> int:\n    return 2 * x\n    print(x)\n")
    status, found = dead_code(str(planted))
    assert status == 3 and [line.split(":")[1] for line in found] == ["1", "6"], found


MEMBER = re.compile(r"`([A-Z][A-Za-z0-9]*)\.([a-z_][a-z0-9_]*)")
"""A member named in backquotes as `Class.member`."""


def classes() -> dict[str, list[type]]:
    """Every class defined in ninebase's modules, by name (a name may be taken twice)."""
    found: dict[str, list[type]] = {}
    modules = [ninebase]
    for package in (build_tables, lookup, puzzles):  # mapped folders: not under ninebase.__path__ in a checkout
        modules.append(package)
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            modules.append(importlib.import_module(info.name))
    for module in modules:
        for name, value in vars(module).items():
            if isinstance(value, type) and value.__module__ == module.__name__:
                found.setdefault(name, []).append(value)
    return found


def has_member(kind: type, member: str) -> bool:
    """An attribute, or a field a dataclass or an annotated class declares without a class value."""
    fields = {field.name for field in dataclasses.fields(kind)} if dataclasses.is_dataclass(kind) else set()
    annotated = {name for base in kind.__mro__ for name in getattr(base, "__annotations__", {})}
    return hasattr(kind, member) or member in fields | annotated


def unknown_members(texts: dict[str, str], known: dict[str, list[type]]) -> list[str]:
    """`where:line: Class.member` for each member named in `texts` that no class of that name has."""
    return [
        f"{where}:{number}: {kind}.{member}"
        for where, text in texts.items()
        for number, line in enumerate(text.splitlines(), 1)
        for kind, member in MEMBER.findall(line)
        if kind in known and not any(has_member(candidate, member) for candidate in known[kind])
    ]


def test_every_member_the_docstrings_and_documents_name_exists() -> None:
    """A member that moved (to a role, say) is not named where it was."""
    code = [path for folder in CODE for path in sorted((ROOT / folder).rglob("*.py"))]
    documents = [ROOT / "README.md", ROOT / "ARCHITECTURE.md", *sorted((ROOT / "docs").glob("*.md"))]
    texts = {str(path.relative_to(ROOT)): path.read_text() for path in [*code, *documents]}
    assert unknown_members(texts, classes()) == []


def test_a_member_that_is_not_there_is_named() -> None:
    known = classes()
    texts = {"moved.py": "`Puzzle.read_many` then `ManyAtOnce.read_many`, `Solution.extra`, `Unknown.thing`"}
    assert unknown_members(texts, known) == ["moved.py:1: Puzzle.read_many"]


NEWER_MODULES = {"tomllib": (3, 11), "wsgiref.types": (3, 11)}
"""The standard library's modules newer than Python 3.10, with the version that brought each."""


def test_pyproject_requires_the_python_the_code_is_written_for() -> None:
    """requires-python and ruff's target-version name one version, no older
    than the newest standard module any Python file here imports."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    required = tuple(int(part) for part in pyproject["project"]["requires-python"].removeprefix(">=").split("."))
    assert pyproject["tool"]["ruff"]["target-version"] == "py{}{}".format(*required)
    imported = re.compile(r"^\s*(?:import|from) ([\w.]+)", re.MULTILINE)
    needed = [
        (version, f"{path.relative_to(ROOT)}: {module}")
        for folder in [*CODE, "tests"]
        for path in sorted((ROOT / folder).rglob("*.py"))
        if "node_modules" not in path.parts
        for module in imported.findall(path.read_text())
        if (version := NEWER_MODULES.get(module))
    ]
    assert [where for version, where in needed if version > required] == []
