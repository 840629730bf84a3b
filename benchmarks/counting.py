"""Counting optimal solutions (issue 29): microseconds per `Tables.count` and
per `random_solution` (the median over single calls on random states),
states per second through `Tables.counts` and `Tables.count_lines` (written by `encoding.number_text`) on
300,000 compact strings, through `ninebase counts` (a fresh process) and
over HTTP (`POST /api/PUZZLE/counts`), and optimal solutions per second
(the whole call, start-up included) by `Tables.solution_moves` (the stream
of move indices) and `Tables.solutions` (objects) on the state with the
most of them per puzzle, and through `ninebase solutions` for clocks.

    python benchmarks/counting.py [--states N] [--tables DIR]

Prints the figures beside the issue's targets and exits 1 if one is missed.
Run it on a quiet machine: it measures one process on one core.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
from bulk_cli import http_rates, timed  # the same measurement of a command and of the service

from ninebase import lookup, puzzles
from ninebase.lookup import encoding
from ninebase.lookup.stream import Lines

TARGET_COUNT_MICROSECONDS = {"cube": 100.0}
"""Per puzzle, where it is not the default below."""
TARGET_DEFAULT_COUNT_MICROSECONDS = 10.0
TARGET_RANDOM_MICROSECONDS = 100.0
TARGET_SOLUTIONS_PER_SECOND = 1_000_000
BULK_STATES = 300_000
TARGET_COMMAND_PER_SECOND = 2_000_000
TARGET_HTTP_PER_SECOND = 1_000_000
COMMAND_LINES = 3_000_000
HTTP_LINES = 100_000
NINEBASE = str(Path(sys.executable).parent / "ninebase")
MANY_SOLUTIONS = [
    ("sansu", {}, "125348697"),
    ("clocks", {}, "9 12 9 12 3 12 9 12 9"),
    ("clocks 12h", {"hours": "12"}, "1 2 3 4 5 6 7 8 9"),
    ("clocks back", {"hours": "12", "backward": True}, "6 6 6 6 6 6 6 6 6"),
    ("eight", {}, "547698301"),
    ("nine", {}, "001100010 101110011"),
    ("nine-4", {"size": 4}, "1110010000100111 1110010000100111"),
    ("cube", {}, "2 1 BRBBEBBRB"),
]
"""Per puzzle, the state with the most optimal solutions its table holds (sansu 148, eight 86, nine 1,700,
nine-4 525,440, the cube 338; clocks 27!/3!**9); for clocks' other rules, states with more than 10**19."""
STREAMED = 1_000_000
"""The most solutions streamed per state."""
TWELVE_HOUR = puzzles.get("clocks").variant({"hours": "12", "backward": True})


def random_states(tables: lookup.Tables, name: str, count: int, seed: int, solvable: bool = False) -> list[str]:
    """Random instances in compact form (only solvable ones if asked), as `sample` draws its space."""
    distances, compact = puzzles.get(name).storage.sample_space(tables.table(name))
    indices = np.flatnonzero(distances >= 0) if solvable else np.arange(distances.size)
    return [compact(int(index)) for index in np.random.default_rng(seed).choice(indices, count)]


def twelve_hour_states(count: int, seed: int) -> list[str]:
    rng = np.random.default_rng(seed)
    return [" ".join(map(str, row)) for row in rng.integers(1, 13, size=(count, 9))]


def median_microseconds(call: Callable[..., Any], arguments: list[tuple[Any, ...]]) -> float:
    """The median over single calls, one per tuple of arguments, after a warm-up call."""
    call(*arguments[0])
    spent = []
    for argument in arguments:
        started = time.perf_counter_ns()
        call(*argument)
        spent.append(time.perf_counter_ns() - started)
    return statistics.median(spent) / 1000


def best_seconds(action: Callable[[], Any], runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - started)
    return best


def verdict(met: bool) -> str:
    return "ok" if met else "MISSED"


def streamed_solutions(tables: lookup.Tables) -> int:
    """The last section: each call timed whole, from the state's text to its last solution (start-up included)."""
    print(
        f"\nevery optimal solution, up to {STREAMED:,}, each call timed whole (the best of 3; target "
        f"{TARGET_SOLUTIONS_PER_SECOND:,}/s for the stream): Tables.solution_moves (chunks of move indices), "
        "Tables.solutions (Solution objects)"
    )
    heading = f"{'stream ms':>10} {'stream/s':>12}  {'objects ms':>10} {'objects/s':>10}"
    print(f"{'puzzle':12} {'optimal':>26} {'listed':>9}  {heading}")
    missed = 0
    for name, options, text in MANY_SOLUTIONS:
        rules = puzzles.get(name.split()[0].split("-")[0])
        rules = rules.variant(options) if options else rules
        if rules.storage is not None and not tables.directory.joinpath(f"{rules.storage.table_name}.h5").exists():
            print(f"{name:12} (no table: ninebase build {rules.storage.build_selection})")
            continue
        tables.solutions(rules, text, 1)  # the table loaded
        total = tables.count(rules, text)
        stream = best_seconds(
            lambda rules=rules, text=text: sum(map(len, tables.solution_moves(rules, text, STREAMED)[1]))
        )
        objects = best_seconds(
            lambda rules=rules, text=text: sum(1 for _ in tables.solutions(rules, text, STREAMED)[1])
        )
        listed = min(total, STREAMED)
        met = listed / stream >= TARGET_SOLUTIONS_PER_SECOND
        shown = f"{total:,}" if total < 10**24 else f"{total:.3e}"
        missed += not met
        print(
            f"{name:12} {shown:>26} {listed:9,}  {stream * 1000:10.2f} {listed / stream:12,.0f}  "
            f"{objects * 1000:10.1f} {listed / objects:10,.0f}  {verdict(met)}"
        )
    name, _, text = MANY_SOLUTIONS[1]
    with tempfile.TemporaryDirectory() as scratch:
        empty = Path(scratch) / "empty"
        empty.write_bytes(b"")
        command = [
            NINEBASE,
            "solutions",
            name,
            *text.split(),
            "--limit",
            str(STREAMED),
            "--tables",
            str(tables.directory),
        ]
        run = timed(command, empty)
    print(
        f"ninebase solutions {name} {text} --limit {STREAMED:,} > /dev/null (a fresh process, no target): "
        f"{run['seconds']:.2f} s, {STREAMED / run['seconds']:,.0f} lines/s (peak {run['peak_mib']:.0f} MiB)"
    )
    return missed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=2000, help="random states per single-call figure")
    parser.add_argument("--tables", default=None, help="tables directory (default: as ninebase finds it)")
    options = parser.parse_args()
    missed = 0
    with lookup.open_tables(options.tables) as tables:
        print(f"per call, the median over {options.states:,} random states (unsolvable ones included for count)")
        print(f"{'puzzle':14} {'count µs':>9} {'target':>7}  {'random µs':>9} {'target':>7}")
        for name in [*puzzles.BUILT_IN, "clocks 12h"]:
            puzzle = TWELVE_HOUR if name == "clocks 12h" else name
            if name == "clocks 12h":
                states = solvable = twelve_hour_states(options.states, 1)
            else:
                tables.prepare(name)
                states = random_states(tables, name, options.states, 1)
                solvable = random_states(tables, name, options.states, 2, solvable=True)
            count = median_microseconds(partial(tables.count, puzzle), [(text,) for text in states])
            drawn = median_microseconds(
                partial(tables.random_solution, puzzle), [(text, seed) for seed, text in enumerate(solvable)]
            )
            count_target = TARGET_COUNT_MICROSECONDS.get(name, TARGET_DEFAULT_COUNT_MICROSECONDS)
            missed += (count > count_target) + (drawn > TARGET_RANDOM_MICROSECONDS)
            print(
                f"{name:14} {count:9.1f} {count_target:7.0f}  {drawn:9.1f} {TARGET_RANDOM_MICROSECONDS:7.0f}"
                f"  {verdict(count <= count_target)} / {verdict(drawn <= TARGET_RANDOM_MICROSECONDS)}"
            )
        print(f"\nin bulk, {BULK_STATES:,} random compact strings, the best of three runs")
        print(f"{'puzzle':8} {'Tables.counts/s':>16} {'count_lines/s':>16}")
        for name in puzzles.BUILT_IN:
            states = random_states(tables, name, BULK_STATES, 3)
            lines = Lines("".join(f"{text}\n" for text in states).encode())
            whole = best_seconds(lambda name=name, states=states: tables.counts(name, states))
            chunked = best_seconds(lambda name=name, lines=lines: encoding.number_text(tables.count_lines(name, lines)))
            print(f"{name:8} {BULK_STATES / whole:16,.0f} {BULK_STATES / chunked:16,.0f}")
        print(
            f"\nthrough the command (ninebase counts, {COMMAND_LINES:,} lines, a fresh process; target "
            f"{TARGET_COMMAND_PER_SECOND:,}/s) and over HTTP (POST /api/PUZZLE/counts, {HTTP_LINES:,} lines, "
            f"--workers 2, best of 3; target {TARGET_HTTP_PER_SECOND:,}/s)"
        )
        directory = str(tables.directory)
        for name in puzzles.BUILT_IN:
            states = random_states(tables, name, HTTP_LINES, 4)
            body = "".join(f"{text}\n" for text in states).encode()
            with tempfile.TemporaryDirectory() as scratch:
                source = Path(scratch) / "states.txt"
                source.write_bytes(body * (COMMAND_LINES // HTTP_LINES))
                command = timed([NINEBASE, "counts", name, "--tables", directory], source)
            over_http = http_rates(directory, body, puzzle=name, endpoints=("counts",))["counts"]
            by_command = COMMAND_LINES / command["seconds"]
            missed += (by_command < TARGET_COMMAND_PER_SECOND) + (over_http < TARGET_HTTP_PER_SECOND)
            print(
                f"{name:8} command {by_command:12,.0f}/s (peak {command['peak_mib']:4.0f} MiB)  "
                f"HTTP {over_http:12,.0f}/s  {verdict(by_command >= TARGET_COMMAND_PER_SECOND)} / "
                f"{verdict(over_http >= TARGET_HTTP_PER_SECOND)}"
            )
        missed += streamed_solutions(tables)
    print(f"\n{missed} target(s) missed" if missed else "\nevery target met")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
