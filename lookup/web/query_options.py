"""Rule options from a query: every parameter an endpoint does not read
itself names one of the puzzle's `variant_options` (nine's `size`, clocks'
`hours` and `backward`), as the command line's `--NAME` options do, and is
read by the option's own kind: a whole number within its bounds, one of its
choices, or an on/off flag. A name the puzzle does not offer, a value out of
range or a name given twice is a 400 that says what the puzzle takes; the
puzzle under the options chosen is its `variant`, kept once made (`Options`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from ninebase.puzzles import InputError, Puzzle, VariantOption

from .errors import ApiError

WHOLE_NUMBER = re.compile(r"-?[0-9]{1,30}")
"""A query parameter's number as people write it (no `_`, no digits of other scripts)."""
FLAG_VALUES = {"": True, "1": True, "true": True, "yes": True, "on": True}
FLAG_VALUES |= {"0": False, "false": False, "no": False, "off": False}
"""What an on/off option may be given as (`?backward`, `backward=true`, a checkbox's `on`)."""
KEPT_VARIANTS = 1024
"""Variants kept made (nine has 63 sizes, clocks 4 rules; a plug-in's bounds may be wide)."""


@dataclass(frozen=True)
class Options:
    """The puzzle a request asks about, under the rule options it chose."""

    puzzle: Puzzle
    chosen: Mapping[str, Any] = field(default_factory=dict)
    """The options chosen, by name, as read (a flag turned off, or an option at its default, is no option at all)."""
    base: Puzzle | None = None
    """The puzzle the path names, whose options these are (`puzzle` itself when none is chosen)."""

    @property
    def query(self) -> str:
        """The options as a query, `&`-joined, to carry on a link (`size=9`; empty for none)."""
        return urlencode({name: "true" if value is True else value for name, value in sorted(self.chosen.items())})


def described(option: VariantOption) -> str:
    """An option and what it takes, in a few words: `size` (2 to 64)."""
    if option.bounds is not None:
        return f"{option.name} ({option.bounds[0]} to {option.bounds[1]})"
    if option.choices:
        return f"{option.name} ({' or '.join(option.choices)})"
    if option.metavar:
        return f"{option.name} ({option.metavar})"
    return f"{option.name} (true or false)"


def offered(puzzle: Puzzle, reads: Iterable[str]) -> str:
    """What a query may hold for `puzzle` at an endpoint that reads `reads`, for an error."""
    options = [described(option) for option in puzzle.variant_options]
    said = f"its rule options are {', '.join(options)}" if options else "it takes no rule options"
    own = sorted(reads)
    return said + (f", and this request reads {' and '.join(own)}" if own else "")


def value_of(option: VariantOption, text: str, quote: Callable[[str], str]) -> Any:
    """The value of an option as a query gives it; None for a flag turned off."""
    name, given = option.name, text.strip()
    if option.bounds is not None:
        least, most = option.bounds
        if not WHOLE_NUMBER.fullmatch(given) or not least <= int(given) <= most:
            raise ApiError(400, f"{name} is {quote(text)}: give a whole number from {least} to {most}")
        return int(given)
    if option.choices:
        if given not in option.choices:
            raise ApiError(400, f"{name} is {quote(text)}: give {' or '.join(option.choices)}")
        return given
    if option.metavar:
        if not given:
            raise ApiError(400, f"{name} is empty: give {option.metavar}")
        return given
    if given.lower() not in FLAG_VALUES:
        raise ApiError(400, f"{name} is {quote(text)}: give true or false (or the name alone, ?{name})")
    return True if FLAG_VALUES[given.lower()] else None


class OptionReader:
    """Reads rule options, quoting what was sent through `quote`; keeps the variants it made."""

    def __init__(self, quote: Callable[[str], str]) -> None:
        self.quote = quote
        self._made: dict[tuple[Puzzle, tuple[tuple[str, Any], ...]], Options] = {}

    def chosen(self, puzzle: Puzzle, pairs: Iterable[tuple[str, str]], reads: Iterable[str]) -> dict[str, Any]:
        """The options the query's `pairs` choose, every name but those in
        `reads` being one; 400 for any name given twice."""
        own = frozenset(reads)
        options = {option.name: option for option in puzzle.variant_options}
        chosen: dict[str, Any] = {}
        seen: set[str] = set()
        for name, text in pairs:
            if name in seen:  # which one was meant is not for us to guess
                raise ApiError(400, f"{name} is given twice: give it once")
            seen.add(name)
            if name in own:
                continue
            if name not in options:
                raise ApiError(400, f"{puzzle.name} has no option {self.quote(name)}: {offered(puzzle, own)}")
            value = value_of(options[name], text, self.quote)
            if value is not None and str(value) != options[name].default:  # the default is the puzzle's own rule
                chosen[name] = value
        return chosen

    def under(self, puzzle: Puzzle, chosen: dict[str, Any]) -> Options:
        """The puzzle under the options `chosen` (itself under none); 400 with
        the puzzle's own words when it refuses them."""
        if not chosen:
            return Options(puzzle)
        key = (puzzle, tuple(sorted(chosen.items())))
        made = self._made.get(key)
        if made is None:
            try:
                variant = puzzle.variant(chosen)
            except InputError as error:
                raise ApiError(400, str(error)) from None
            made = Options(variant, chosen, puzzle) if variant is not puzzle else Options(puzzle)
            if len(self._made) < KEPT_VARIANTS:
                self._made[key] = made
        return made


@dataclass(frozen=True)
class Field:
    """One rule option as the page's form offers it."""

    option: VariantOption
    kind: str
    """number, choice, flag or text: the control that takes it."""
    value: Any
    """What the form shows: the option chosen, or its default."""

    @property
    def name(self) -> str:
        return self.option.name


def fields(options: Options) -> list[Field]:
    """The form of the options a page is under: a control per option the puzzle offers, holding its value."""
    offered = (options.base or options.puzzle).variant_options
    shown = []
    for option in offered:
        kind = "number" if option.bounds else "choice" if option.choices else "text" if option.metavar else "flag"
        value = options.chosen.get(option.name, option.default if kind != "flag" else False)
        shown.append(Field(option, kind, value))
    return shown
