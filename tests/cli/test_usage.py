"""Usage errors as ninebase shows them (lookup/cli/usage.py), through the
installed command: one line, click's guesses at what was meant read on into it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

NINEBASE = str(Path(sys.executable).parent / "ninebase")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["solve", "eight", "--tabels", "t"],
            "no such option '--tabels' (perhaps '--tables'); see 'ninebase solve --help'",
        ),
        (["solv"], "no such command 'solv' (perhaps 'solve'); see 'ninebase --help'"),
    ],
)
def test_a_guess_at_what_was_meant_reads_on_into_the_one_line(args: list[str], said: str) -> None:
    done = subprocess.run([NINEBASE, *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr == f"ninebase: error: {said}\n"
