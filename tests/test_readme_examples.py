"""Every `console` example in README.md and docs/ is what the program prints,
byte for byte: each `$ command` is run in bash as a user would after the
quick start (curl against a real `ninebase serve`), and its output, stdout
then stderr, must be the lines shown under it (output without a final
newline, as curl's, is shown as its own line)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from serving import free_port, running, started

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


# Every shell command of every document ---------------------------------------------
RUN_ELSEWHERE = {
    "python3 -m venv ": ".ci/run runs the quick start as written on a fresh machine",
    ".venv/bin/pip install ": ".ci/run installs the project and its extras as written",
    "source ": "the tests put the interpreter's own bin directory first on PATH instead",
    "verifyproblem ": "tests/contest/test_contest.py runs verifyproblem on every package, under PyPy and CPython",
    ".venv/bin/python benchmarks/": "tests/test_benchmarks.py starts every benchmark; its figures are its own",
}
"""Commands the documents show that this test does not run, each with the test that does."""
SERVERS = (["ninebase", "serve"], ["uvicorn"])
"""Commands that serve until stopped: run on a free loopback port until /health answers."""


def shell_blocks() -> list[tuple[str, list[str]]]:
    """(document, its commands) for every ```sh block: comments dropped, continued lines joined."""
    found = []
    for document in DOCUMENTS:
        for block in re.findall(r"^```sh\n(.*?)^```", document.read_text(encoding="utf-8"), flags=re.M | re.S):
            joined = block.replace("\\\n", " ")
            commands = [line.split("  #")[0].strip() for line in joined.splitlines()]
            found.append((document.name, [command for command in commands if command]))
    return found


def program_words(command: str) -> list[str]:
    """The command's words without the variables set before it, its program by name."""
    words = [word for word in shlex.split(command) if not re.match(r"^[A-Z_]+=", word)]
    return [Path(words[0]).name, *words[1:]]


def on_loopback(words: list[str], port: int) -> list[str]:
    """A serving command as the documents show it, made to listen on 127.0.0.1:`port`."""
    options = ("--host", "--port")
    kept = [
        word
        for word, before in zip(words, ["", *words[:-1]], strict=True)
        if options.count(word) + options.count(before) == 0
    ]
    return [str(Path(sys.executable).parent / kept[0]), *kept[1:], "--host", "127.0.0.1", "--port", str(port)]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("document", "commands"),
    shell_blocks(),
    ids=[f"{document}: {commands[0][:40]}" for document, commands in shell_blocks()],
)
def test_every_shell_command_in_the_documents_runs(
    document: str, commands: list[str], tables_dir: Path, tmp_path: Path
) -> None:
    """Each block runs in order in one directory (a block may use a file an
    earlier line wrote); every command ends with status 0, a server answers
    /health on loopback and stops cleanly on SIGTERM. The README's commands,
    which say they run from the checkout, run in a copy of it and leave it
    as it was: `git status` lists no file they wrote."""
    env = {
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}/usr/bin:/bin",
        "NINEBASE_TABLES": str(tables_dir),
        "HOME": str(tmp_path),
    }
    cwd = checkout_copy(tmp_path / "checkout") if document == "README.md" else tmp_path
    for command in commands:
        if command.startswith(tuple(RUN_ELSEWHERE)):
            continue
        words = program_words(command)
        if any(words[: len(server)] == server for server in SERVERS):
            argv = on_loopback(words, free_port())
            with started(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) as server:
                assert server.poll() is None
            assert server.returncode == 0, f"{document}: {command}"
            continue
        done = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"{document}: {command}: {done.stderr}"
    if cwd != tmp_path:
        left = git(cwd, "status", "--porcelain", "--untracked-files=all")
        assert left == "", f"{document}'s commands leave files in the checkout:\n{left}"


def git(repository: Path, *arguments: str) -> str:
    """What a git command run in `repository` prints (its status must be 0)."""
    command = ["git", "-c", "user.name=ninebase tests", "-c", "user.email=tests@ninebase.invalid", *arguments]
    return subprocess.run(command, cwd=repository, capture_output=True, text=True, check=True).stdout


def checkout_copy(destination: Path) -> Path:
    """The checkout's tracked files, as they are in its work tree now, committed
    into a repository of their own at `destination` (the checkout's own
    repository is never touched)."""
    if not (ROOT / ".git").exists():
        pytest.skip("not run from a git checkout: there is no checkout to keep tidy")
    for name in filter(None, git(ROOT, "ls-files", "-z").split("\0")):
        if (ROOT / name).is_file():  # a file deleted in the work tree is not copied
            (destination / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, destination / name)
    git(destination, "init", "-q")
    git(destination, "add", "-A")
    git(destination, "commit", "-q", "-m", "the checkout")
    return destination


def test_the_commands_run_elsewhere_are_in_the_documents() -> None:
    """Each exception above is still shown somewhere, so the list cannot outlive its reason."""
    shown = [command for _, commands in shell_blocks() for command in commands]
    for prefix in RUN_ELSEWHERE:
        assert any(command.startswith(prefix) for command in shown), prefix
