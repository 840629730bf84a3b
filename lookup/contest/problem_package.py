"""The package writer: lays a puzzle's kit and its chosen test data out as
the files of a Kattis problem package (and, if asked, a DOMjudge zip)."""

from __future__ import annotations

import re
import uuid
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from ninebase.puzzles import InputError, Puzzle

from ..tables import Tables
from .cases import Case, answer_unique, choose_cases
from .drawn import drawn_cases
from .kit import Kit

SHORT_NAME = re.compile(r"[a-z0-9]+")
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
"""Every zip entry's date, so that the archive depends on the contents alone."""
PACKAGE_NAMESPACE = uuid.UUID("5b6f3c1e-9d0a-4f6e-8a43-0e3c2f1d7a90")


@dataclass
class Package:
    """A package's files (path relative to the package, contents, executable)
    before they are written, and what the secret data covers."""

    files: dict[str, tuple[str, bool]] = field(default_factory=dict)
    cases: list[Case] = field(default_factory=list)
    samples: int = 0
    unique: int | None = None
    """How many secret cases have a unique answer (every instance's original
    output is the only one accepted); None where the puzzle counts no answers."""

    def add(self, path: str, text: str, executable: bool = False) -> None:
        self.files[path] = (text, executable)


def yaml_text(value: str) -> str:
    """A YAML scalar: double-quoted, with JSON's escapes (which YAML shares)."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def uniqueness_note(package: Package) -> str:
    """What problem.yaml says of the secret answers' uniqueness, as a comment for the setter."""
    if package.unique is None:
        return "# no secret answer is known to be the only one accepted: the output validator judges every answer\n"
    if package.unique == len(package.cases):
        return f"# all {len(package.cases)} secret cases have a unique answer: comparing outputs judges them\n"
    return (
        f"# {package.unique} of the {len(package.cases)} secret cases have a unique answer; the others have more "
        "than one optimal answer, so they need the output validator\n"
    )


def problem_yaml(kit: Kit, scoring: bool) -> str:
    config = {**kit.config, **(kit.scoring if scoring else {})}
    lines = [
        f"name: {yaml_text(config['name'])}",
        f"source: {yaml_text(config['source'])}",
        "license: unknown",
        f"uuid: {uuid.uuid5(PACKAGE_NAMESPACE, f'{kit.puzzle.name} scoring={scoring}')}",
        f"validation: {config['validation']}",
    ]
    if scoring:
        lines += [f"type: {config['type']}", f"validator_flags: {config['validator_flags']}"]
    lines += ["limits:", f"  memory: {int(config['memory'])}"]
    return "\n".join(lines) + "\n"


def answers(tables: Tables, puzzle: Puzzle, instances: list[str] | tuple[str, ...]) -> str:
    """The original output for the instances, as the judge's answer file."""
    return "".join(puzzle.formats.output(tables.solve(puzzle, instance)) for instance in instances)


def build(tables: Tables, kit: Kit, seed: int, cases: int, scoring: bool, unique: bool = False) -> Package:
    """The package's files, in memory (with `unique`, only secret cases whose answers are unique)."""
    puzzle, package = kit.puzzle, Package()
    package.add("problem.yaml", problem_yaml(kit, scoring))
    package.add(".timelimit", f"{kit.config['time_limit']}\n")
    package.add("problem_statement/problem.en.tex", kit.statement(scoring))
    taken = []
    samples = kit.samples()
    for number, text in enumerate(samples, 1):
        instances = [puzzle.compact(board) for board in puzzle.formats.read(text)]
        taken += instances
        package.add(f"data/sample/{number}.in", text)
        package.add(f"data/sample/{number}.ans", answers(tables, puzzle, instances))
    package.samples = len(samples)
    if puzzle.counting is None:  # without a table, nothing to sample, and no answer is the only one
        package.cases = drawn_cases(tables, kit, seed, cases, taken)
    else:
        package.cases = choose_cases(tables, kit, seed, cases, taken, unique)
        package.unique = sum(all(answer_unique(tables, puzzle, i) for i in case.instances) for case in package.cases)
    yaml_text_, executable = package.files["problem.yaml"]
    package.add("problem.yaml", uniqueness_note(package) + yaml_text_, executable)
    for number, case in enumerate(package.cases, 1):
        stem = f"data/secret/{case.file_name(number)}"
        package.add(f"{stem}.in", kit.input_text(list(case.instances)))
        package.add(f"{stem}.ans", answers(tables, puzzle, case.instances))
    if scoring:  # every test file, the samples too, earns up to the kit's points
        top = int(kit.scoring["points"]) * (len(samples) + len(package.cases))
        package.add("data/testdata.yaml", f"range: 0 {top}\n")
    package.add("input_validators/validate.py", kit.input_validator(), executable=True)
    judge = kit.output_validator()
    if judge is not None:
        package.add("output_validators/judge.py", judge, executable=True)
    for verdict, programs in kit.submissions().items():
        for name, text in programs.items():
            package.add(f"submissions/{verdict}/{name}", text)
    return package


def zip_path(directory: Path) -> Path:
    return directory.parent / f"{directory.name}.zip"


def check_target(puzzle: Puzzle, directory: Path, zip_: bool, scoring: bool, unique: bool = False) -> Kit:
    """The puzzle's kit, once a puzzle without one (or without a scored
    variant, or without unique answers, when asked for one) and a place the
    package cannot go are refused, before any work."""
    kit = Kit.of(puzzle)
    if scoring and "scoring" not in kit.config:
        raise InputError(f"{puzzle.name} has no scored variant; leave out --scoring")
    if unique and puzzle.counting is None:
        raise InputError(
            f"{puzzle.name} under these rules is answered without a table, so no answer is known to be the only "
            "one; leave out --unique (the output validator judges every answer)"
        )
    if not SHORT_NAME.fullmatch(directory.name):
        raise InputError(
            f"the package directory's name {directory.name!r} is the problem's short name: "
            f"use lowercase letters and digits only (as Kattis requires), e.g. {puzzle.name}"
        )
    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise InputError(f"{directory} is not an empty directory; name a new one for the package")
    if zip_ and zip_path(directory).exists():
        raise InputError(f"{zip_path(directory)} exists already; remove it or name another directory")
    return kit


def write_package(
    tables: Tables,
    puzzle: Puzzle,
    directory: Path,
    seed: int,
    cases: int,
    zip_: bool = False,
    scoring: bool = False,
    unique: bool = False,
) -> Package:
    """Write the package into `directory` (new or empty), and with `zip_`
    also `directory.zip`, its files at the archive's root as DOMjudge
    expects; with `unique`, only secret cases whose answers are unique.
    InputError for a directory in use or a puzzle without a kit."""
    kit = check_target(puzzle, directory, zip_, scoring)
    package = build(tables, kit, seed, cases, scoring, unique)
    try:
        for path, (text, executable) in package.files.items():
            target = directory / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            target.chmod(0o755 if executable else 0o644)
        if zip_:
            with zipfile.ZipFile(zip_path(directory), "w", zipfile.ZIP_DEFLATED) as archive:
                for path, (text, executable) in sorted(package.files.items()):
                    entry = zipfile.ZipInfo(path, ZIP_TIME)
                    entry.external_attr = (0o100755 if executable else 0o100644) << 16
                    entry.compress_type = zipfile.ZIP_DEFLATED
                    archive.writestr(entry, text.encode("utf-8"))
    except OSError as error:
        raise InputError(f"cannot write the package to {directory}: {error.strerror or error}") from None
    return package
