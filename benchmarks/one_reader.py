"""One reader of many states (issue 28): compact strings per second through `Tables.distances` and `ninebase distances`.

    python benchmarks/one_reader.py [--states N] [--lines N] [--runs N] [--tables DIR]

Per puzzle: `Tables.distances` on N random compact strings (solvable and
not, as a sample of the table draws them), from a Python list (as read from
a file) and from a NumPy array, the best of --runs calls per wall second
(and per CPU second, the fairer figure when other work shares the machine);
for clocks also a list built as a user writes one (issue 35: `"
".join(random.choice(("3", "6", "9", "12")) for _ in range(9))` per state),
which reads as fast as the drawn list; then `ninebase distances PUZZLE` in
a fresh process on a file of --lines such lines, its wall time from start
to exit (start-up included) and its CPU time. Each line is also answered
once by `Tables.distance`, and the three answers must agree, so a reader
that got quicker by reading wrongly fails here too. Prints figures beside
the target (3,000,000 states a second) and exits 1 if one is missed.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import ninebase
from ninebase import puzzles

TARGET_PER_SECOND = 3_000_000
NINEBASE = str(Path(sys.executable).parent / "ninebase")


def random_states(tables: ninebase.Tables, name: str, count: int, rng: np.random.Generator) -> list[str]:
    """Compact strings of random states of the whole space: where a table has
    unreachable states (eight, nine), about as many of them as there are."""
    _, compact = puzzles.get(name).storage.sample_space(tables.table(name))
    space = tables.stats(name)["states"]
    return [compact(int(index)) for index in rng.integers(0, space, size=count)]


def handwritten_clocks(count: int, rng: random.Random) -> list[str]:
    """Clocks settings as a user writes a list of them (issue 35): each string built on its own."""
    return [" ".join(rng.choice(("3", "6", "9", "12")) for _ in range(9)) for _ in range(count)]


def best_rate(tables: ninebase.Tables, name: str, states: object, count: int, runs: int) -> tuple[float, float]:
    """States per wall second and per CPU second, each the best of `runs` (the CPU's figure is
    the fairer one when other work shares the machine)."""
    wall = cpu = float("inf")
    for _ in range(runs):
        started, started_cpu = time.perf_counter(), time.process_time()
        tables.distances(name, states)
        wall, cpu = min(wall, time.perf_counter() - started), min(cpu, time.process_time() - started_cpu)
    return count / wall, count / cpu


def command_rate(name: str, lines: bytes, count: int, tables_dir: str) -> tuple[float, float, bytes]:
    """Lines per wall second and per CPU second of `ninebase distances`, and what it printed."""
    with tempfile.TemporaryFile() as stdin:
        stdin.write(lines)
        stdin.seek(0)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run(
            [NINEBASE, "distances", name, "--tables", tables_dir], stdin=stdin, capture_output=True, check=True
        )
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return count / wall, count / cpu, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=300_000, help="states per Tables.distances call")
    parser.add_argument("--lines", type=int, default=3_000_000, help="lines for the ninebase distances run")
    parser.add_argument("--runs", type=int, default=3, help="Tables.distances calls per figure, the best taken")
    parser.add_argument("--tables", default=None, help="tables directory (default: as ninebase finds it)")
    arguments = parser.parse_args()
    rng = np.random.default_rng(2028)
    missed = []
    print(f"one reader of compact strings (load average {os.getloadavg()[0]:.1f}); target {TARGET_PER_SECOND:,}/s")
    print(f"{'puzzle':<8}{'list/s':>13}{'list/CPU s':>15}{'array/s':>13}{'command/s':>13}{'command/CPU s':>15}")
    with ninebase.open_tables(arguments.tables) as tables:
        tables_dir = str(tables.directory)
        for name in ("sansu", "clocks", "eight", "nine", "cube"):
            states = random_states(tables, name, arguments.states, rng)
            expected = np.array([-1 if (d := tables.distance(name, s)) is None else d for s in states])
            if not np.array_equal(tables.distances(name, states), expected):
                missed.append(f"{name}: Tables.distances disagrees with Tables.distance")
            from_list, list_cpu = best_rate(tables, name, states, len(states), arguments.runs)
            from_array, _ = best_rate(tables, name, np.array(states), len(states), arguments.runs)
            repeats = -(-arguments.lines // len(states))
            lines = ("\n".join(states) + "\n").encode() * repeats
            count = len(states) * repeats
            wall_rate, cpu_rate, printed = command_rate(name, lines, count, tables_dir)
            if printed != ("\n".join(map(str, expected.tolist())) + "\n").encode() * repeats:
                missed.append(f"{name}: ninebase distances disagrees with Tables.distance")
            print(
                f"{name:<8}{from_list:>13,.0f}{list_cpu:>15,.0f}{from_array:>13,.0f}{wall_rate:>13,.0f}{cpu_rate:>15,.0f}"
            )
            rates = [("Tables.distances (list)", from_list), ("ninebase distances", wall_rate)]
            if name == "clocks":
                written = handwritten_clocks(arguments.states, random.Random(35))
                by_hand, by_hand_cpu = best_rate(tables, name, written, len(written), arguments.runs)
                singly = [-1 if (d := tables.distance(name, text)) is None else d for text in written]
                if tables.distances(name, written).tolist() != singly:
                    missed.append(f"{name}: Tables.distances disagrees with Tables.distance (written by hand)")
                rates.append(("Tables.distances (a list written by hand)", by_hand))
                print(f"{'':<8}{by_hand:>13,.0f}{by_hand_cpu:>15,.0f}  (a list written by hand)")
            for what, rate in rates:
                if rate < TARGET_PER_SECOND:
                    missed.append(f"{name}: {what} {rate:,.0f}/s < {TARGET_PER_SECOND:,}/s")
    print(f"(command: {arguments.lines:,}+ lines, a fresh process, start-up included)")
    for line in missed:
        print(f"MISS {line}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
