"""The table format: one HDF5 file per puzzle (see tables/FORMAT.md).

Writing goes to a temporary file in the same directory that is renamed into
place only when complete, so a reader never sees a half-written table.
Reading checks the format version, the puzzle name and every dataset's
SHA-256 once per open; after that, lookups are plain array indexing.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import h5py
import numpy as np

FORMAT_VERSION = 1
SUFFIX = ".h5"
_CHUNK_BYTES = 1 << 18


class TableError(Exception):
    """A table file is missing, damaged, or not what it claims to be."""


class MissingTableError(TableError):
    """A puzzle's table file has not been built."""


def rebuild_command(puzzle: str, directory: Path) -> str:
    return f"ninebase build --only {puzzle} --force --tables {directory}"


def table_path(directory: Path, puzzle: str) -> Path:
    return Path(directory) / f"{puzzle}{SUFFIX}"


@dataclass(frozen=True)
class Packed:
    """An array of small unsigned values stored `bits` (1, 2, 4 or 8) per value."""

    values: np.ndarray
    bits: int = 8


def pack(values: np.ndarray, bits: int) -> np.ndarray:
    """Pack uint8 values below 2**bits into bytes, lowest bits first."""
    per_byte = 8 // bits
    padded = np.zeros(-(-values.size // per_byte) * per_byte, dtype=np.uint8)
    padded[: values.size] = values
    lanes = padded.reshape(-1, per_byte)
    packed = np.zeros(lanes.shape[0], dtype=np.uint8)
    for lane in range(per_byte):
        packed |= lanes[:, lane] << np.uint8(lane * bits)
    return packed


def unpack(packed: np.ndarray, bits: int, count: int) -> np.ndarray:
    """Inverse of `pack` for `count` values."""
    per_byte = 8 // bits
    mask = np.uint8((1 << bits) - 1)
    lanes = np.empty((packed.size, per_byte), dtype=np.uint8)
    for lane in range(per_byte):
        lanes[:, lane] = (packed >> np.uint8(lane * bits)) & mask
    return lanes.reshape(-1)[:count]


def _digest(data: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(data).tobytes()).hexdigest()


PARTIAL_GLOB = ".*.partial"


def write_table(
    path: Path,
    attrs: Mapping[str, Any],
    groups: Mapping[str, tuple[Mapping[str, Any], Mapping[str, Packed]]],
) -> int:
    """Write a table file atomically; return its size in bytes.

    `groups` maps a group name to its attributes and its datasets.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".partial", dir=path.parent)
    os.close(handle)
    try:
        with h5py.File(temporary, "w", track_order=True) as h5:
            h5.attrs["format_version"] = FORMAT_VERSION
            for key, value in attrs.items():
                h5.attrs[key] = value
            for group_name, (group_attrs, datasets) in groups.items():
                group = h5.create_group(group_name, track_order=True)
                for key, value in group_attrs.items():
                    group.attrs[key] = value
                for name, packed in datasets.items():
                    _write_dataset(group, name, packed)
        with open(temporary, "rb") as written:
            os.fsync(written.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path.stat().st_size


def _write_dataset(group: h5py.Group, name: str, packed: Packed) -> None:
    values = np.ascontiguousarray(packed.values)
    data = values if packed.bits == 8 else pack(values.astype(np.uint8), packed.bits)
    chunks = (min(data.size, _CHUNK_BYTES // data.itemsize),) if data.size else None
    dataset = group.create_dataset(
        name, data=data, chunks=chunks, compression="gzip", compression_opts=6, fletcher32=True
    )
    dataset.attrs["bits"] = packed.bits
    dataset.attrs["count"] = values.size
    dataset.attrs["sha256"] = _digest(data)


class TableFile:
    """An open table file whose header has been checked; datasets load on demand."""

    def __init__(self, path: Path, puzzle: str) -> None:
        self.path = Path(path)
        self.puzzle = puzzle
        try:
            self.path.stat()
        except FileNotFoundError:
            raise MissingTableError(
                f"no {puzzle} table at {self.path}; build it with: {rebuild_command(puzzle, self.path.parent)}"
            ) from None
        except OSError as error:
            raise self._damaged(f"cannot be read ({error.strerror})") from None
        try:
            # Tables never change once renamed into place, so no HDF5 file lock
            # is needed; taking one would fail in a read-only directory.
            self._h5 = h5py.File(self.path, "r", locking=False)
        except OSError as error:
            raise self._damaged(f"cannot be read as HDF5 ({error})") from None
        version = self._h5.attrs.get("format_version")
        if version != FORMAT_VERSION:
            self.close()
            raise self._damaged(f"has format version {version}, this ninebase reads version {FORMAT_VERSION}")
        owner = self._h5.attrs.get("puzzle")
        if owner != puzzle:
            self.close()
            raise self._damaged(f"is a table of {owner!r}, not of {puzzle!r}")
        self.attrs = dict(self._h5.attrs)

    def _damaged(self, what: str) -> TableError:
        return TableError(
            f"table file {self.path} {what}; rebuild it with: {rebuild_command(self.puzzle, self.path.parent)}"
        )

    def __enter__(self) -> TableFile:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def layout(self) -> dict[str, list[str]]:
        """The file's groups and the names of their datasets."""
        return {group: list(self._h5[group]) for group in self._h5}

    def group_attrs(self, group: str) -> dict[str, Any]:
        try:
            return dict(self._h5[group].attrs)
        except KeyError:
            raise self._damaged(f"has no group {group!r}") from None

    def read(self, group: str, name: str) -> np.ndarray:
        """One dataset, unpacked, after checking its checksum."""
        return self.read_packed(group, name).values

    def read_packed(self, group: str, name: str) -> Packed:
        """One dataset's values (unpacked, checksum checked) and its packing width."""
        try:
            dataset = self._h5[group][name]
            data = dataset[()]
            bits, count, digest = (dataset.attrs[key] for key in ("bits", "count", "sha256"))
        except (KeyError, OSError) as error:
            raise self._damaged(f"has an unreadable dataset {group}/{name} ({error})") from None
        if _digest(data) != digest:
            raise self._damaged(f"fails the checksum of dataset {group}/{name}")
        return Packed(data if bits == 8 else unpack(data, int(bits), int(count)), int(bits))

    def close(self) -> None:
        self._h5.close()
