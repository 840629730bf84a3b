"""Rule options on the command line: each puzzle's other rules (clocks'
--hours and --backward, nine's --size) as options of every command that
names a puzzle, those of the puzzle named only, so a query loads only its
own puzzle; the help lists every puzzle's."""

from __future__ import annotations

from typing import Any

import click

from ninebase import puzzles
from ninebase.puzzles import InputError, Puzzle, VariantOption

from .usage import ListsPuzzles

PREFIX = "variant_"
"""How a rule option's value reaches a command: `--size` as the keyword `variant_size`."""


def variant_options(names: tuple[str, ...]) -> dict[str, list[tuple[str, VariantOption]]]:
    """Every rule option the named puzzles offer, by name, with the puzzles that offer it."""
    offered: dict[str, list[tuple[str, VariantOption]]] = {}
    for name in names:
        try:
            options = puzzles.get(name).variant_options
        except InputError:  # a broken plug-in offers nothing; using it says why
            continue
        for option in options:
            offered.setdefault(option.name, []).append((name, option))
    return offered


def rule_options(names: tuple[str, ...]) -> list[click.Option]:
    """`--NAME` for every rule option the named puzzles declare."""
    options = []
    for name, offers in sorted(variant_options(names).items()):
        text = "; ".join(f"{puzzle}: {option.help}" for puzzle, option in offers)
        flag = [f"--{name}", PREFIX + name]
        bounds = next((option.bounds for _, option in offers if option.bounds), None)
        if any(option.choices for _, option in offers):
            values = sorted({value for _, option in offers for value in option.choices}, key=len)
            options.append(click.Option(flag, metavar="|".join(values), help=text))
        elif bounds is not None:
            metavar = next(option.metavar for _, option in offers if option.metavar)
            options.append(click.Option(flag, type=click.IntRange(*bounds), metavar=metavar, help=text))
        elif any(option.metavar for _, option in offers):
            metavar = next(option.metavar for _, option in offers if option.metavar)
            options.append(click.Option(flag, metavar=metavar, help=text))
        else:
            options.append(click.Option(flag, is_flag=True, default=None, help=text))
    return options


class RulesCommand(ListsPuzzles):
    """A command that names a puzzle and takes its rule options (clocks'
    --hours and --backward, nine's --size): those of the puzzle it is asked
    about, so a query loads only its own puzzle; its help lists every
    puzzle's, and the puzzles."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        named = next((arg for arg in args if not arg.startswith("-")), None)
        names = (named,) if named in puzzles.BUILT_IN else puzzles.names()
        self.params = [param for param in self.params if not param.name.startswith(PREFIX)]
        self.params[-1:-1] = rule_options(names)  # before --tables, as in the help of other commands
        return super().parse_args(ctx, args)


def chosen_rules(options: dict[str, Any]) -> dict[str, Any]:
    """The rule options given (`--NAME`, passed as `variant_NAME`), by name."""
    return {name.removeprefix(PREFIX): value for name, value in options.items() if value is not None}


def rule_choice(puzzle: Puzzle, options: dict[str, Any]) -> Puzzle:
    """The puzzle under the rule options given, or as it is."""
    rules = chosen_rules(options)
    return puzzle.variant(rules) if rules else puzzle


def rules_for_each(chosen: tuple[Puzzle, ...], options: dict[str, Any], flag: str) -> tuple[Puzzle, ...]:
    """The puzzles a command names by `flag` (build's --only, verify's
    arguments), each under the rule options given; rule options with no
    puzzle named are refused, since they say nothing alone."""
    rules = chosen_rules(options)
    if rules and not chosen:
        given = " ".join(f"--{name}" for name in rules)
        raise InputError(f"{given} chooses the rules of a puzzle: name the puzzle too ({flag})")
    return tuple(rule_choice(puzzle, options) for puzzle in chosen)
