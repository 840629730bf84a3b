"""Other rules a puzzle may offer beyond its table (clocks' 12-hour dials and
backward turns): the option that names them. `Puzzle.variant` answers with
a puzzle of its own under those rules."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class VariantOption:
    """A rule option a puzzle offers beyond its table (clocks: `hours`,
    `backward`); the CLI turns each into a `--NAME` option of `solve`."""

    name: str
    help: str
    choices: tuple[str, ...] = ()
    """The values it takes; empty for an on/off flag."""
