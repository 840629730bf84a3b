"""Start-up: how long whole processes take, ninebase's against the libraries it stands on.

    python benchmarks/startup.py [--runs N] [--tables DIR]

Each pair is run alternately, N times each (default 9), and the median wall
time of each side is compared: the API loaded (`from ninebase import
open_tables`, which loads `ninebase.lookup`) against `import numpy, h5py`;
`ninebase solve eight 123069478` and `ninebase probe eight 123069478`
against `python -c "import numpy, h5py, click"`. It also lists
the project modules a query loads, which must not include the builder or a
puzzle that was not asked for. Prints figures and the targets; exits 1 if
one is missed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

PYTHON = sys.executable
NINEBASE = str(Path(sys.executable).parent / "ninebase")
TARGETS = {"the API loaded": 1.15, "ninebase solve eight": 1.3, "ninebase probe eight": 1.3}
API_LOADED = "from ninebase import open_tables"
"""`import ninebase` alone loads nothing (its names load on first use), so
the API is measured as a program that uses it loads it."""
QUERY_MODULES = """
import json, os, runpy, sys
end = os._exit
def report(status):  # the command ends with os._exit (no Python shutdown): list the modules first
    print(json.dumps(sorted(name for name in sys.modules if name.startswith("ninebase"))), file=sys.stderr)
    sys.stderr.flush()
    end(status)
os._exit = report
sys.argv = ["ninebase", *sys.argv[1:]]
try:
    runpy.run_module("ninebase", run_name="__main__")
except SystemExit as stop:
    report(stop.code or 0)
"""


def seconds(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - started


def compare(ours: list[str], theirs: list[str], runs: int) -> tuple[float, float]:
    """Median wall seconds of each command, run alternately `runs` times after one warm-up each."""
    seconds(ours), seconds(theirs)
    mine, base = [], []
    for _ in range(runs):
        mine.append(seconds(ours))
        base.append(seconds(theirs))
    return statistics.median(mine), statistics.median(base)


def loaded_modules(arguments: list[str]) -> list[str]:
    done = subprocess.run([PYTHON, "-c", QUERY_MODULES, *arguments], capture_output=True, text=True, check=True)
    return json.loads(done.stderr.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--tables", help="tables directory (default: ninebase's own)")
    args = parser.parse_args()
    tables = ["--tables", args.tables] if args.tables else []
    pairs = {
        "the API loaded": ([PYTHON, "-c", API_LOADED], [PYTHON, "-c", "import numpy, h5py"]),
        "ninebase solve eight": (
            [NINEBASE, "solve", "eight", "123069478", *tables],
            [PYTHON, "-c", "import numpy, h5py, click"],
        ),
        "ninebase probe eight": (
            [NINEBASE, "probe", "eight", "123069478", *tables],
            [PYTHON, "-c", "import numpy, h5py, click"],
        ),
    }
    missed = 0
    print(f"median wall time of {args.runs} alternating runs each")
    for label, (ours, theirs) in pairs.items():
        mine, base = compare(ours, theirs, args.runs)
        ratio = mine / base
        verdict = "PASS" if ratio <= TARGETS[label] else "MISS"
        missed += verdict == "MISS"
        against = " ".join([Path(theirs[0]).name, *theirs[1:]])
        print(
            f"{label:<22} {mine * 1000:7.1f} ms   against {against} {base * 1000:7.1f} ms   "
            f"{ratio:5.2f}x (target {TARGETS[label]}x) {verdict}"
        )
    modules = loaded_modules(["solve", "eight", "123069478", *tables])
    puzzles_loaded = sorted({name.split(".")[2] for name in modules if name.startswith("ninebase.puzzles.") and
                             name.split(".")[2] in ("sansu", "clocks", "eight", "nine", "cube")})  # fmt: skip
    builder = [name for name in modules if name.startswith("ninebase.build_tables")]
    print(f"ninebase solve eight loads {len(modules)} ninebase modules; puzzles: {', '.join(puzzles_loaded)}; "
          f"builder modules: {len(builder)}")  # fmt: skip
    missed += puzzles_loaded != ["eight"] or bool(builder)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
