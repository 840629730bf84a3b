"""What a shell and a careless hand do to `ninebase`, each through the
installed command in a fresh process: numbers out of range, standard input
closed, standard output closed, full or given up early, Ctrl-C and SIGTERM
at any moment (a build among them). Each gets one line on stderr (none for a
reader that stopped early, or SIGTERM) and its documented exit status, never
a traceback; and the help lists the puzzles with an example state each."""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from every import PLUGIN, registered

from ninebase import lookup, puzzles
from ninebase.lookup.cli import main
from ninebase.lookup.contest.cases import Chooser
from ninebase.lookup.web import check_tables

NINEBASE = str(Path(sys.executable).parent / "ninebase")
HUGE = str(10**30)
EXIT_OUTPUT, EXIT_INTERRUPTED, EXIT_READER_GONE = 74, 130, 141
SERVE = ["serve", "--tables", "{dir}/nowhere"]
"""serve refuses a missing tables directory (status 4) once its options are read: it never starts."""
NUMERIC = {
    # option: (the command around it, {value: None if accepted, else what the one line says})
    ("sample", "--distance"): (["sample", "eight"], {"-2": "--distance is -2", "-1": None, HUGE: "no eight instance"}),
    ("sample", "--count"): (["sample", "eight", "--distance", "5"], {"-1": "--count", "0": "--count", HUGE: None}),
    ("sample", "--seed"): (["sample", "eight", "--distance", "5"], {"-1": "--seed", HUGE: "--seed"}),
    ("package", "--seed"): (["package", "nine", "{dir}/nine", "--cases", "20"], {"-1": "--seed", HUGE: "--seed"}),
    ("package", "--cases"): (["package", "nine", "{dir}/nine"], {"-1": "--cases", "0": "--cases", HUGE: "at most"}),
    ("serve", "--port"): (SERVE, {"-1": "--port", "0": "--port", "65536": "--port", HUGE: "--port"}),
    ("serve", "--workers"): (SERVE, {"-1": "--workers", "0": "--workers", "65": "--workers", HUGE: "--workers"}),
    ("serve", "--cache"): (SERVE, {"-1": "--cache", "0": None, HUGE: None}),
    ("serve", "--header-timeout"): (SERVE, {"0": "--header-timeout", "nan": "--header-timeout", HUGE: "--header"}),
    ("serve", "--max-connections"): (SERVE, {"-1": "--max-connections", "0": "--max-connections", HUGE: None}),
    ("serve", "--grace"): (SERVE, {"-1": "--grace", "0": "--grace", "3601": "--grace", HUGE: "--grace"}),
    ("solve", "--seed"): (["solve", "eight", "123069478", "--random"], {"-1": "--seed", HUGE: "--seed"}),
    ("solutions", "--limit"): (
        ["solutions", "eight", "123069478"],
        {"-1": "--limit", "0": "--limit", "1000001": "--limit", HUGE: "--limit"},
    ),
    ("solve", "--hours"): (
        ["solve", "clocks", "3", "3", "3", "3", "3", "3", "3", "3", "3"],
        {"-1": "hours", HUGE: "hours"},
    ),
}
JOBS_OUT = {"-1": "--jobs", "0": "--jobs", "65": "--jobs", HUGE: "--jobs"}
NUMERIC.update(
    {
        ("solve", "--jobs"): (["solve", "eight", "--batch"], JOBS_OUT),
        ("probe", "--jobs"): (["probe", "eight", "--batch"], JOBS_OUT),
        ("distances", "--jobs"): (["distances", "eight"], JOBS_OUT),
        ("counts", "--jobs"): (["counts", "eight"], JOBS_OUT),
    }
)
SIZED = [  # every command that names a puzzle takes nine's --size, a whole number from 2 to 64
    *(f"{command} nine 1000 1101" for command in ("solve", "probe", "solutions")),
    *(f"{command} nine" for command in ("judge", "distances", "counts", "stats", "verify")),
    *("check nine - -", "sample nine --hardest", "package nine {dir}/nine", "build --only nine"),
]
SIZES_OUT = {"1": "--size", "65": "--size", "-3": "--size", HUGE: "--size"}
NUMERIC.update({(command.split()[0], "--size"): (command.split(), SIZES_OUT) for command in SIZED})
PROGRESS = re.compile(r"^\S+( \S+)?: [\d,]+ of [\d,]+ states settled in [\d.]+ s$")


def ninebase(*args: str, redirect: str = "", stdin: bytes | None = None, timeout: float = 120):
    """The installed command, its descriptors as `redirect` (bash) leaves them."""
    return subprocess.run(["bash", "-c", f'exec "$@" {redirect}', "ninebase", NINEBASE, *args],
                          input=stdin, capture_output=True, timeout=timeout)  # fmt: skip


def one_line(stderr: bytes) -> str:
    text = stderr.decode()
    assert "Traceback" not in text and len(text.splitlines()) == 1, text
    return text.strip()


def every_command() -> dict[str, click.Command]:
    """Every subcommand, those loaded only when used included."""
    context = click.Context(main)
    return {name: main.get_command(context, name) for name in main.list_commands(context)}


def numeric_options() -> set[tuple[str, str]]:
    numbers = (click.types.IntParamType, click.types.FloatParamType)
    return {
        (name, option.opts[0])
        for name, command in every_command().items()
        for option in command.params
        if isinstance(option, click.Option) and isinstance(option.type, numbers)
    }


def test_every_numeric_option_is_tried_and_shows_its_range_in_its_help() -> None:
    assert numeric_options() <= set(NUMERIC)
    for name, opt in numeric_options():
        command = every_command()[name]
        option = next(option for option in command.params if option.opts[0] == opt)
        record = option.get_help_record(click.Context(command))[1]
        ranged = isinstance(option.type, click.types._NumberRangeBase)
        assert (ranged and option.type._describe_range() in record) or "0 or more" in record, (opt, record)


def test_every_option_of_every_command_says_what_it_does() -> None:
    for command in (main, *every_command().values()):
        for option in command.get_params(click.Context(command)):
            if isinstance(option, click.Option):
                assert option.help and len(option.help.split()) >= 3, (command.name, option.opts)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("option", "value"),
    [(option, value) for option, (_, values) in NUMERIC.items() for value in values],
    ids=[f"{command} {option} {value[:6]}" for (command, option), (_, values) in NUMERIC.items() for value in values],
)
def test_numbers_out_of_range_are_one_line_and_status_2(tables_dir: Path, tmp_path, option, value: str) -> None:
    base, values = NUMERIC[option]
    tables = [] if option[0] == "serve" else ["--tables", str(tables_dir)]
    done = ninebase(*[argument.format(dir=tmp_path) for argument in base], option[1], value, *tables)
    said = values[value]
    if said is None:
        assert done.returncode == (4 if option[0] == "serve" else 0), done.stderr
        assert not done.stderr or one_line(done.stderr)
    else:
        line = one_line(done.stderr)
        assert done.returncode == 2 and line.startswith("ninebase: error: ") and said in line, line


@pytest.mark.slow
def test_a_budget_of_cases_out_of_reach_is_refused_before_any_case_is_drawn(
    tables_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = ninebase("package", "eight", str(tmp_path / "eight"), "--cases", "1000000", "--tables", str(tables_dir))
    assert done.returncode == 2 and not (tmp_path / "eight").exists()
    assert "eight gives at most 10,916 distinct cases" in one_line(done.stderr)  # what it said after 37 s of work

    def package(directory: str, cases: int):
        return CliRunner().invoke(main, ["package", "nine", str(tmp_path / directory), "--cases", str(cases),
                                         "--tables", str(tables_dir)])  # fmt: skip

    most = int(re.search(r"at most ([\d,]+) distinct", package("over", 10**6).output)[1].replace(",", ""))
    assert package("most", most).exit_code == 0
    assert len(list((tmp_path / "most" / "data" / "secret").glob("*.in"))) == most
    monkeypatch.setattr(Chooser, "fill", lambda *args: pytest.fail("cases drawn for a budget out of reach"))
    assert package("beyond", most + 1).exit_code == 2 and not (tmp_path / "beyond").exists()


READERS = {
    "distances": ["distances", "eight"],
    "judge": ["judge", "eight"],
    "solve --batch": ["solve", "eight", "--batch"],
    "probe --batch": ["probe", "nine", "--batch"],
    "solve --batch under other rules": ["solve", "clocks", "--hours", "12", "--batch"],
}


@pytest.mark.slow
@pytest.mark.parametrize("args", READERS.values(), ids=READERS.keys())
def test_closed_standard_input_is_one_line(tables_dir: Path, args: list[str]) -> None:
    done = ninebase(*args, "--tables", str(tables_dir), redirect="<&-")
    assert done.returncode == 2 and one_line(done.stderr) == (
        "ninebase: error: standard input is closed; give the input on stdin (a pipe, or < FILE)"
    )


@pytest.mark.slow
def test_check_reading_a_closed_standard_input_is_one_line(tables_dir: Path, tmp_path: Path) -> None:
    (tmp_path / "answer").write_text("5\nDRRUL\n")
    done = ninebase("check", "eight", "-", str(tmp_path / "answer"), "--tables", str(tables_dir), redirect="<&-")
    assert done.returncode == 2 and "- reads standard input, which is closed" in one_line(done.stderr)


WRITERS = {
    "stats": (["stats", "eight"], None),
    "solve": (["solve", "cube", "2", "1", "RBWRWWEWW", "--steps"], None),
    "probe --json": (["probe", "eight", "123069478", "--json"], None),
    "sample": (["sample", "eight", "--distance", "20"], None),
    "verify": (["verify", "nine"], None),
    "distances": (["distances", "eight"], b"123069478\n" * 1000),
    "solve --batch": (["solve", "eight", "--batch"], b"123069478\n"),
    "judge": (["judge", "clocks"], b"9 9 12\n6 6 6\n6 3 6\n"),
    "check": (["check", "eight", "-", "/dev/null"], b"1 2 3\n0 6 9\n4 7 8\n"),
}


@pytest.mark.slow
@pytest.mark.parametrize(("redirect", "problem"), [(">&-", "it is closed"), ("> /dev/full", "No space left on device")])
@pytest.mark.parametrize(("args", "stdin"), WRITERS.values(), ids=WRITERS.keys())
def test_standard_output_closed_or_full_is_one_line_and_74(tables_dir, args, stdin, redirect, problem) -> None:
    done = ninebase(*args, "--tables", str(tables_dir), redirect=redirect, stdin=stdin)
    assert done.returncode == EXIT_OUTPUT
    assert one_line(done.stderr) == f"ninebase: error: cannot write to standard output: {problem}"


@pytest.mark.slow
def test_help_into_a_full_disk_is_one_line_and_74() -> None:
    done = ninebase("--help", redirect="> /dev/full")
    assert done.returncode == EXIT_OUTPUT and "No space left on device" in one_line(done.stderr)


def many_boards(count: int) -> bytes:
    return b"".join(b"%09d\n" % board for board in (123069478, 123456780, 876543210) for _ in range(count // 3))


EARLY_STOPS = {
    "solve --batch": (["solve", "eight", "--batch"], many_boards(100_000)),
    "probe --batch": (["probe", "eight", "--batch"], many_boards(100_000)),
    "distances": (["distances", "eight"], many_boards(2_000_000)),
    "judge": (["judge", "cube"], b"1 2\nW W W\nE W W\nW W W\n" * 30_000 + b"0 0\n"),
    "sample": (["sample", "eight", "--distance", "20", "--count", "100000"], b""),
}


@pytest.mark.slow
@pytest.mark.parametrize(("args", "stdin"), EARLY_STOPS.values(), ids=EARLY_STOPS.keys())
def test_a_reader_that_stops_early_gets_a_quiet_141(tables_dir: Path, tmp_path: Path, args, stdin: bytes) -> None:
    (tmp_path / "input").write_bytes(stdin)
    with (tmp_path / "input").open("rb") as source:
        process = subprocess.Popen([NINEBASE, *args, "--tables", str(tables_dir)],
                                   stdin=source, stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
        assert process.stdout.readline()  # `| head -1`
        process.stdout.close()
        assert process.wait(timeout=60) == EXIT_READER_GONE
    assert process.stderr.read() == b""
    process.stderr.close()


def answering(tables_dir: Path, args: list[str], line: bytes) -> subprocess.Popen:
    """A command reading stdin that has answered one line (so it is past start-up) and waits for more."""
    process = subprocess.Popen([NINEBASE, *args, "--tables", str(tables_dir)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    process.stdin.write(line)
    process.stdin.flush()
    assert select.select([process.stdout], [], [], 30)[0] and process.stdout.readline()
    return process


def ended(process: subprocess.Popen) -> tuple[int, str]:
    status = process.wait(timeout=1.0)
    for stream in (process.stdin, process.stdout):
        if stream:
            stream.close()
    stderr = process.stderr.read().decode()
    process.stderr.close()
    return status, stderr


WAITING = {"distances": (["distances", "eight"], b"123069478\n"), "probe": (["probe", "nine", "--batch"], b"x\n")}


@pytest.mark.slow
@pytest.mark.parametrize(("args", "line"), WAITING.values(), ids=WAITING.keys())
def test_ctrl_c_and_sigterm_while_a_command_waits_for_input(tables_dir: Path, args: list[str], line: bytes) -> None:
    interrupted = answering(tables_dir, args, line)
    interrupted.send_signal(signal.SIGINT)
    assert ended(interrupted) == (EXIT_INTERRUPTED, "ninebase: interrupted\n")
    terminated = answering(tables_dir, args, line)
    terminated.send_signal(signal.SIGTERM)
    assert ended(terminated) == (-signal.SIGTERM, "")


@pytest.mark.slow
def test_ctrl_c_while_a_package_is_written(tables_dir: Path, tmp_path: Path) -> None:
    target = tmp_path / "eight"
    command = [NINEBASE, "package", "eight", str(target), "--cases", "10000", "--tables", str(tables_dir)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not target.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    process.send_signal(signal.SIGINT)
    assert ended(process) == (EXIT_INTERRUPTED, "ninebase: interrupted\n")


@pytest.mark.slow
def test_ctrl_c_while_python_still_loads_numpy_and_h5py(tables_dir: Path) -> None:
    loaded = "import sys, ninebase; print(sorted({'numpy', 'h5py'} & set(sys.modules)))"
    light = subprocess.run([sys.executable, "-c", loaded], capture_output=True, text=True, check=True)
    assert light.stdout == "[]\n"  # so the command takes charge of Ctrl-C before they load
    process = subprocess.Popen([NINEBASE, "stats", "nine", "--tables", str(tables_dir)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    maps = Path(f"/proc/{process.pid}/maps")
    while "numpy" not in maps.read_text():  # numpy's first library is loaded: h5py and the rest are to come
        assert process.poll() is None
    process.send_signal(signal.SIGINT)
    assert ended(process) == (EXIT_INTERRUPTED, "ninebase: interrupted\n")


def after_progress(stderr: str) -> list[str]:
    """The lines after the build's progress lines (one per stage settled)."""
    lines = stderr.splitlines()
    settled = next((number for number, line in enumerate(lines) if not PROGRESS.match(line)), len(lines))
    return lines[settled:]


def started_build(directory: Path) -> subprocess.Popen:
    """A build, once it holds the directory's lock (past start-up)."""
    process = subprocess.Popen([NINEBASE, "build", "--tables", str(directory)], stderr=subprocess.PIPE, text=True)
    while not (directory / ".ninebase-build.lock").exists():
        assert process.poll() is None, process.stderr.read()
        time.sleep(0.002)
    return process


def tables_left_are_whole(directory: Path, verified: Path) -> None:
    """Every table file left is byte for byte the one a whole build wrote
    (which passed verify; the build is deterministic), and a missing one is
    reported missing by a query; nothing else but hidden files is left."""
    with lookup.open_tables(directory) as tables:
        for name in puzzles.tabled_names():
            if (directory / f"{name}.h5").exists():
                assert (directory / f"{name}.h5").read_bytes() == (verified / f"{name}.h5").read_bytes(), name
                assert tables.stats(name)["states"] > 0
            else:
                with pytest.raises(lookup.MissingTableError, match=f"no {name} table"):
                    tables.table(name)
    assert all(path.name.startswith(".") for path in directory.iterdir() if path.suffix != ".h5")


BUILD_MOMENTS = 7
"""Moments spread over a whole build of every table (each try a build to
that moment, 8 s for the whole on two quiet cores): seven, not twelve, since
the moments around the end are the next test's, on nine's small build. Each
moment is a test of its own, so the test processes share them."""


@pytest.fixture(scope="module")
def whole_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, float, list[str]]:
    """A whole build not interrupted: its directory, how long it took, and its summary."""
    directory = tmp_path_factory.mktemp("whole")
    whole = started_build(directory)
    began = time.monotonic()
    assert whole.wait(timeout=120) == 0
    seconds = time.monotonic() - began
    summary = after_progress(whole.stderr.read())  # the table of what was built, a line per puzzle and a key
    whole.stderr.close()
    verified = ninebase("verify", "--tables", str(directory))
    assert verified.returncode == 0 and verified.stdout.count(b": ok,") == len(puzzles.tabled_names())
    return directory, seconds, summary


@pytest.mark.slow
@pytest.mark.parametrize("number", range(1, BUILD_MOMENTS + 1))
def test_ctrl_c_stops_a_build_within_a_second_at_any_point(
    whole_build: tuple[Path, float, list[str]], tmp_path: Path, number: int
) -> None:
    whole, seconds, summary = whole_build
    for tries in range(1, 25):
        directory = tmp_path / f"try-{tries}"
        process = started_build(directory)
        time.sleep(seconds * number / (BUILD_MOMENTS + 1))
        if process.poll() is not None:  # done before the signal (the machine is less busy now): again, sooner
            process.stderr.close()
            seconds *= 0.8
            continue
        process.send_signal(signal.SIGINT)
        signalled = time.monotonic()
        status = process.wait(timeout=5)
        took = time.monotonic() - signalled
        after = after_progress(process.stderr.read())
        process.stderr.close()
        if after and after[0] == summary[0]:  # the build had finished and said so: the signal came as it exited
            assert all((directory / f"{name}.h5").exists() for name in puzzles.tabled_names())
            said = after[len(summary) :]  # nothing if too late to interrupt anything, else the one line
            assert (status, said, took < 1.0) in ((0, [], True), (EXIT_INTERRUPTED, ["ninebase: interrupted"], True))
        else:
            assert (status, after, took < 1.0) == (EXIT_INTERRUPTED, ["ninebase: interrupted"], True), (number, took)
        tables_left_are_whole(directory, whole)
        return
    raise AssertionError("the builds kept ending before the signal")


CTRL_C_TRIES = int(os.environ.get("NINEBASE_CTRL_C_TRIES", "24"))
"""How many builds the next test interrupts, half of them with the CPU kept
busy beside them: 24, each of its twelve moments once quiet and once loaded,
take about 30 s on two shared cores (48 took 66 s); NINEBASE_CTRL_C_TRIES=200
gives each half a hundred (264 s)."""
PHASES: dict[str, Callable[[subprocess.Popen, Path, bytes], bool]] = {
    # what a build has reached, seen from outside: (the process, its directory, its stderr so far)
    "loading": lambda process, directory, said: "numpy" in Path(f"/proc/{process.pid}/maps").read_text(),
    "building": lambda process, directory, said: (directory / ".ninebase-build.lock").exists(),
    "writing": lambda process, directory, said: b"settled" in said,
    "exiting": lambda process, directory, said: b"tables written to" in said,
}


def ctrl_c_moments(quiet: dict[str, float]) -> list[tuple[str, float]]:
    """The moments to send Ctrl-C at: a phase and how long after it was seen,
    spread by `quiet`, when each phase was seen in a quiet build. Start-up
    counts from the moment numpy is mapped: ninebase's handler is set before
    numpy loads, and before that the interpreter itself starts (site, the
    console script), where Ctrl-C is Python's own (docs/cli.md says so)."""
    loading, building = quiet["building"] - quiet["loading"], quiet["exiting"] - quiet["building"]
    return [
        *(("loading", loading * share) for share in (0, 0.4, 0.8)),
        *(("building", building * share) for share in (0, 0.3, 0.6, 0.9)),
        ("writing", 0),
        *(("exiting", seconds) for seconds in (0, 0.001, 0.003, 0.01)),
    ]


def build_nine(directory: Path, moment: tuple[str, float] | None = None) -> tuple[int, str, dict[str, float]]:
    """`ninebase build --only nine`, sent SIGINT at `moment` (a phase and
    how long after it; None: not at all); its status, its stderr, and when
    each phase watched for was seen."""
    directory.mkdir()  # so that what is left in it can be listed, however early the build ends
    process = subprocess.Popen([NINEBASE, "build", "--only", "nine", "--tables", str(directory)],
                               stderr=subprocess.PIPE)  # fmt: skip
    began, said, seen = time.monotonic(), b"", {}
    watched = list(PHASES) if moment is None else [moment[0]]
    while process.poll() is None and len(seen) < len(watched):
        assert time.monotonic() - began < 60
        if select.select([process.stderr], [], [], 0.001)[0]:
            said += os.read(process.stderr.fileno(), 1 << 16)
        for phase in watched:
            if phase not in seen and process.poll() is None and PHASES[phase](process, directory, said):
                seen[phase] = time.monotonic() - began
    if moment is not None:
        time.sleep(moment[1])
        process.send_signal(signal.SIGINT)  # nothing, if it has ended
    said += process.stderr.read()
    process.stderr.close()
    return process.wait(timeout=10), said.decode(), seen


@contextmanager
def busy_cpus(seconds: float) -> Iterator[None]:
    """A busy loop per core beside the test, each ending by itself after
    `seconds` at most, and killed when the block ends."""
    loop = f"import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end: pass"
    loops = [subprocess.Popen([sys.executable, "-c", loop]) for _ in range(os.cpu_count() or 1)]
    try:
        yield
    finally:
        for busy in loops:
            busy.kill()
            busy.wait()


def shape(stderr: str, directory: Path) -> list[str]:
    """A build's stderr lines with the timings and the directory blanked, to compare two builds'."""
    return [re.sub(r"\d+\.\d\d", "#", line).replace(str(directory.resolve()), "DIR") for line in stderr.splitlines()]


@pytest.mark.slow
def test_ctrl_c_at_any_moment_of_a_build_is_one_line_and_130_or_too_late(tmp_path: Path) -> None:
    """Ctrl-C at a dozen moments of `build --only nine`, from start-up to the
    process's exit after the summary, CTRL_C_TRIES times: one line and 130,
    after the progress so far or after the whole output; or, when it came too
    late to interrupt anything, the whole output once and 0. Never a
    traceback, a second summary, or death by the signal without a word."""
    status, stderr, quiet = build_nine(tmp_path / "whole")
    assert status == 0 and list(quiet) == list(PHASES), stderr
    whole = shape(stderr, tmp_path / "whole")
    table = (tmp_path / "whole" / "nine.h5").read_bytes()
    progress = [line for line in whole if PROGRESS.match(line.replace("#", "0.00"))]
    assert progress and whole[: len(progress)] == progress
    moments, outcomes = ctrl_c_moments(quiet), Counter()
    for loaded in (False, True):
        with busy_cpus(10 * CTRL_C_TRIES) if loaded else nullcontext():  # killed when the tries end
            for number in range(CTRL_C_TRIES // 2):
                moment = moments[number % len(moments)]
                directory = tmp_path / f"{'loaded' if loaded else 'quiet'}-{number}"
                status, stderr, _ = build_nine(directory, moment)
                lines = shape(stderr, directory)
                if status == 0:
                    assert lines == whole, (moment, stderr)
                else:
                    assert (status, lines[-1:]) == (EXIT_INTERRUPTED, ["ninebase: interrupted"]), (moment, stderr)
                    assert lines[:-1] in (whole, progress[: len(lines) - 1]), (moment, stderr)
                left = [path.name for path in directory.iterdir() if not path.name.startswith(".")]
                assert left == ["nine.h5"] if lines[: len(whole)] == whole else left in ([], ["nine.h5"]), left
                assert not left or (directory / "nine.h5").read_bytes() == table
                outcomes[status, lines[: len(whole)] == whole] += 1
    assert outcomes[EXIT_INTERRUPTED, False] >= CTRL_C_TRIES // 2, outcomes  # most moments interrupt the build


@pytest.mark.slow
def test_sigterm_during_a_build_leaves_only_whole_tables(tmp_path: Path) -> None:
    process = started_build(tmp_path)
    time.sleep(1.5)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=5) == -signal.SIGTERM
    assert after_progress(process.stderr.read()) == []
    process.stderr.close()
    for table in tmp_path.glob("*.h5"):
        assert ninebase("verify", table.stem, "--tables", str(tmp_path)).returncode == 0, table
    with lookup.open_tables(tmp_path) as tables, pytest.raises(lookup.MissingTableError, match="no cube table"):
        tables.table("cube")


def test_help_lists_the_puzzles_known_when_it_runs_with_an_example_each() -> None:
    with registered(PLUGIN):
        for args in ([], ["solve"], ["probe"]):
            text = CliRunner().invoke(main, [*args, "--help"]).output
            for name in puzzles.names():
                assert re.search(rf"\n  {name} +{re.escape(puzzles.get(name).example())}\n", text), (args, name)
    assert "lights" not in CliRunner().invoke(main, ["--help"]).output


@pytest.mark.slow
@pytest.mark.parametrize("args", [["solve"], ["solve", "nosuch", "1"], ["probe"], ["probe", "--json"]])
def test_a_missing_or_unknown_puzzle_shows_the_usage_and_the_puzzles(args: list[str]) -> None:
    done = ninebase(*args)
    text = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in text and done.stdout == b""
    assert text.startswith(f"Usage: ninebase {args[0]} [OPTIONS] PUZZLE [STATE]...\n")
    assert ("unknown puzzle 'nosuch'" if "nosuch" in args else "Missing argument 'PUZZLE'") in text
    width = max(len(name) for name in puzzles.names())
    examples = [f"  {name:<{width}}  {puzzles.get(name).example()}" for name in puzzles.names()]
    assert text.rstrip("\n").endswith("\n".join(["The puzzles, each with an example state:", *examples]))


@pytest.mark.slow
def test_serve_names_every_missing_table_and_one_build_for_all(tables_dir: Path, tmp_path: Path) -> None:
    for name in ("clocks", "eight", "cube"):
        (tmp_path / f"{name}.h5").write_bytes((tables_dir / f"{name}.h5").read_bytes())
    done = ninebase("serve", "--tables", str(tmp_path), "--port", "8999")
    assert done.returncode == 4 and one_line(done.stderr) == (
        f"ninebase: error: no table for sansu and nine in {tmp_path}; "
        f"build them all with: ninebase build --tables {tmp_path}"
    )
    advice = one_line(done.stderr).split("with: ", 1)[1].split()
    assert ninebase(*advice[1:]).returncode == 0
    with lookup.open_tables(tmp_path) as tables:
        check_tables(tables)
