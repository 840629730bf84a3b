"""A puzzle's contest kit: the files in `contest/` beside the puzzle's module
that hold everything puzzle-specific about its problem package (statement,
samples, how an instance is written in the original input, validators,
reference and wrong solutions, and `kit.json` for the rest), so the package
writer itself never asks which puzzle it holds."""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any

from ninebase.puzzles import InputError, Puzzle

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

KIT_DIRECTORY = "contest"
KIT_FILE = "kit.json"
FUTURE_IMPORT = "from __future__ import annotations\n"
REQUIRED = ("name", "source", "validation", "time_limit", "memory")


def kit_files(puzzle: Puzzle) -> Traversable:
    """The directory beside the module that defines the puzzle that its
    original formats name (`formats.kit`, by default `contest/`): beside the
    module itself where it is a package, else beside the package it is in;
    InputError when it holds no kit (a plug-in puzzle without one, or rules
    that have none)."""
    kit = getattr(puzzle.formats, "kit", KIT_DIRECTORY)
    module = type(puzzle).__module__
    package = module if hasattr(sys.modules[module], "__path__") else module.rpartition(".")[0]
    try:
        files = resources.files(package) / kit if kit and package else None
    except TypeError:  # a plain module, not a package: before Python 3.12 nothing can sit beside it
        files = None
    if files is None or not files.joinpath(KIT_FILE).is_file():
        rules = " under these rules" if kit is None else ""
        raise InputError(
            f"{puzzle.name}{rules} has no contest kit: a problem package needs {kit or KIT_DIRECTORY}/{KIT_FILE} "
            "and its files beside the puzzle's module"
        )
    return files


def harness_source() -> str:
    """The Kattis and testlib conventions, appended to every output validator."""
    return resources.files(__package__).joinpath("harness.py").read_text(encoding="utf-8")


def standalone(*sources: str) -> str:
    """One Python 3 program from several sources: a shebang and the future
    import first (they may come nowhere else), then the sources in order."""
    body = "\n\n".join(source.replace(FUTURE_IMPORT, "", 1).strip() + "\n" for source in sources)
    return f"#!/usr/bin/env python3\n{FUTURE_IMPORT}\n{body}"


@dataclass(frozen=True)
class Kit:
    """One puzzle's kit, read and checked."""

    puzzle: Puzzle
    files: Traversable
    config: dict[str, Any]

    @classmethod
    def of(cls, puzzle: Puzzle) -> Kit:
        files = kit_files(puzzle)
        try:
            config = json.loads(files.joinpath(KIT_FILE).read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            raise InputError(f"{puzzle.name}'s {KIT_FILE} is not JSON: {error}") from None
        missing = [key for key in REQUIRED if key not in config] + ["instance"] * (
            "instance" not in config and "instance_rows" not in config
        )
        if missing:
            raise InputError(f"{puzzle.name}'s {KIT_FILE} lacks {', '.join(missing)}")
        return cls(puzzle, files, config)

    def text(self, *path: str) -> str:
        return self.files.joinpath(*path).read_text(encoding="utf-8")

    @property
    def most_instances(self) -> int:
        """How many instances one input file may hold (1: the format has one)."""
        return int(self.config.get("most_instances", 1))

    @property
    def cover(self) -> dict[str, re.Pattern[str]]:
        """Classes of instances that the secret data must each touch, as
        patterns over the compact form (every empty cell, every start square)."""
        return {label: re.compile(pattern) for label, pattern in self.config.get("cover", {}).items()}

    def input_text(self, instances: list[str]) -> str:
        """The original input holding `instances` (compact forms), checked by
        reading it back with the puzzle's own reader."""
        text = "".join(self.original(instance) for instance in instances)
        text += self.config.get("input_end", "")
        read = [self.puzzle.compact(board) for board in self.puzzle.formats.read(text)]
        if read != instances:
            raise InputError(f"{self.puzzle.name}'s {KIT_FILE} writes {instances} as input that reads back as {read}")
        return text

    def original(self, instance: str) -> str:
        """One instance in the original input: the kit's `instance` format of
        its characters (`c`) and tokens (`t`), or, with `instance_rows`, its
        characters that many a line."""
        cells = instance.replace(" ", "")
        rows = int(self.config.get("instance_rows", 0))
        if rows:
            return "".join(cells[start : start + rows] + "\n" for start in range(0, len(cells), rows))
        return self.config["instance"].format(c=cells, t=instance.split())

    def samples(self) -> list[str]:
        """The original inputs of the examples, in name order."""
        folder = self.files.joinpath("samples")
        return [entry.read_text(encoding="utf-8") for entry in sorted(folder.iterdir(), key=lambda e: e.name)]

    def statement(self, scoring: bool) -> str:
        return self.text("statement.tex") + (self.text(self.scoring["statement"]) if scoring else "")

    @property
    def scoring(self) -> dict[str, str]:
        """How the problem is judged when it is scored (the kit's `scoring`)."""
        return self.config["scoring"]

    def input_validator(self) -> str:
        return standalone(self.text("input_validator.py"))

    def output_validator(self) -> str | None:
        """The standalone output validator, None where the default comparison judges."""
        present = self.files.joinpath("output_validator.py").is_file()
        if present == (self.config["validation"] == "default"):
            raise InputError(
                f"{self.puzzle.name}'s {KIT_FILE} says validation {self.config['validation']}, but the kit "
                f"{'has' if present else 'lacks'} output_validator.py"
            )
        return standalone(self.text("output_validator.py"), harness_source(), "main(judge)") if present else None

    def submissions(self) -> dict[str, dict[str, str]]:
        """By verdict, the example programs: the accepted ones as written, and
        each wrong one derived from an accepted one by a single replacement."""
        accepted = {
            entry.name: entry.read_text(encoding="utf-8")
            for entry in sorted(self.files.joinpath("accepted").iterdir(), key=lambda e: e.name)
            if entry.name.endswith(".py")
        }
        wrong = {}
        for name, mutant in self.config.get("mutants", {}).items():
            original, old = accepted.get(mutant["of"], ""), mutant["replace"]
            if original.count(old) != 1:
                raise InputError(f"{self.puzzle.name}'s mutant {name}: {old!r} is not once in {mutant['of']}")
            wrong[name] = f"# Wrong on purpose: {mutant['why']}.\n" + original.replace(old, mutant["with"])
        return {"accepted": accepted, "wrong_answer": wrong}
