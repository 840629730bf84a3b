"""Every `console` example in README.md and docs/ is what the program prints,
byte for byte: each `$ command` is run in bash as a user would after the
quick start (curl against a real `ninebase serve`), and its output, stdout
then stderr, must be the lines shown under it (output without a final
newline, as curl's, is shown as its own line)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from serving import free_port, running

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTED_ADDRESS = "http://127.0.0.1:8000"
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def examples() -> list[tuple[str, str, str]]:
    """(document, command, expected output) for every `$ ` line of every console block."""
    found = []
    for document in DOCUMENTS:
        for block in re.findall(r"^```console\n(.*?)^```", document.read_text(encoding="utf-8"), flags=re.M | re.S):
            for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
                command, _, output = chunk.partition("\n")
                found.append((document.name, command, output))
    return found


EXAMPLES = examples()


def test_the_documents_have_console_examples() -> None:
    assert len(EXAMPLES) >= 6  # the probe, distances and curl examples at least


def run(command: str, tables_dir: Path, cwd: Path) -> str:
    env = {
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}/usr/bin:/bin",
        "NINEBASE_TABLES": str(tables_dir),
        "HOME": str(cwd),
        "NO_COLOR": "1",
    }
    done = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    shown = done.stdout + done.stderr
    return shown if shown.endswith("\n") or not shown else shown + "\n"  # a console puts the next prompt on a new line


@pytest.fixture(scope="module")
def server(tables_dir: Path):
    port = free_port()
    command = [str(Path(sys.executable).parent / "ninebase"), "serve", "--tables", str(tables_dir), "--port", str(port)]
    with running(command) as base:
        yield base


@pytest.mark.slow
@pytest.mark.parametrize(
    ("document", "command", "expected"), EXAMPLES, ids=[f"{doc}: {cmd[:40]}" for doc, cmd, _ in EXAMPLES]
)
def test_a_console_example_prints_what_it_shows(
    document: str, command: str, expected: str, tables_dir: Path, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if DOCUMENTED_ADDRESS in command:
        command = command.replace(DOCUMENTED_ADDRESS, request.getfixturevalue("server"))
    else:
        assert command.split("|")[-1].split()[0] == "ninebase", f"{document}: an example that is not ninebase's"
    assert run(command, tables_dir, tmp_path) == expected
