"""lookup/cli/building.py: what `verify` shows while it checks, through the
installed command: a bar per search group on a terminal, moving within the
group's checks, and nothing on standard error when it is not a terminal."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

NINEBASE = str(Path(sys.executable).parent / "ninebase")
BAR = re.compile(r"\r\x1b\[\?25l(\S+(?: \S+)?) +\[[#-]+\] +(\d+)%")
"""One drawing of a click progress bar: its label and percentage."""


def on_a_terminal(*args: str) -> tuple[int, str, str]:
    """The installed command with standard error on a pseudo-terminal: its
    status, its standard output, and what the terminal was sent."""
    primary, secondary = os.openpty()
    process = subprocess.Popen([NINEBASE, *args], stdout=subprocess.PIPE, stderr=secondary)
    os.close(secondary)
    shown, deadline = b"", time.monotonic() + 120
    while time.monotonic() < deadline and select.select([primary], [], [], deadline - time.monotonic())[0]:
        try:
            chunk = os.read(primary, 1 << 16)
        except OSError:  # EIO: the command has ended, closing the terminal's last writer
            break
        if not chunk:
            break
        shown += chunk
    os.close(primary)
    output = process.stdout.read().decode()
    process.stdout.close()
    return process.wait(timeout=10), output, shown.decode()


@pytest.mark.slow
def test_verify_draws_a_bar_per_search_group_on_a_terminal_and_nothing_elsewhere(tables_dir: Path) -> None:
    args = ("verify", "nine", "sansu", "--tables", str(tables_dir))
    piped = subprocess.run([NINEBASE, *args], capture_output=True, timeout=120)
    assert (piped.returncode, piped.stderr) == (0, b"")
    assert [line.split(":")[0] for line in piped.stdout.decode().splitlines()] == ["nine", "sansu"]
    status, output, shown = on_a_terminal(*args)
    assert (status, output) == (0, piped.stdout.decode())
    drawn: dict[str, list[int]] = {}
    for label, percent in BAR.findall(shown):
        drawn.setdefault(label, []).append(int(percent))
    assert list(drawn) == ["nine", "sansu", "sansu tile_distance"], shown  # sansu's two searches
    assert all(percents == sorted(percents) and percents[-1] == 100 for percents in drawn.values()), drawn
    assert any(percent % 25 for percent in drawn["sansu"]), drawn  # within a stage: its levels as they go
