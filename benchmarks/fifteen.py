"""The 15-puzzle engine on Korf's 100 random instances (benchmarks/korf100.txt).

    python benchmarks/fifteen.py [--tables DIR] [--cpu N] [--command]

One child process, pinned to one core (`--cpu`, default 0), does what a
user's batch would: imports ninebase, loads the pattern tables (eight-4.h5
in DIR, built there first by `ninebase build --only eight --size 4` if
missing, the build timed and sized), and solves the hundred one by one
through the engine, each solution replayed and its length checked against
the published one. Printed: the child's wall and CPU time in all (start-up
and table load included), the load, the slowest instance, the nodes; the
targets are 10 s in all and 2 s for any one.

With `--command`, the child is the command itself, issue 38's measure:
`ninebase solve eight --size 4 --batch --json` reading the hundred on
standard input; its answers are replayed and checked the same way, and its
whole wall and CPU time printed (an answer's own time is not seen from
outside: the engine's run gives those).
On a shared machine the CPU times are the fair figures: the wall times
grow with the load average, printed beside them. Exits 1 on a wrong length
or a missed target (by CPU time).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ninebase.puzzles.eight import fifteen

KORF_100 = Path(__file__).resolve().parent / "korf100.txt"
NINEBASE = str(Path(sys.executable).parent / "ninebase")
TOTAL_TARGET, EACH_TARGET = 10.0, 2.0
CHILD = """
import json, sys, time
started = time.process_time(), time.perf_counter()
from pathlib import Path
from ninebase import lookup
from ninebase.puzzles.eight import fifteen, fifteen_kernel
opened = lookup.open_tables(Path(sys.argv[1]))
puzzle = opened.resolve("eight").variant({"size": 4})
tables = puzzle.patterns(opened.table(puzzle))
loaded = time.process_time() - started[0], time.perf_counter() - started[1]
answers = []
for line in sys.stdin:
    number, *cells, length = map(int, line.split())
    board = fifteen.board([cell + 1 if cell else 0 for cell in cells])
    cpu, wall = time.process_time(), time.perf_counter()
    mapped = fifteen.relabelled(board)
    moves, nodes = fifteen_kernel.search(*fifteen.search_arguments(mapped, tables))
    moves = "".join(mapped.letters[move] for move in moves)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    after = board
    for move in moves:
        after = after.moved(move)
    answers.append([number, len(moves), length, after == board.goal(), nodes, cpu, wall])
print(json.dumps({"loaded": loaded, "answers": answers}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=Path, help="directory of eight-4.h5 (default: a temporary one, built)")
    parser.add_argument("--cpu", type=int, default=0, help="the core the child is pinned to")
    parser.add_argument("--command", action="store_true", help="run `ninebase solve eight --size 4 --batch`")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        directory = args.tables or Path(scratch)
        if not (directory / "eight-4.h5").is_file():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            wall = time.perf_counter()
            build = [NINEBASE, "build", "--only", "eight", "--size", "4", "--tables", str(directory)]
            subprocess.run(build, check=True, capture_output=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
            size = (directory / "eight-4.h5").stat().st_size
            print(
                f"built eight-4.h5: {size / 2**20:.1f} MiB in {time.perf_counter() - wall:.1f} s wall, {cpu:.1f} s CPU"
            )
        lines = [line for line in KORF_100.read_text().splitlines() if line and not line.startswith("#")]
        if args.command:
            return through_the_command(directory, lines, args.cpu)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall = time.perf_counter()
        done = subprocess.run(
            ["taskset", "-c", str(args.cpu), sys.executable, "-c", CHILD, str(directory)],
            input="\n".join(lines),
            capture_output=True,
            text=True,
            check=True,
        )
        wall = time.perf_counter() - wall
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    result = json.loads(done.stdout)
    answers = result["answers"]
    wrong = [number for number, found, published, replayed, *_ in answers if found != published or not replayed]
    slowest = max(answers, key=lambda answer: answer[5])
    nodes = sum(answer[4] for answer in answers)
    searching = sum(answer[5] for answer in answers)
    print(f"load average {os.getloadavg()[0]:.1f}; one process pinned to core {args.cpu}")
    print(f"Korf's 100: {len(answers) - len(wrong)} of {len(answers)} at their published lengths, replayed")
    print(f"  whole process     {cpu:6.2f} s CPU  {wall:6.2f} s wall   (target {TOTAL_TARGET} s)")
    print(f"  start-up + tables {result['loaded'][0]:6.2f} s CPU  {result['loaded'][1]:6.2f} s wall")
    print(f"  searching         {searching:6.2f} s CPU  {sum(answer[6] for answer in answers):6.2f} s wall")
    print(f"  slowest: #{slowest[0]} ({slowest[2]} moves, {slowest[4]:,} nodes) {slowest[5]:.2f} s CPU "
          f"{slowest[6]:.2f} s wall (target {EACH_TARGET} s)")  # fmt: skip
    print(f"  {nodes:,} nodes, {nodes / searching / 1e6:.1f} million a CPU second")
    if wrong:
        print(f"WRONG: {wrong}")
    missed = cpu > TOTAL_TARGET or slowest[5] > EACH_TARGET
    print("MISSED" if missed else "PASS")
    return 1 if wrong or missed else 0


def through_the_command(directory: Path, lines: list[str], cpu: int) -> int:
    """Issue 38's measure: the hundred through one `ninebase solve eight --size 4 --batch --json`."""
    boards = [[int(cell) + 1 if cell != "0" else 0 for cell in line.split()[1:17]] for line in lines]
    given = "".join(" ".join(map(str, board)) + "\n" for board in boards)
    command = [NINEBASE, "solve", "eight", "--size", "4", "--batch", "--json", "--tables", str(directory)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    done = subprocess.run(
        ["taskset", "-c", str(cpu), *command], input=given, capture_output=True, text=True, check=True
    )
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    wrong = []
    for line, board, answer in zip(lines, boards, map(json.loads, done.stdout.splitlines()), strict=True):
        missing = (set(range(1, 17)) - set(board)).pop()
        position = fifteen.board(board)
        for move in answer["moves"]:
            position = position.moved(move)
        if answer["distance"] != int(line.split()[17]) or position != position.goal() or position.missing != missing:
            wrong.append(int(line.split()[0]))
    print(f"load average {os.getloadavg()[0]:.1f}; one process pinned to core {cpu}")
    print(f"Korf's 100 through `{' '.join(command[:7])}`: {len(lines) - len(wrong)} of {len(lines)} at their "
          "published lengths, replayed")  # fmt: skip
    print(f"  whole process     {used:6.2f} s CPU  {wall:6.2f} s wall   (target {TOTAL_TARGET} s)")
    if wrong:
        print(f"WRONG: {wrong}")
    missed = used > TOTAL_TARGET
    print("MISSED" if missed else "PASS")
    return 1 if wrong or missed else 0


if __name__ == "__main__":
    sys.exit(main())
