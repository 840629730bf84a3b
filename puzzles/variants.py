"""Other rules a puzzle may offer beyond its table (clocks' 12-hour dials and
backward turns): the option that names them. `Puzzle.variant` answers with
a puzzle of its own under those rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .text import InputError


@dataclass(frozen=True)
class VariantOption:
    """A rule option a puzzle offers beyond its table (clocks: `hours`,
    `backward`; nine: `size`); the CLI turns each into a `--NAME` option of
    every command that names a puzzle."""

    name: str
    help: str
    choices: tuple[str, ...] = ()
    """The values it takes, where they are few; empty for an on/off flag or a value named by `metavar`."""
    metavar: str = ""
    """For an option that takes a value not listed in `choices`: what the value is (`N`)."""
    bounds: tuple[int, int] | None = None
    """For an option whose value is a whole number: the least and the most it may be."""
    default: str = ""
    """The value meant when the option is not given (nine's size: 3; empty for a flag: off)."""
    tables: tuple[str, ...] = ()
    """The values under which the puzzle answers from a table of its own (nine's
    size: 2 and 4), which a server checks and loads when it starts, if built."""


def refuse_unknown_options(puzzle: str, options: Mapping[str, Any], names: tuple[str, ...]) -> None:
    """InputError naming the first of `options` (in sorted order) that `puzzle`
    does not take, and the options it takes, `names`: one message for every
    puzzle's rule options."""
    unknown = set(options) - set(names)
    if unknown:
        takes = f"its option is {names[0]}" if len(names) == 1 else f"its options are {' and '.join(names)}"
        raise InputError(f"{puzzle} has no option {sorted(unknown)[0]!r}; {takes}")
