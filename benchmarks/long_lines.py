"""Long lines through a pipe, as a user pipes them (`cat FILE | ninebase ...`):
one line of NUL bytes, lines ending in CR only (one line here, as ninebase
reads them) and many lines of a kilobyte, 10, 20, 40 and 80 MB each, into
`ninebase distances eight` and `ninebase solve eight --batch`, each run a
fresh process under /usr/bin/time -v; then the same shapes as HTTP batch
bodies up to the 4 MiB a body may be. Reading them was quadratic (issue 35:
one line of 40 MB took 24.7 s where 20 MB took 3.6 s).

    python benchmarks/long_lines.py [--sizes 10 20 40 80] [--shapes one cr many] [--file]
                                    [--no-cli] [--no-http] [--tables DIR]

Each CPU time (user + sys: other work on the machine stretches the wall
time, not this) is printed with its ratio to the one at half the size, as is
and without the start-up (the CPU time with one line): linear reading
doubles, quadratic quadruples. Every line of these inputs is bad, so each answer is an error
line (or object) naming its line.
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

from loadkit.servers import ninebase_serve, running

MB = 1_000_000
SHAPES: dict[str, tuple[str, Callable[[int], bytes]]] = {
    "one": ("one line of NUL bytes", lambda size: b"\0" * size),
    "cr": ("CR-only line ends", lambda size: b"123456780\r" * (size // 10)),
    "many": ("lines of 1,000 bytes", lambda size: (b"x" * 999 + b"\n") * (size // 1000)),
}
"""Each input of about `size` bytes, by the name --shapes gives it."""
COMMANDS = (["distances", "eight"], ["solve", "eight", "--batch"])
NOISE = 0.25
"""CPU seconds above the start-up below which a ratio less the start-up is left out (it varies by 0.05 s)."""
HTTP_SIZES = (512 << 10, 1 << 20, 2 << 20, 4 << 20)
"""Batch bodies up to the most the service reads (`Settings.max_batch_bytes`)."""


def lines_of(data: bytes) -> int:
    return data.count(b"\n") + (not data.endswith(b"\n"))


def timed(command: list[str], source: Path, piped: bool, lines: int) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + sys) and peak MiB of one fresh process
    reading `source` through a pipe from `cat` (or straight from the file),
    its answers checked by count."""
    with tempfile.TemporaryFile() as answers, open(source, "rb") as file:
        cat = subprocess.Popen(["cat", str(source)], stdout=subprocess.PIPE) if piped else None
        started = time.perf_counter()
        done = subprocess.run(
            ["/usr/bin/time", "-v", *command],
            stdin=cat.stdout if cat else file,
            stdout=answers,
            stderr=subprocess.PIPE,
            text=True,
        )
        wall = time.perf_counter() - started
        if cat:
            cat.stdout.close()
            cat.wait()
        answers.seek(0)
        answered = answers.read().count(b"\n")
    if done.returncode not in (0, 2) or answered != lines:
        raise RuntimeError(f"{' '.join(command)}: status {done.returncode}, {answered} answers for {lines} lines")
    report = dict(re.findall(r"^\s*(.+?): (.*)$", done.stderr, re.M))
    cpu = float(report["User time (seconds)"]) + float(report["System time (seconds)"])
    return wall, cpu, int(report["Maximum resident set size (kbytes)"]) / 1024


def ratios(times: list[float], base: float | None = None) -> list[str]:
    """Each time against the one at half the size: as is, and less `base` (the start-up) if given."""
    shown = [""]
    for half, whole in itertools.pairwise(times):
        less = ""
        if base is not None and half - base >= NOISE:  # nearer the start-up, noise decides the ratio
            less = f" (x{(whole - base) / (half - base):.2f} less start-up)"
        shown.append(f"x{whole / half:.2f}{less}")
    return shown


def cli(ninebase: str, tables: str, sizes: list[int], shapes: list[str], piped: bool) -> None:
    way = "cat FILE |" if piped else "< FILE"
    with tempfile.TemporaryDirectory() as directory:
        source = Path(directory) / "input"
        source.write_bytes(b"123456780\n")
        base = {tuple(args): min(timed([ninebase, *args, "--tables", tables], source, piped, 1)[1] for _ in range(3))
                for args in COMMANDS}  # fmt: skip
        print(f"through the command line, {way}, fresh processes (load average {os.getloadavg()[0]:.1f}):")
        for args in COMMANDS:
            print(f"  start-up: ninebase {' '.join(args)} with one line: {base[tuple(args)]:.2f} s CPU")
        for shape, make in (SHAPES[name] for name in shapes):
            runs: dict[tuple[str, ...], list[tuple[float, float, float]]] = {tuple(args): [] for args in COMMANDS}
            for size in sizes:
                data = make(size * MB)
                source.write_bytes(data)
                lines = lines_of(data)
                del data
                for args in COMMANDS:
                    runs[tuple(args)].append(timed([ninebase, *args, "--tables", tables], source, piped, lines))
            for args in COMMANDS:
                measured = runs[tuple(args)]
                cpu_ratios = ratios([cpu for _, cpu, _ in measured], base[tuple(args)])
                print(f"  {shape}, ninebase {' '.join(args)}:")
                for size, (wall, cpu, peak), ratio in zip(sizes, measured, cpu_ratios, strict=True):
                    print(f"    {size:>4} MB {wall:6.2f} s  CPU {cpu:6.2f} s {ratio:<34} peak {peak:4.0f} MiB")


def http(tables: str, shapes: list[str], runs: int = 5) -> None:
    """The same shapes POSTed to `ninebase serve` on a free loopback port (best of `runs`); stopped by its PID."""
    with tempfile.TemporaryDirectory() as logs, running(ninebase_serve(Path(tables), Path(logs) / "log")) as server:
        print("over HTTP, ninebase serve, one POST at a time (best of 5):")
        for shape, make in (SHAPES[name] for name in shapes):
            for endpoint in ("distances", "batch"):
                times = []
                for size in HTTP_SIZES:
                    body = make(size)
                    best = float("inf")
                    for _ in range(runs):
                        request = urllib.request.Request(f"{server.base}/api/eight/{endpoint}", body, method="POST")
                        started = time.perf_counter()
                        answered = urllib.request.urlopen(request, timeout=120).read().count(b"\n")
                        best = min(best, time.perf_counter() - started)
                    if answered != lines_of(body):
                        raise RuntimeError(f"{endpoint}: {answered} answers for {lines_of(body)} lines")
                    times.append(best)
                print(f"  {shape}, POST /api/eight/{endpoint}:")
                for size, wall, ratio in zip(HTTP_SIZES, times, ratios(times), strict=True):
                    print(f"    {size / (1 << 20):>4.1f} MiB {wall:7.3f} s  {ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 20, 40, 80], help="MB per input (doubling)")
    parser.add_argument("--shapes", nargs="+", choices=list(SHAPES), default=list(SHAPES), help="the inputs")
    parser.add_argument("--file", action="store_true", help="read each input from its file (< FILE), not a pipe")
    parser.add_argument("--no-cli", action="store_true", help="leave out the command line")
    parser.add_argument("--no-http", action="store_true", help="leave out the HTTP batch bodies")
    parser.add_argument("--tables", default=None, help="a directory holding eight.h5 (default: the checkout's tables/)")
    args = parser.parse_args()
    ninebase = str(Path(sys.executable).parent / "ninebase")
    tables = args.tables
    if tables is None:  # built there if missing; a directory given is only read
        tables = str(Path(__file__).resolve().parent.parent / "tables")
        subprocess.run([ninebase, "build", "--only", "eight", "--tables", tables], check=True, capture_output=True)
    if not args.no_cli:
        cli(ninebase, tables, args.sizes, args.shapes, not args.file)
    if not args.no_http:
        http(tables, args.shapes)


if __name__ == "__main__":
    main()
