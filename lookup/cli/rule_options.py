"""Rule options on the command line: each puzzle's other rules (clocks'
--hours and --backward, nine's --size) as options of every command that
names a puzzle, those of the puzzle named only, so a query loads only its
own puzzle; the help lists every puzzle's."""

from __future__ import annotations

from typing import Any

import click

from ninebase import puzzles
from ninebase.puzzles import InputError, Puzzle, VariantOption, in_words

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


def not_offered(puzzle: str, name: str) -> str:
    """Why `puzzle` refuses the rule option `--name`, naming the puzzles that
    take it, so that an option listed in the help is not called unknown."""
    takers = [taker for taker, _ in variant_options(puzzles.names()).get(name, [])]
    return f"{puzzle} has no option '--{name}' ({in_words(takers)} {'takes' if len(takers) == 1 else 'take'} it)"


def named_puzzles(params: dict[str, Any]) -> list[Puzzle]:
    """The puzzles a command's parsed parameters name (one, or several: build's --only, verify's arguments)."""
    found: list[Puzzle] = []
    for value in params.values():
        found.extend(item for item in (value if isinstance(value, tuple) else (value,)) if isinstance(item, Puzzle))
    return found


class RulesCommand(ListsPuzzles):
    """A command that names a puzzle and takes its rule options (clocks'
    --hours and --backward, nine's --size): those of the puzzle it is asked
    about, so a query loads only its own puzzle; its help lists every
    puzzle's, and the puzzles. A rule option of another puzzle is refused
    in one line naming the puzzles that take it."""

    def offer(self, names: tuple[str, ...]) -> None:
        """Take the rule options of the puzzles `names`, before --tables as in the help of other commands."""
        self.params = [param for param in self.params if not param.name.startswith(PREFIX)]
        self.params[-1:-1] = rule_options(names)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        named = next((arg for arg in args if not arg.startswith("-")), None)
        self.offer((named,) if named in puzzles.BUILT_IN else puzzles.names())
        try:
            rest = super().parse_args(ctx, args)
        except click.NoSuchOption as error:
            name = error.option_name.removeprefix("--")
            if named not in puzzles.BUILT_IN or name not in variant_options(puzzles.names()):
                raise
            raise click.UsageError(not_offered(named, name), ctx) from None
        self.refuse_others(ctx)
        return rest

    def refuse_others(self, ctx: click.Context) -> None:
        """Every rule option given must be one of each named puzzle's own
        (a plug-in's, or a second puzzle's: `verify nine eight --size 4`)."""
        for name in chosen_rules({key: value for key, value in ctx.params.items() if key.startswith(PREFIX)}):
            for puzzle in named_puzzles(ctx.params):
                if name not in {option.name for option in puzzle.variant_options}:
                    raise click.UsageError(not_offered(puzzle.name, name), ctx)


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
