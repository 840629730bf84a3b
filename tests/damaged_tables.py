"""Table files copied and damaged the ways a disk, a bad build or a person
might: shared by the tests of damaged tables and of the stored counts."""

from __future__ import annotations

import shutil
from pathlib import Path

import h5py

from ninebase import puzzles
from ninebase.build_tables.writer import write_table
from ninebase.lookup.tablefile import TableFile
from ninebase.puzzles.storage import Packed


def copy_tables(source: Path, target: Path, *names: str) -> Path:
    target.mkdir(exist_ok=True)
    for name in names:
        shutil.copy(source / f"{name}.h5", target / f"{name}.h5")
    return target


def assert_refused(result, path: Path, puzzle: str) -> None:
    assert result.exit_code == 4, result.output
    assert str(path) in result.output and f"ninebase build --only {puzzle} --force" in result.output
    assert result.output.count("\n") == 1 and "Traceback" not in result.output


def rewrite(path: Path, puzzle: str, change) -> None:
    """Rewrite a table with one dataset changed and fresh checksums, as a
    plausible but wrong build would: only the invariants can catch it."""
    with TableFile(path, puzzle, puzzles.get(puzzle).storage.build_selection) as table:
        attrs = {key: value for key, value in table.attrs.items() if key != "format_version"}
        groups = {}
        for group, names in table.layout().items():
            datasets = {}
            for name in names:
                packed = table.read_packed(group, name)
                datasets[name] = Packed(change(name, packed.values.copy()), packed.bits)
            groups[group] = (table.group_attrs(group), datasets)
    write_table(path, attrs, groups)


def data_offset(path: Path, group: str, dataset: str) -> int:
    """Where a dataset's bytes begin in the file: its first chunk, or the
    whole of it where it is stored contiguous."""
    with h5py.File(path, "r") as h5:
        stored = h5[group][dataset]
        return stored.id.get_chunk_info(0).byte_offset if stored.chunks else stored.id.get_offset()


def flip_byte(path: Path, group: str, dataset: str) -> None:
    """Flip the bits of one byte inside a dataset's stored bytes (its first chunk, if chunked)."""
    offset = data_offset(path, group, dataset) + 40
    with open(path, "r+b") as handle:
        handle.seek(offset)
        byte = handle.read(1)
        handle.seek(offset)
        handle.write(bytes([byte[0] ^ 0x5A]))
