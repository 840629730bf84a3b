"""The benchmark programs stay runnable: each one's imports resolve and its
options parse (`--help`), so a rename in the package cannot leave a
benchmark that fails only when someone finally runs it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
PROGRAMS = sorted(path for path in BENCHMARKS.glob("*.py") if 'if __name__ == "__main__":' in path.read_text())


def test_there_are_benchmark_programs() -> None:
    assert {"run.py", "load.py", "one_reader.py", "startup.py", "counting.py"} <= {path.name for path in PROGRAMS}


@pytest.mark.slow
@pytest.mark.parametrize("program", PROGRAMS, ids=lambda path: path.name)
def test_a_benchmark_program_starts(program: Path, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(program), "--help"], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and done.stdout.startswith("usage:"), done.stderr
