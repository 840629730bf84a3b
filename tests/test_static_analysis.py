"""What static tools see in the code outside the tests: a dead-code finder
(vulture) finds nothing, each finder seen to name what is planted for it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
