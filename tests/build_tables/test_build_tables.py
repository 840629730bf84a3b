"""Building: two builds started together both finish, and a build killed while
it writes leaves nothing a lookup reads."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from ninebase.lookup.cli import main

NINEBASE = str(Path(sys.executable).parent / "ninebase")


def cli(tables: Path, *args: str, stdin: str | None = None):
    return CliRunner().invoke(main, [*args, "--tables", str(tables)], input=stdin)


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
