"""The rules layer: one package per puzzle, and the registry that names them.

The builder (`ninebase.build_tables`) and the query layer (`ninebase.lookup`)
both stand on this package; it imports neither. A puzzle's package is loaded
on first use, and only the one asked for.

Puzzles outside this project are plug-ins: an installed distribution names
them in the entry-point group `ninebase.puzzles` (name = the puzzle's name,
value = `module:OBJECT`), and every command, the API and the service find
them there; the entry points are read only for a name that is not built in.
`register` adds one at run time instead (a test, a notebook). Either way a
puzzle is checked against the contract when it is first met, and refused
with one line naming what it lacks.

What this package exports is what the front ends may use of it.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING

from .answers import Change, Probe, ProposedAnswer, Solution, Successor
from .batch import AnswerColumns, Chunk, row_texts
from .board_puzzle import BoardFormats, BoardMany, BoardPuzzle, BoardStorage
from .contract import NO_GOAL, Puzzle, missing_parts
from .instances import Instance
from .roles import Counting, ManyAtOnce, OriginalFormats, PageView, Role, Roles, Storage, TerminalView
from .storage import SINGLE_SEARCH, UNREACHABLE, Packed, Search, TableReader
from .text import InputError, in_words, plural, refuse_not_whole, shown
from .variants import VariantOption

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

ENTRY_POINT_GROUP = "ninebase.puzzles"

BUILT_IN = {
    "sansu": "ninebase.puzzles.sansu:PUZZLE",
    "clocks": "ninebase.puzzles.clocks:PUZZLE",
    "eight": "ninebase.puzzles.eight:PUZZLE",
    "nine": "ninebase.puzzles.nine:PUZZLE",
    "cube": "ninebase.puzzles.cube:PUZZLE",
    "rubiks-clock": "ninebase.puzzles.rubiks_clock:PUZZLE",
}
"""Every built-in puzzle's name and the object that is it."""

_loaded: dict[str, Puzzle] = {}
_registered: dict[str, Puzzle] = {}


@cache
def _plugins() -> dict[str, EntryPoint]:
    """The plug-ins installed in this environment, by name (read once, and
    only when asked: reading the entry points costs a query's start-up)."""
    from importlib.metadata import entry_points

    return {point.name: point for point in entry_points(group=ENTRY_POINT_GROUP) if point.name not in BUILT_IN}


def names() -> tuple[str, ...]:
    """The names of every known puzzle: built-in ones first, then plug-ins."""
    extra = [*sorted(_plugins()), *(name for name in _registered if name not in _plugins())]
    return (*BUILT_IN, *extra)


def tabled_names() -> tuple[str, ...]:
    """The names of the puzzles that answer from a table under their default
    rules: what `build` and `verify` take when no puzzle is named (rubiks-clock
    has none to build)."""
    return tuple(name for name in names() if get(name).storage is not None)


def variant_tables() -> list[tuple[Puzzle, str]]:
    """Every puzzle under each rule option's value that gives it a table of
    its own (nine's sizes 2 and 4), and those rules in words (`nine with size=4`)."""
    found = []
    for name in names():
        puzzle = get(name)
        for option in puzzle.variant_options:
            found += [
                (puzzle.variant({option.name: value}), f"{name} with {option.name}={value}") for value in option.tables
            ]
    return found


def get(name: str) -> Puzzle:
    """The puzzle called `name`; InputError naming the known puzzles otherwise."""
    puzzle = _registered.get(name) or _loaded.get(name)
    if puzzle is not None:
        return puzzle
    if name in BUILT_IN:
        target = BUILT_IN[name]
    elif name in _plugins():
        target = _plugins()[name].value
    else:
        raise InputError(f"unknown puzzle {name!r}; the puzzles are {', '.join(names())}")
    puzzle = _loaded[name] = _load(name, target)
    return puzzle


def _load(name: str, target: str) -> Puzzle:
    module, _, attribute = target.partition(":")
    try:
        found = getattr(importlib.import_module(module), attribute or "PUZZLE")
    except Exception as error:  # a broken plug-in is one puzzle's problem, reported in one line
        raise InputError(f"puzzle {name!r} ({target}) cannot be loaded: {type(error).__name__}: {error}") from None
    check(found, f"puzzle {name!r} ({target})")
    if found.name != name:
        raise InputError(f"puzzle {name!r} ({target}) is named {found.name!r}")
    return found


def check(puzzle: object, what: str) -> None:
    """InputError in one line naming everything `puzzle` lacks to be used."""
    missing = missing_parts(puzzle)
    if missing:
        raise InputError(f"{what} cannot be used: {'; '.join(missing)}")


def register(puzzle: Puzzle) -> None:
    """Make a puzzle defined outside any installed package known by its name
    (checked first: InputError naming what it lacks)."""
    check(puzzle, f"puzzle {getattr(puzzle, 'name', type(puzzle).__name__)!r}")
    if puzzle.name in BUILT_IN:
        raise ValueError(f"{puzzle.name!r} is a built-in puzzle")
    _registered[puzzle.name] = puzzle


def unregister(name: str) -> None:
    """Forget a puzzle added with `register`."""
    if name in BUILT_IN:
        raise ValueError(f"{name!r} is a built-in puzzle")
    _registered.pop(name, None)


__all__ = [
    "ENTRY_POINT_GROUP",
    "NO_GOAL",
    "SINGLE_SEARCH",
    "UNREACHABLE",
    "AnswerColumns",
    "BoardFormats",
    "BoardMany",
    "BoardPuzzle",
    "BoardStorage",
    "Change",
    "Chunk",
    "Counting",
    "InputError",
    "Instance",
    "ManyAtOnce",
    "OriginalFormats",
    "Packed",
    "PageView",
    "Probe",
    "ProposedAnswer",
    "Puzzle",
    "Role",
    "Roles",
    "Search",
    "Solution",
    "Storage",
    "Successor",
    "TableReader",
    "TerminalView",
    "VariantOption",
    "check",
    "get",
    "in_words",
    "names",
    "plural",
    "refuse_not_whole",
    "register",
    "row_texts",
    "shown",
    "tabled_names",
    "unregister",
    "variant_tables",
]
