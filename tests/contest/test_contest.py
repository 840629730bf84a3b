"""`ninebase package`: problem packages for contest systems. The packages are
deterministic per seed and cover what the issue asks; every input passes its
validator and broken inputs fail it; the judges (each puzzle's output
validator, or problemtools' default comparison) agree with `ninebase check`
on hundreds of answers made with the independent rules; the validator speaks
the Kattis and testlib conventions; and problemtools' own `verifyproblem`
passes on all five packages (slow)."""

from __future__ import annotations

import importlib.util
import io
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import contest_answers
import pytest
import rules
from click.testing import CliRunner
from nine_rules import random_solvable, written

from ninebase import lookup, puzzles
from ninebase.lookup.check import OPTIMAL
from ninebase.lookup.check import check_answer as check
from ninebase.lookup.cli.packaging import package as package_command
from ninebase.lookup.contest import write_package
from ninebase.lookup.contest.kit import Kit
from ninebase.lookup.contest.problem_package import answers as answers_of
from ninebase.lookup.sample import sample

PUZZLES = ("sansu", "clocks", "eight", "nine", "cube")
PACKAGED = {**{name: puzzles.get(name) for name in PUZZLES}, "nine9": puzzles.get("nine").variant({"size": 9})}
"""Every package by its directory's name: each puzzle's, and the story's 9x9 nine (`--size 9`), which has no table."""
ROOT = Path(__file__).resolve().parents[2]


def fewest_cases(tables: lookup.Tables, name: str, seed: int = 0) -> int:
    """The smallest --cases budget the required coverage fits in (from the refusal of one case)."""
    with pytest.raises(lookup.InputError, match="too few") as refused:
        write_package(tables, PACKAGED[name], Path("/nonexistent") / name, seed=seed, cases=1)
    return int(re.search(r"takes (\d+) case", str(refused.value)).group(1))


@pytest.fixture(scope="module")
def packages(tables: lookup.Tables, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("packages")
    for name, puzzle in PACKAGED.items():
        write_package(tables, puzzle, root / name, seed=0, cases=fewest_cases(tables, name))
    return {name: root / name for name in PACKAGED}


def instances_of(package: Path, group: str = "*", name: str | None = None) -> list[list[str]]:
    """Each input file's instances in compact form (the puzzle's `name` is the package's, unless given)."""
    puzzle = puzzles.get(name) if name else PACKAGED[package.name]
    return [
        [puzzle.compact(board) for board in puzzle.formats.read(path.read_text())]
        for path in sorted(package.glob(f"data/{group}/*.in"))
    ]


def without_data_notes(data: bytes) -> bytes:
    """A file without its leading comment lines (problem.yaml's note on the secret answers)."""
    lines = data.splitlines(keepends=True)
    while lines and lines[0].startswith(b"# "):
        lines.pop(0)
    return b"".join(lines)


def unique_answer(tables: lookup.Tables, name: str, instance: str) -> bool:
    """Whether an instance's original output is the only one a judge can accept, worked out from all its
    optimal solutions: a sequence format needs exactly one; sansu names its final tile; clocks its sorted
    moves; the cube only the count."""
    count, solutions = tables.solutions(name, instance, 2_000)
    if name in ("clocks", "cube") or count == 0:
        return True
    if name == "sansu":
        return len({rules.replay_sansu(tuple(int(d) for d in instance), s.moves) for s in solutions}) == 1
    return count == 1


def files_of(directory: Path) -> dict[str, bytes]:
    return {str(path.relative_to(directory)): path.read_bytes() for path in directory.rglob("*") if path.is_file()}


# The packages ---------------------------------------------------------------
@pytest.mark.slow
def test_same_seed_same_bytes_and_another_seed_other_data(tables: lookup.Tables, tmp_path: Path) -> None:
    for name in PACKAGED:
        budget = max(fewest_cases(tables, name, seed) for seed in (5, 6)) + 3
        for run in ("a", "b", "c"):
            seed = 6 if run == "c" else 5
            write_package(tables, PACKAGED[name], tmp_path / run / name, seed=seed, cases=budget, zip_=True)
        first, second, other = (files_of(tmp_path / run / name) for run in "abc")
        zips = [(tmp_path / run / f"{name}.zip").read_bytes() for run in "ab"]
        assert first == second and zips[0] == zips[1]
        secret = {path: data for path, data in first.items() if path.startswith("data/secret/")}
        described = {path: without_data_notes(data) for path, data in other.items()}
        # only the secret data and problem.yaml's note on it (how many answers are unique) change with the seed
        assert secret and all(described.get(path) == without_data_notes(data) for path, data in first.items()
                              if path not in secret)  # fmt: skip
        assert secret != {path: data for path, data in other.items() if path.startswith("data/secret/")}
        with zipfile.ZipFile(tmp_path / "a" / f"{name}.zip") as archive:
            assert {info.filename: archive.read(info) for info in archive.infolist()} == first


@pytest.mark.slow
@pytest.mark.parametrize("name", ["eight", "sansu", "nine"])
def test_unique_packages_hold_only_cases_with_unique_answers_and_say_so(
    tables: lookup.Tables, tmp_path: Path, name: str
) -> None:
    counted = []
    for unique in (False, True):
        directory = tmp_path / f"{name}{'u' * unique}"
        package = write_package(tables, puzzles.get(name), directory, seed=2, cases=60, unique=unique)
        cases = instances_of(directory, "secret", name)
        verdicts = [all(unique_answer(tables, name, instance) for instance in case) for case in cases]
        assert package.unique == sum(verdicts) and (all(verdicts) or not unique)
        note = (directory / "problem.yaml").read_text().splitlines()[0]
        said = f"all {len(verdicts)}" if all(verdicts) else f"{sum(verdicts)} of the {len(verdicts)}"
        assert note.startswith(f"# {said} secret cases have a unique answer"), note
        counted.append(sum(verdicts))
    assert counted[0] < counted[1] == 60  # without --unique some answers are not unique


def test_the_secret_data_covers_every_distance_the_hardest_and_each_class(tables: lookup.Tables, packages) -> None:
    for name in PUZZLES:
        package = packages[name]
        stats = tables.stats(name)
        files = instances_of(package, "secret")
        distances = tables.distances(name, [instance for file in files for instance in file]).tolist()
        assert set(range(stats["max_distance"] + 1)) <= set(distances), name
        assert distances.count(stats["max_distance"]) >= min(3, stats["histogram"][-1]), name
        has_unsolvable = stats["solvable"] < stats["states"] and name != "nine"  # nine's data is solvable, as promised
        assert (-1 in distances) == has_unsolvable, name
    eight = [instance for file in instances_of(packages["eight"], "secret") for instance in file]
    assert {board.index("0") for board in eight} == set(range(9))  # every empty cell
    assert {(set("123456789") - set(board)).pop() for board in eight} == set("123456789")  # every missing digit
    cube = instances_of(packages["cube"], "secret")
    assert {instance[:3] for file in cube for instance in file} == {f"{x} {y}" for x in "123" for y in "123"}
    assert max(map(len, cube)) == 15 and min(map(len, cube)) == 1


def test_answer_files_are_the_original_output(tables: lookup.Tables, packages) -> None:
    for name, package in packages.items():
        puzzle = PACKAGED[name]
        for path in sorted(package.glob("data/*/*.in")):
            instances = puzzle.formats.read(path.read_text())
            assert path.with_suffix(".ans").read_text() == puzzle.formats.judge(tables.table(puzzle), instances)


# Input validators -----------------------------------------------------------
def run_script(path: Path, stdin: bytes) -> int:
    """Run a standalone script in this process (fast), as `python script < stdin` would."""
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    try:
        exec(compile(path.read_text(), str(path), "exec"), {"__name__": "__main__"})
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else 1
    finally:
        sys.stdin = saved
    return 0


BROKEN_FORMAT = [
    lambda text: text.replace("\n", " \n", 1),
    lambda text: text + "\n",
    lambda text: text[:-1],
    lambda text: text.replace("\n", "\r\n"),
    lambda text: "\n" + text,
    lambda text: re.sub(r"^(\S+)", r"0\1", text),
    lambda text: text + text.splitlines(keepends=True)[0],
    lambda text: text.replace(" ", "  ", 1) if " " in text else text.replace("\n", "0\n", 1),
    lambda text: text.replace(" ", "\t", 1) if " " in text else text[1:],
    lambda text: "",
]
BROKEN_CONTENT = {
    "sansu": [lambda t: t.replace("1", "2", 1), lambda t: t.replace("9", "0")],
    "clocks": [lambda t: re.sub(r"^\d+", "4", t), lambda t: re.sub(r"^\d+", "15", t)],
    "eight": [lambda t: t.replace("0", "8" if "8" not in t else "9"), lambda t: re.sub(r"[1-9]", "0", t, count=1)],
    "nine": [lambda t: ("1" if t[0] == "0" else "0") + t[1:], lambda t: "2" + t[1:]],
    "nine9": [lambda t: ("1" if t[0] == "0" else "0") + t[1:], lambda t: "2" + t[1:], lambda t: t[:-11] + "\n"],
    "cube": [lambda t: t.replace("W", "E", 1), lambda t: t.replace("E", "W", 1), lambda t: "4" + t[1:]],
}


def test_every_input_passes_its_validator_and_broken_inputs_fail(packages) -> None:
    for name, package in packages.items():
        validator = package / "input_validators" / "validate.py"
        texts = [path.read_text() for path in sorted(package.glob("data/*/*.in"))]
        for text in texts:
            assert run_script(validator, text.encode()) == 42, (name, text)
        for text in texts[:12]:
            for broken in [breaker(text) for breaker in BROKEN_FORMAT + BROKEN_CONTENT[name]]:
                assert broken == text or run_script(validator, broken.encode()) != 42, (name, broken)
    cube = (packages["cube"] / "input_validators" / "validate.py", "1 1\nW W W\nW E W\nW W W\n")
    assert run_script(cube[0], (cube[1] * 15 + "0 0\n").encode()) == 42
    assert run_script(cube[0], (cube[1] * 16 + "0 0\n").encode()) != 42
    assert run_script(cube[0], cube[1].encode()) != 42  # no closing 0 0
    process = subprocess.run([sys.executable, "-S", str(cube[0])], input=b"1 1\n0 0\n", capture_output=True)
    assert process.returncode != 42 and b"datasets" in process.stderr  # a real process, no site packages


# Output validators against `ninebase check` ---------------------------------
ANSWERS = {
    "sansu": lambda tables, instances, rng: contest_answers.sansu_answers(tables, instances[0], rng),
    "clocks": lambda tables, instances, rng: contest_answers.clocks_answers(tables, instances[0], rng),
    "eight": lambda tables, instances, rng: contest_answers.eight_answers(tables, instances[0], rng),
    "nine": lambda tables, instances, rng: contest_answers.nine_answers(tables, instances[0], rng),
    "nine9": lambda tables, instances, rng: contest_answers.nine_by_nine_answers(tables, instances[0], rng),
    "cube": contest_answers.cube_answers,
}


def kit_rules(name: str) -> ModuleType | None:
    """The judge's rules in a puzzle's kit, imported as a module; None where the default comparison judges."""
    path = Path(str(Kit.of(PACKAGED[name]).files / "output_validator.py"))
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location(f"{name}_rules", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def default_comparison(work: Path, instance: str, answer: str, output: str) -> bool:
    """problemtools' default output validator: the judge where a package has none of its own."""
    binary = Path(importlib.util.find_spec("problemtools").origin).parent / "support" / "default_validator"
    (work / "in").write_text(instance)
    (work / "ans").write_text(answer)
    done = subprocess.run([binary, work / "in", work / "ans", work], input=output.encode(), capture_output=True)
    assert done.returncode in (42, 43)
    return done.returncode == 42


@pytest.mark.slow
@pytest.mark.parametrize("name", PACKAGED)
def test_judges_agree_with_check(tables: lookup.Tables, packages, tmp_path: Path, name: str) -> None:
    puzzle, rng, rules = PACKAGED[name], random.Random(name), kit_rules(name)
    table = tables.table(puzzle)
    if rules is None and importlib.util.find_spec("problemtools") is None:
        pytest.skip("problemtools (the test extra, Python 3.11+) gives the default output validator")
    kit = Kit.of(puzzle)
    files = instances_of(packages[name])
    if kit.most_instances == 1 and table is not None:  # more instances: two at every distance
        largest = tables.stats(name)["max_distance"]
        files += [[i] for d in range(largest + 1) for i in sample(puzzle, table, d, 2, 11)[0]]
    elif table is None:  # the 9x9 nine has no table to sample: more boards, drawn by the simulator
        rng_boards = random.Random(name)
        files += [[written(*random_solvable(9, rng_boards))] for _ in range(12)]
    trials = []  # (instances, input, answer file, kind, team answer, check's verdict)
    for instances in files:
        text, answer_file = kit.input_text(instances), answers_of(tables, puzzle, instances)
        for kind, answer in ANSWERS[name](tables, instances, rng):
            verdict = check(puzzle, table, puzzle.formats.read(text), answer)
            trials.append((instances, text, answer_file, kind, answer, verdict))

    def judged(trial: tuple, number: int) -> bool:
        _, text, answer_file, _, answer, _ = trial
        if rules is None:
            work = tmp_path / str(number)
            work.mkdir()
            return default_comparison(work, text, answer_file, answer)
        return rules.judge(text, answer_file, answer, False)[0] == "AC"

    with ThreadPoolExecutor(max_workers=4) as pool:
        verdicts = list(pool.map(judged, trials, range(len(trials))))
    agreed = 0
    for (instances, _, _, kind, answer, verdict), accepted in zip(trials, verdicts, strict=True):
        if kind == "divergent":  # check reads the answer more leniently than the original format allows
            assert verdict.kind == OPTIMAL and not accepted, (instances, answer)
            continue
        right = verdict.kind == OPTIMAL or "within the original judge's limit" in verdict.detail
        assert accepted == right, (instances, kind, answer, verdict)
        agreed += 1
    print(f"{name}: the judge agrees with ninebase check on {agreed} answers")
    assert agreed >= 300


# The validator program: Kattis and testlib ----------------------------------
def validate(validator: Path, *arguments: object, stdin: bytes = b"") -> subprocess.CompletedProcess[str]:
    """The packaged validator as a judge machine runs it: a bare Python, no site packages."""
    command = [sys.executable, "-S", str(validator), *map(str, arguments)]
    return subprocess.run(command, input=stdin, capture_output=True)


def test_the_output_validator_speaks_kattis_and_testlib(tables: lookup.Tables, tmp_path: Path) -> None:
    write_package(tables, puzzles.get("sansu"), tmp_path / "sansu", seed=0, cases=12, scoring=True)
    validator, sample = tmp_path / "sansu" / "output_validators" / "judge.py", tmp_path / "sansu" / "data" / "sample"
    instance, answer = sample / "1.in", sample / "1.ans"  # 175426839: five swaps
    longer = answer.read_text().replace("5", "7", 1).encode()  # the same sansu, two swaps more
    feedback = tmp_path / "feedback"
    feedback.mkdir()
    right = validate(validator, instance, answer, f"{feedback}/", stdin=answer.read_bytes())
    assert right.returncode == 42 and "a sansu 5 swaps away" in (feedback / "judgemessage.txt").read_text()
    assert validate(validator, instance, answer, feedback, stdin=longer).returncode == 43
    assert "7 swaps, but 5 suffice" in (feedback / "judgemessage.txt").read_text()
    assert validate(validator, instance, answer, feedback, "score", stdin=longer).returncode == 42
    assert (feedback / "score.txt").read_text() == "6\n"  # 10 - 2 per extra swap
    assert validate(validator, instance, answer, feedback, stdin=bytes(range(256))).returncode == 43
    assert "not UTF-8" in (feedback / "judgemessage.txt").read_text()
    team = tmp_path / "team.out"
    for output, status, word in [
        (answer.read_bytes(), 0, "ok"),
        (longer, 1, "wrong answer"),
        (b"five\n", 2, "wrong output format"),
    ]:
        team.write_bytes(output)
        testlib = validate(validator, instance, team, answer)
        assert (testlib.returncode, testlib.stderr.decode().split(" ", 1)[0]) == (status, word.split()[0])
    result = tmp_path / "result.xml"
    assert validate(validator, instance, team, answer, result, "-appes").returncode == 2
    assert result.read_text().startswith("<?xml") and 'outcome="presentation-error"' in result.read_text()
    broken = tmp_path / "broken.ans"
    broken.write_text("five\n")
    assert validate(validator, instance, team, broken).returncode == 3  # a broken jury answer: judge failure
    assert validate(validator).returncode == 3 and b"usage" in validate(validator).stderr


# The command ----------------------------------------------------------------
def invoke(tables_dir: Path, *arguments: object):
    return CliRunner().invoke(package_command, [*map(str, arguments), "--tables", str(tables_dir)])


def test_the_command_writes_a_package_and_a_zip(tables_dir: Path, tmp_path: Path) -> None:
    done = invoke(tables_dir, "nine", tmp_path / "nine", "--cases", "20", "--zip", "--seed", "3")
    assert done.exit_code == 0, done.output
    assert done.output.startswith(f"{tmp_path / 'nine'}: 1 sample file and 20 secret cases (distance 11,")
    with zipfile.ZipFile(tmp_path / "nine.zip") as archive:
        names = archive.namelist()
    assert (
        "problem.yaml" in names and "output_validators/judge.py" in names and "data/secret/001-distance-0.in" in names
    )
    assert "validation: custom\n" in (tmp_path / "nine" / "problem.yaml").read_text()
    assert "validation: default\n" in files_of_puzzle(tables_dir, tmp_path, "clocks")["problem.yaml"].decode()


def files_of_puzzle(tables_dir: Path, tmp_path: Path, name: str) -> dict[str, bytes]:
    assert invoke(tables_dir, name, tmp_path / name, "--cases", "40").exit_code == 0
    return files_of(tmp_path / name)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["eight", "{tmp}/taken"], "is not an empty directory"),
        (["eight", "{tmp}/Eight-A"], "lowercase letters and digits only"),
        (["eight", "{tmp}/eight", "--scoring"], "eight has no scored variant"),
        (["eight", "{tmp}/eight", "--cases", "3"], "--cases 3 is too few"),
        (["nine", "{tmp}/nine", "--cases", "5000"], "--cases 5000 is too many"),
        (["lights", "{tmp}/lights"], "lights has no contest kit"),
        (["nosuch", "{tmp}/nosuch"], "unknown puzzle 'nosuch'"),
    ],
)
def test_bad_requests_are_one_line_and_exit_2(tables_dir: Path, tmp_path: Path, arguments, message) -> None:
    from lights_out import PUZZLE as LIGHTS

    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "file").write_text("mine")
    puzzles.register(LIGHTS)
    try:
        done = invoke(tables_dir, *[argument.format(tmp=tmp_path) for argument in arguments])
    finally:
        puzzles.unregister(LIGHTS.name)
    assert done.exit_code == 2 and message in done.output and "Traceback" not in done.output
    assert done.output.count("\n") == 1 or "Usage:" in done.output
    assert (tmp_path / "taken" / "file").read_text() == "mine" and not (tmp_path / "eight").exists()


def test_the_documented_package_commands_run_as_written(tables_dir: Path, tmp_path: Path, monkeypatch) -> None:
    readme = (ROOT / "docs" / "contest.md").read_text()
    block = readme.split("```sh", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    for line in block.strip().splitlines():
        program, command, *arguments = shlex.split(line.split("  #")[0])
        assert (program, command) == ("ninebase", "package")
        done = invoke(tables_dir, *arguments)
        assert done.exit_code == 0, (line, done.output)
    assert (tmp_path / "eight.zip").exists() and "type: scoring" in (tmp_path / "sansu" / "problem.yaml").read_text()


# problemtools ---------------------------------------------------------------
RUNTIMES = ["cpython", "pypy"]
"""How problemtools runs the Python programs: the bare CPython of this
interpreter, or its default, PyPy (`pypy3`, as Kattis does)."""


def problemtools_environment(tmp_path: Path, runtime: str) -> dict[str, str]:
    """problemtools' settings for `runtime`, none of the user's own. For
    CPython, the bare interpreter (no site packages: the programs must need
    only the standard library); for PyPy, problemtools' default languages.
    This Python's directory first on PATH for its own scripts."""
    config = tmp_path / "config" / "problemtools"
    config.mkdir(parents=True, exist_ok=True)
    if runtime == "cpython":
        python = getattr(sys, "_base_executable", sys.executable)
        (config / "languages.yaml").write_text(
            f"python3:\n  name: 'Python 3 (CPython, standard library only)'\n"
            f"  compile: '{python} -S -m py_compile {{files}}'\n  run: '{python} -S \"{{mainfile}}\"'\n"
        )
    elif shutil.which("pypy3") is None:
        pytest.skip("no pypy3, problemtools' default Python (Debian: apt-get install pypy3)")
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    return {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"), "PATH": path}


def verifyproblem(tmp_path: Path, package_dir: Path, *parts: str, runtime: str = "cpython") -> str:
    program = shutil.which("verifyproblem", path=str(Path(sys.executable).parent)) or shutil.which("verifyproblem")
    if program is None:
        pytest.skip("problemtools is not installed (the test extra installs it on Python 3.11+)")
    command = [program, str(package_dir), "-j", "2", "-p", *parts]
    environment = problemtools_environment(tmp_path, runtime)
    done = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=600)
    report = done.stdout + done.stderr
    assert done.returncode == 0 and " 0 errors" in report, report
    return report


@pytest.mark.slow
@pytest.mark.parametrize("runtime", RUNTIMES)
@pytest.mark.parametrize("name", [*PACKAGED, "sansu --scoring"])
def test_verifyproblem_passes(tables: lookup.Tables, packages, tmp_path: Path, name: str, runtime: str) -> None:
    parts = ["config", "data", "validators", "submissions"]
    if name.endswith("--scoring"):  # the validator program is sansu's, whose checks need no second run
        package_dir = tmp_path / "scored"
        write_package(
            tables, puzzles.get("sansu"), package_dir, seed=0, cases=fewest_cases(tables, "sansu"), scoring=True
        )
        parts.remove("validators")
    else:
        package_dir = packages[name]
    report = verifyproblem(tmp_path, package_dir, *parts, runtime=runtime)
    assert ("PyPy" in report) == (runtime == "pypy"), report
    assert re.findall(r"WARNING (.*)", report) == ["License is 'unknown'"], report
    slowest = float(re.search(r"Slowest AC runtime: ([0-9.]+)", report).group(1))
    assert 2 * slowest <= float((package_dir / ".timelimit").read_text()), report  # the stated limit, with room
    print(f"{name} ({runtime}): slowest accepted run {slowest:.2f} s")


@pytest.mark.slow
def test_the_statements_compile(packages, tmp_path: Path) -> None:
    if shutil.which("lualatex") is None:
        pytest.skip(
            "no LaTeX: install texlive-luatex texlive-latex-extra texlive-fonts-recommended texlive-plain-generic"
        )
    for package_dir in packages.values():
        verifyproblem(tmp_path, package_dir, "statement")
