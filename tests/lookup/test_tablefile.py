"""Damaged, foreign, outdated and read-only table files: a bad file is refused
in one line naming it and its rebuild, never an answer from it, never a
traceback; a read-only directory is read as any other."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import h5py
import pytest
import xxhash
from click.testing import CliRunner
from damaged_tables import assert_refused, copy_tables, flip_byte

from ninebase import build_tables
from ninebase.lookup import Tables
from ninebase.lookup.cli import main

NINEBASE = str(Path(sys.executable).parent / "ninebase")


def cli(tables: Path, *args: str, stdin: str | None = None):
    return CliRunner().invoke(main, [*args, "--tables", str(tables)], input=stdin)


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


def test_changed_attributes_are_refused(tables_dir: Path, tmp_path: Path) -> None:
    """A histogram edited in the attributes' JSON text without its checksum fails
    the check at open; with that checksum recomputed too, a dataset's stated
    checksum that no longer matches its bytes fails when it is read."""
    path = copy_tables(tables_dir, tmp_path, "nine") / "nine.h5"
    with h5py.File(path, "r+") as h5:
        described = json.loads(h5.attrs["attributes"])
        described["file"]["histogram"][1] += 1
        h5.attrs["attributes"] = json.dumps(described)
    result = cli(tmp_path, "solve", "nine", "100000000", "111111011")
    assert_refused(result, path, "nine")
    assert "fails the checksum of its attributes" in result.output
    with h5py.File(path, "r+") as h5:
        described["file"]["histogram"][1] -= 1
        described["datasets"]["search/distance"]["xxh3_128"] = xxhash.xxh3_128_hexdigest(b"other bytes")
        text = json.dumps(described)
        h5.attrs["attributes"], h5.attrs["attributes_xxh3_128"] = text, xxhash.xxh3_128_hexdigest(text.encode())
    result = cli(tmp_path, "solve", "nine", "100000000", "111111011")
    assert_refused(result, path, "nine")
    assert "fails the checksum of dataset search/distance" in result.output


def test_a_table_numbered_otherwise_is_refused_and_rebuilt(tables_dir: Path, tmp_path: Path) -> None:
    """A table whose stated encoding is not this version's (an eight-4.h5 of
    the 6-6-3 tables, say, indexed by cell << 4i) would answer wrongly if
    read: it is refused in one line naming the rebuild, and `build` counts it
    as missing, not as built."""
    path = copy_tables(tables_dir, tmp_path, "sansu") / "sansu.h5"
    with h5py.File(path, "r+") as h5:
        described = json.loads(h5.attrs["attributes"])
        described["file"]["encoding"] = "another numbering"
        text = json.dumps(described)
        h5.attrs["attributes"], h5.attrs["attributes_xxh3_128"] = text, xxhash.xxh3_128_hexdigest(text.encode())
    result = cli(tmp_path, "solve", "sansu", "175426839")
    assert_refused(result, path, "sansu")
    assert "built by another version of ninebase" in result.output
    assert not build_tables.is_built("sansu", tmp_path)
    assert cli(tmp_path, "build", "--only", "sansu").exit_code == 0
    assert cli(tmp_path, "solve", "sansu", "175426839").exit_code == 0


def test_a_table_copied_over_in_place_while_open_changes_no_answer(tables_dir: Path, tmp_path: Path) -> None:
    """What was read and checked stays as it was when the file under it is
    emptied and rewritten in place (as `cp` does): the answers are the
    original table's, and the process is not brought down."""
    path = copy_tables(tables_dir, tmp_path, "eight") / "eight.h5"
    states = ["123069478", "867254301", "806547231"]
    with Tables(tables_dir) as untouched:
        expected = [untouched.solve("eight", state).to_dict() for state in states]
    with Tables(tmp_path) as tables:
        assert tables.solve("eight", states[0]).to_dict() == expected[0]  # loads what eight's answers read
        with open(path, "r+b") as handle:
            handle.truncate(0)
            handle.write(b"\0" * 4096)
        assert [tables.solve("eight", state).to_dict() for state in states] == expected
        assert tables.changed(["eight"]) == {"eight": path}


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
