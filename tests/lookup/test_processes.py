"""Answering stdin in several processes (`--jobs`: lookup/processes.py, through lookup/stream.py): the
same bytes, messages and status as one job, and no process left behind
however the command ends."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from ninebase.lookup import processes, stream
from ninebase.lookup.cli import main
from ninebase.lookup.stream import Lines

NINEBASE = str(Path(sys.executable).parent / "ninebase")


def random_nine(n: int, count: int, rng: random.Random) -> list[str]:
    """Boards of size n meeting the class rule, written here from the rules: the goal with cells of A
    exchanged with cells of B in the same class (a position and its quarter turns), so each class keeps its 1s."""
    boards = []
    for _ in range(count):
        a, b = [[0] * n for _ in range(n)], [[1] * n for _ in range(n)]
        for _ in range(n * n):
            row, column = rng.randrange(n), rng.randrange(n)
            other_row, other_column = row, column
            for _ in range(rng.randrange(4)):
                other_row, other_column = other_column, n - 1 - other_row
            a[row][column], b[other_row][other_column] = b[other_row][other_column], a[row][column]
        boards.append(
            "".join(str(cell) for row in a for cell in row) + " " + "".join(str(cell) for row in b for cell in row)
        )
    return boards


def run(args: list[str], text: str, tables_dir: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [NINEBASE, *args, "--tables", str(tables_dir)], input=text, capture_output=True, text=True, timeout=300
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ["distances", "nine", "--size", "9"],
        ["solve", "nine", "--size", "9", "--batch"],
        ["probe", "eight", "--batch"],
        ["counts", "eight"],
        ["solve", "eight", "--batch"],
    ],
)
def test_several_jobs_answer_as_one_job_does(tables_dir: Path, args: list[str]) -> None:
    """Line for line the same output, the same message about bad lines and the same status, over many chunks."""
    rng = random.Random(len(args))
    if args[1] == "nine":
        states = random_nine(9, 2 * stream.JOB_LINES + 100, rng)
    else:
        states = ["".join(rng.sample("012345678", 9)) for _ in range(3 * stream.JOB_LINES)]
    for place in sorted(rng.sample(range(len(states)), 5)):
        states.insert(place, rng.choice(["x", "0101 1010", "", states[0][:-1]]))
    text = "\n".join(states) + "\n"
    one, two = run(args, text, tables_dir), run([*args, "--jobs", "2"], text, tables_dir)
    assert (two.returncode, two.stdout, two.stderr) == (one.returncode, one.stdout, one.stderr)
    assert one.stdout.count("\n") == len(states)
    if "--batch" in args:  # an error object in place of each bad line
        assert one.returncode == 0 and one.stdout.count('"error":') == 5
    else:
        assert one.returncode == 2 and f"5 of {len(states):,} lines could not be read" in one.stderr


def test_jobs_answer_batches_only_and_are_counted_from_one(tables_dir: Path) -> None:
    refused = CliRunner().invoke(main, ["solve", "eight", "123069478", "--jobs", "2", "--tables", str(tables_dir)])
    assert refused.exit_code == 2 and "--jobs 2 answers the lines of --batch in parallel" in refused.stderr
    none = CliRunner().invoke(main, ["distances", "eight", "--jobs", "0", "--tables", str(tables_dir)])
    assert none.exit_code == 2 and "--jobs" in none.stderr and "Traceback" not in none.stderr


def children(pid: int) -> list[int]:
    """The processes `pid` started (Linux's /proc)."""
    found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(child) for child in found]


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    return state == "Z"  # ended, waiting for a parent that is gone too


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads the processes from Linux's /proc")
@pytest.mark.parametrize(("ending", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, -signal.SIGTERM)])
def test_the_workers_end_with_the_command(tables_dir: Path, ending: signal.Signals, status: int) -> None:
    """Interrupted or killed while answering, the command leaves no worker behind (each stopped by its PID)."""
    boards = "\n".join(random_nine(9, 500, random.Random(9))) + "\n"
    command = [NINEBASE, "solve", "nine", "--size", "9", "--batch", "--jobs", "2", "--tables", str(tables_dir)]
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    workers: list[int] = []
    try:
        process.stdin.write(boards.encode() * 4)  # about a second of work: the workers are busy when it ends
        process.stdin.flush()
        deadline = time.monotonic() + 30
        while len(workers) < 2 and time.monotonic() < deadline:
            workers = children(process.pid)
            time.sleep(0.05)
        assert len(workers) == 2
        process.send_signal(ending)
        assert process.wait(timeout=30) == status
        deadline = time.monotonic() + 10
        while not all(map(gone, workers)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert all(map(gone, workers)), [worker for worker in workers if not gone(worker)]
        assert b"Traceback" not in process.stderr.read()
    finally:
        for pid in [process.pid, *workers]:
            if not gone(pid):
                os.kill(pid, signal.SIGKILL)
        process.wait()
        process.stdin.close()
        process.stderr.close()


def test_stopping_the_workers_leaves_no_thread_of_the_pool_to_race_the_exit() -> None:
    """`stop()` returns only when the pool's own thread has ended: left running, it raced the
    interpreter's exit and wrote to a pipe it had closed (`OSError: [Errno 9]`, a traceback after
    the answers, 1 run in 15 of `counts eight --jobs 2`)."""
    before = set(threading.enumerate())
    submit, stop = processes.answering(lambda chunk: bytes(chunk.data), 2)
    assert submit(Lines(b"a\nb\n", 1, 0, "test"))() == b"a\nb\n"
    stop()
    assert [thread for thread in threading.enumerate() if thread not in before and thread.is_alive()] == []
