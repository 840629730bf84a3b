"""`ninebase serve` as it starts (lookup/cli/serving.py), through the
installed command on a free loopback port: what it serves, and the optional
tables it was started without once, as information, byte for byte as
docs/service.md shows; a missing required table still stops it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from serving import free_port, started

from ninebase import puzzles

NINEBASE = str(Path(sys.executable).parent / "ninebase")
SERVICE_DOC = Path(__file__).resolve().parent.parent.parent / "docs" / "service.md"
DOCUMENTED_ADDRESS = "http://127.0.0.1:8000/"


def quick_start_tables(tables_dir: Path, where: Path, *left_out: str) -> None:
    """The tables the quick start builds (every puzzle's, no size table), but `left_out`, linked into `where`."""
    where.mkdir()
    for name in puzzles.names():
        if name not in left_out:
            (where / f"{name}.h5").symlink_to(tables_dir / f"{name}.h5")


def documented_start() -> list[str]:
    """The start-up lines docs/service.md shows."""
    text = SERVICE_DOC.read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"^```text\n(.*?)^```", text, flags=re.M | re.S) if "ninebase: serving" in b)
    return block.splitlines()


def test_a_plain_start_says_what_it_serves_and_the_optional_tables_once(tables_dir: Path, tmp_path: Path) -> None:
    quick_start_tables(tables_dir, tmp_path / "tables")
    port = free_port()
    log = tmp_path / "serve.log"
    with (
        log.open("w") as said,
        started([NINEBASE, "serve", "--tables", "tables", "--port", str(port)], cwd=tmp_path, stderr=said),
    ):
        pass
    lines = log.read_text().replace(f"http://127.0.0.1:{port}/", DOCUMENTED_ADDRESS).splitlines()
    assert lines[:2] == documented_start(), lines
    assert not any("warn" in line.lower() or line.startswith("ninebase: no ") for line in lines)
    assert sum("nine-4" in line or "size=4" in line for line in lines) == 1  # said once


def test_a_missing_required_table_still_stops_the_start(tables_dir: Path, tmp_path: Path) -> None:
    quick_start_tables(tables_dir, tmp_path / "tables", "eight")
    done = subprocess.run(
        [NINEBASE, "serve", "--tables", "tables", "--port", str(free_port())],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 4
    assert (
        done.stderr == "ninebase: error: no table for eight in tables; build it with: ninebase build --tables tables\n"
    )
