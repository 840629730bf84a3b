"""Boards written as people write them (issue 35): `Tables.distances` per second on the compact form and the others.

    python benchmarks/written_boards.py [--states N] [--tables DIR]

Per puzzle, N random states of the table's sample space (solvable and not),
best of three: as compact strings in a Python list (the path the one reader
takes all at once), the same boards with spaces between their cells (sansu,
eight), with eight's empty cell drawn `_`, and as an integer array, one
state a row. The forms other than compact strings and integer arrays are
read one state at a time: this shows what that costs. Every form must give
the compact form's distances, or the program exits 1.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

import numpy as np

import ninebase
from ninebase import puzzles

FORMS: dict[str, dict[str, Callable[[str], object]]] = {
    "sansu": {"spaced": " ".join, "integers": lambda text: [int(cell) for cell in text]},
    "eight": {
        "spaced": " ".join,
        "blank _": lambda text: text.replace("0", "_"),
        "integers": lambda text: [int(cell) for cell in text],
    },
    "clocks": {"integers": lambda text: [int(hour) for hour in text.split()]},
    "nine": {"integers": lambda text: [int(cell) for cell in text.replace(" ", "")]},
}
"""Per puzzle, each other way of writing a compact state."""


def best_rate(tables: ninebase.Tables, name: str, states: object, count: int) -> tuple[float, np.ndarray]:
    """States per second (best of three) and the distances."""
    best, found = float("inf"), np.zeros(0)
    for _ in range(3):
        started = time.perf_counter()
        found = tables.distances(name, states)
        best = min(best, time.perf_counter() - started)
    return count / best, found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=100_000, help="states per form")
    parser.add_argument("--tables", default=None, help="tables directory (default: as ninebase finds it)")
    arguments = parser.parse_args()
    rng = np.random.default_rng(35)
    wrong = []
    print(f"Tables.distances, states a second, best of 3 (load average {os.getloadavg()[0]:.1f})")
    print(f"{'puzzle':<8}{'form':<10}{'states/s':>14}")
    with ninebase.open_tables(arguments.tables) as tables:
        for name, forms in FORMS.items():
            distances, compact = puzzles.get(name).storage.sample_space(tables.table(name))
            states = [compact(int(index)) for index in rng.integers(0, distances.size, size=arguments.states)]
            rate, expected = best_rate(tables, name, states, len(states))
            print(f"{name:<8}{'compact':<10}{rate:>14,.0f}")
            for form, write in forms.items():
                written = [write(state) for state in states]
                given = np.array(written) if form == "integers" else written
                rate, found = best_rate(tables, name, given, len(states))
                print(f"{name:<8}{form:<10}{rate:>14,.0f}")
                if not np.array_equal(found, expected):
                    wrong.append(f"{name} {form}: distances differ from the compact form's")
    for line in wrong:
        print(f"WRONG {line}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
