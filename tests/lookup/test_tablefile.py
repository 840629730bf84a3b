"""Damaged, foreign, outdated, half-built and read-only tables: never an answer
from a bad table, never a traceback."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import h5py
import numpy as np
import pytest
from click.testing import CliRunner
from damaged_tables import assert_refused, copy_tables, flip_byte, rewrite

from ninebase import puzzles
from ninebase.lookup.cli import main
from ninebase.lookup.tablefile import TableFile

NINEBASE = str(Path(sys.executable).parent / "ninebase")


def cli(tables: Path, *args: str, stdin: str | None = None):
    return CliRunner().invoke(main, [*args, "--tables", str(tables)], input=stdin)


@pytest.mark.slow
def test_verify_passes_on_fresh_tables(tables_dir: Path) -> None:
    result = cli(tables_dir, "verify")
    assert result.exit_code == 0, result.output
    assert [line.split(":")[0] for line in result.output.splitlines()] == list(tuple(puzzles.BUILT_IN))
    assert all(": ok, " in line for line in result.output.splitlines())


@pytest.mark.parametrize(
    ("dataset", "position", "value", "message"),
    [
        ("parent", 1000, None, "lack a parent move"),
        ("distance", 1000, None, "further away"),
        ("distance", 0, 1, "distance 0 are not exactly the goals"),
    ],
)
def test_verify_catches_contents_that_break_the_invariants(
    tables_dir: Path, tmp_path: Path, dataset: str, position: int, value: int | None, message: str
) -> None:
    copy_tables(tables_dir, tmp_path, "sansu")
    with TableFile(tmp_path / "sansu.h5", "sansu") as table:
        distances = table.read("search", "distance")
    index = int(np.flatnonzero(distances == 3)[0]) if position else int(np.flatnonzero(distances == 0)[0])

    def change(name: str, values: np.ndarray) -> np.ndarray:
        if name == dataset:
            values[index] = value if value is not None else (values[index] + 1) % (12 if name == "parent" else 6)
        return values

    rewrite(tmp_path / "sansu.h5", "sansu", change)
    result = cli(tmp_path, "verify", "sansu")
    assert result.exit_code == 4 and "sansu: FAILED" in result.output and message in result.output, result.output


@pytest.mark.slow
def test_verify_catches_a_wrong_cube_pattern_table(tables_dir: Path, tmp_path: Path) -> None:
    copy_tables(tables_dir, tmp_path, "cube")

    def change(name: str, values: np.ndarray) -> np.ndarray:
        if name == "pattern_distance":
            values[12345] += 1
        return values

    rewrite(tmp_path / "cube.h5", "cube", change)
    result = cli(tmp_path, "verify", "cube")
    assert result.exit_code == 4 and "dataset pattern_distance does not match" in result.output


def test_truncated_file_is_refused(tables_dir: Path, tmp_path: Path) -> None:
    path = copy_tables(tables_dir, tmp_path, "eight") / "eight.h5"
    with open(path, "r+b") as handle:
        handle.truncate(path.stat().st_size // 2)
    assert_refused(cli(tmp_path, "solve", "eight", "123069478"), path, "eight")
    assert cli(tmp_path, "verify", "eight").exit_code == 4


@pytest.mark.parametrize(
    ("puzzle", "group", "dataset", "query"),
    [
        ("sansu", "search", "distance", ("solve", "sansu", "175426839")),
        ("clocks", "search", "parent", ("judge", "clocks")),
        ("cube", "start_2_1", "pattern_distance", ("judge", "cube")),
    ],
)
def test_flipped_bytes_inside_a_dataset_are_refused(tables_dir, tmp_path, puzzle, group, dataset, query) -> None:
    path = copy_tables(tables_dir, tmp_path, puzzle) / f"{puzzle}.h5"
    flip_byte(path, group, dataset)
    stdin = {"clocks": "9 9 12\n6 6 6\n6 3 6\n", "cube": "2 1\nR B W\nR W W\nE W W\n0 0\n"}.get(puzzle)
    assert_refused(cli(tmp_path, *query, stdin=stdin), path, puzzle)


def test_a_file_of_another_puzzle_is_refused(tables_dir: Path, tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    shutil.copy(tables_dir / "clocks.h5", tmp_path / "sansu.h5")
    result = cli(tmp_path, "solve", "sansu", "175426839")
    assert_refused(result, tmp_path / "sansu.h5", "sansu")
    assert "table of 'clocks'" in result.output


def test_an_older_format_version_is_refused(tables_dir: Path, tmp_path: Path) -> None:
    path = copy_tables(tables_dir, tmp_path, "nine") / "nine.h5"
    with h5py.File(path, "r+") as h5:
        h5.attrs["format_version"] = 0
    result = cli(tmp_path, "solve", "nine", "100000000", "111111011")
    assert_refused(result, path, "nine")
    assert "format version 0" in result.output


@pytest.mark.slow
def test_two_builds_started_together_both_finish(tmp_path: Path) -> None:
    command = [NINEBASE, "build", "--only", "sansu", "--only", "nine", "--tables", str(tmp_path)]
    first, second = (subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2))
    for build in (first, second):
        build.communicate(timeout=120)
    assert first.returncode == 0 and second.returncode == 0
    result = cli(tmp_path, "verify", "sansu", "nine")
    assert result.exit_code == 0, result.output


@pytest.mark.slow
def test_a_killed_build_leaves_nothing_a_lookup_reads(tmp_path: Path) -> None:
    build = subprocess.Popen(
        [NINEBASE, "build", "--only", "eight", "--tables", str(tmp_path)], stderr=subprocess.DEVNULL
    )
    deadline = time.time() + 60
    while not list(tmp_path.glob(".eight-*.partial")) and time.time() < deadline and build.poll() is None:
        time.sleep(0.005)  # the table is being written: the BFS is done, the file is not
    build.send_signal(signal.SIGKILL)
    build.wait()
    assert not (tmp_path / "eight.h5").exists()
    refused = cli(tmp_path, "solve", "eight", "123069478", "--json")  # never read half-written
    assert refused.exit_code == 4 and f"ninebase build --only eight --tables {tmp_path}" in refused.output
    rebuilt = subprocess.run(
        [NINEBASE, "build", "--only", "eight", "--tables", str(tmp_path)], capture_output=True, timeout=120
    )
    lookup_result = cli(tmp_path, "solve", "eight", "123069478", "--json")
    assert rebuilt.returncode == 0 and lookup_result.exit_code == 0 and '"distance": 5' in lookup_result.output
    assert not list(tmp_path.glob("*.partial")) and cli(tmp_path, "verify", "eight").exit_code == 0


def read_only_mount(source: Path, target: Path) -> bool:
    """Mount `source` read-only at `target`: even root cannot write there."""
    target.mkdir()
    steps = [["mount", "--bind", str(source), str(target)], ["mount", "-o", "remount,ro,bind", str(target)]]
    for step in steps:
        if shutil.which(step[0]) is None or subprocess.run(step, capture_output=True).returncode != 0:
            subprocess.run(["umount", str(target)], capture_output=True)
            return False
    return True


def test_lookups_work_from_a_read_only_directory(tables_dir: Path, tmp_path: Path) -> None:
    source = copy_tables(tables_dir, tmp_path / "source", "sansu", "cube")
    directory = tmp_path / "ro"
    if not read_only_mount(source, directory):
        pytest.skip("this machine does not allow a read-only bind mount")
    try:
        with pytest.raises(OSError):
            (directory / "probe").touch()
        answer = subprocess.run(
            [NINEBASE, "judge", "cube", "--tables", str(directory)],
            input="2 1\nR B W\nR W W\nE W W\n0 0\n",
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert (answer.returncode, answer.stdout) == (0, "3\n"), answer.stderr
        assert cli(directory, "solve", "sansu", "175426839", "--json").exit_code == 0
        missing = cli(directory, "solve", "nine", "100000000", "111111011")
        assert missing.exit_code == 4 and "no nine table" in missing.output and missing.output.count("\n") == 1
        refused = cli(directory, "build", "--only", "nine")
        assert refused.exit_code == 4 and "cannot build tables" in refused.output
    finally:
        subprocess.run(["umount", str(directory)], check=True)
