"""What a server serves, settled when it starts: every puzzle's table,
checked and loaded (a missing or damaged one stops it), and the tables of
the variants that have one of their own (nine at sizes 2 and 4: each rule
option names them, `VariantOption.tables`), loaded when built and otherwise
noted, so that a request for them is told how to build them (503) instead of
the server building or opening a file while it serves. And the ETag of each
answer: this build of the tables and of ninebase (a construction's answers
come from the code, not from a table), and the rule options asked for."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from ninebase import puzzles
from ninebase.lookup import MissingTableError, Tables, build_command
from ninebase.puzzles import Puzzle, in_words

from .errors import SERVER_TABLES, ApiError
from .query_options import Options


def ninebase_version() -> str:
    try:
        return version("ninebase")
    except PackageNotFoundError:  # run from a checkout that is not installed
        return "unknown"


@dataclass(frozen=True)
class Served:
    """The tables a server answers from."""

    etag: str
    """The ETag of every answer under a puzzle's own rules."""
    served: tuple[str, ...]
    """What is answered from a table: every puzzle, and the variants whose table is built, in words."""
    absent: dict[str, tuple[Puzzle, str]]
    """The variants whose table is not built, by table name, each with its rules in words."""

    def etag_of(self, options: Options) -> str:
        """The ETag of an answer under `options`: never the same for two sets of them."""
        if not options.chosen:
            return self.etag
        return f'"{hashlib.sha256(f"{self.etag} {options.puzzle.name}?{options.query}".encode()).hexdigest()[:32]}"'

    def check(self, options: Options) -> None:
        """503 naming the command that builds the table `options` need, where this server has none."""
        storage = options.puzzle.storage
        if storage is not None and storage.table_name in self.absent:
            puzzle, asked = self.absent[storage.table_name]
            raise ApiError(
                503,
                f"{asked} is answered from the table {storage.table_name}.h5, which this server was started "
                f"without; build it with: {build(puzzle, SERVER_TABLES)}, then restart the server",
            )

    def start_lines(self, directory: Path, url: str) -> list[str]:
        """What `ninebase serve` says as it starts, as information: what it
        serves, and once, the optional tables not built (the plain `ninebase
        build` leaves nine-2 and nine-4 out on purpose) with the commands that
        add them. A missing required table never gets here: it stops the start."""
        lines = [f"serving {in_words(list(self.served))} from {directory} at {url} (Ctrl-C stops)"]
        if self.absent:
            asked = [words for _, words in self.absent.values()]
            commands = " && ".join(build(puzzle, directory) for puzzle, _ in self.absent.values())
            them = "them" if len(asked) > 1 else "it"
            lines.append(
                f"optional, not built: {in_words(asked)}, answered 503 until built; "
                f"to add {them}: {commands}, then restart"
            )
        return lines


def build(puzzle: Puzzle, directory: Path | str) -> str:
    """The command that builds the table of a variant (a path, or words standing for one)."""
    return build_command(puzzle.storage.build_selection, directory)  # type: ignore[union-attr]


def check_tables(tables: Tables) -> Served:
    """Open every table and load every dataset (checksums checked), so a
    missing or damaged table stops the service before it starts; load the
    variants' tables that are built, and note the others. Missing tables are
    named all at once, with the one command that builds them all."""
    missing = []
    for name in puzzles.names():
        try:
            tables.table(name)
        except MissingTableError:
            missing.append(name)
    if missing:
        raise MissingTableError(
            f"no table for {in_words(missing)} in {tables.directory}; "
            f"build {'them all' if len(missing) > 1 else 'it'} with: {build_command('', tables.directory)}"
        )
    built, served, absent = [], list(puzzles.names()), {}
    for variant, asked in puzzles.variant_tables():
        try:
            tables.table(variant)
            built.append(variant)
            served.append(asked)
        except MissingTableError:
            absent[variant.storage.table_name] = (variant, asked)  # type: ignore[union-attr]  # a table of its own
    loaded = tables.load([*puzzles.names(), *built])
    tag = hashlib.sha256(f"{loaded} ninebase {ninebase_version()}".encode()).hexdigest()[:32]
    return Served(f'"{tag}"', tuple(served), absent)
