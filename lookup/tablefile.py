"""Reading the table format: one HDF5 file per puzzle (see tables/FORMAT.md).

Opening checks the format version, the puzzle's name and a SHA-256 over every
attribute in the file; each dataset's own SHA-256 is checked when it is first
read. Whatever goes wrong while reading — h5py reports damage as OSError,
KeyError, RuntimeError or ValueError depending on where it is found, and
unpacking can fail too — becomes one `TableError` naming the file and the
command that rebuilds it; a damaged file is never answered from.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import h5py
import numpy as np

from ninebase.puzzles.storage import WHOLE_WIDTHS, Packed

FORMAT_VERSION = 3
SUFFIX = ".h5"
DIGEST_ATTRIBUTE = "attributes_sha256"
"""Root attribute: SHA-256 over every other attribute of the file."""


class TableError(Exception):
    """A table file is missing, damaged, or not what it claims to be; `puzzle`
    names whose table it is, where known (for messages that must not name paths)."""

    def __init__(self, message: str, puzzle: str | None = None) -> None:
        super().__init__(message)
        self.puzzle = puzzle


class MissingTableError(TableError):
    """A puzzle's table file has not been built."""


def table_path(directory: Path, puzzle: str) -> Path:
    return Path(directory) / f"{puzzle}{SUFFIX}"


def build_command(selection: str, directory: Path, force: bool = False) -> str:
    """The command that builds a table: `selection` is `--only PUZZLE` and any rule options that choose it."""
    return f"ninebase build {selection}{' --force' if force else ''} --tables {directory}"


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
    if packed.dtype != np.uint8 or packed.ndim != 1 or packed.size * per_byte < count:
        raise ValueError(f"{packed.size} bytes of {packed.dtype} cannot hold {count} values of {bits} bits")
    mask = np.uint8((1 << bits) - 1)
    lanes = np.empty((packed.size, per_byte), dtype=np.uint8)
    for lane in range(per_byte):
        lanes[:, lane] = (packed >> np.uint8(lane * bits)) & mask
    return lanes.reshape(-1)[:count]


def digest(data: np.ndarray) -> str:
    import hashlib  # here, not at the top: `import ninebase` opens no table

    return hashlib.sha256(memoryview(np.ascontiguousarray(data)).cast("B")).hexdigest()  # the bytes, not a copy


def _plain(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return [_plain(item) for item in value.tolist()]
    if isinstance(value, (np.generic, bytes)):
        return _plain(value.item() if isinstance(value, np.generic) else value.decode())
    return value


def attributes_digest(h5: h5py.File) -> str:
    """SHA-256 over every attribute of the file, its groups and datasets
    (but this digest itself), in a canonical JSON form."""
    import hashlib
    import json

    everything: dict[str, dict[str, Any]] = {}

    def collect(name: str, item: Any) -> None:
        everything[name] = {key: _plain(value) for key, value in item.attrs.items()}

    collect("/", h5)
    h5.visititems(collect)
    everything["/"].pop(DIGEST_ATTRIBUTE, None)
    return hashlib.sha256(json.dumps(everything, sort_keys=True).encode()).hexdigest()


def file_signature(path: Path) -> tuple[int, ...]:
    """What changes when a file is replaced or written to: device, inode, size, modification time."""
    return signature_of(path.stat())


def signature_of(status: os.stat_result) -> tuple[int, ...]:
    return status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns


def flat_message(error: BaseException) -> str:
    """An exception's message on one line (its type's name when it has none)."""
    return " ".join(str(error).split()) or type(error).__name__


class TableFile:
    """An open table file whose attributes have been checked; datasets load on demand."""

    def __init__(self, path: Path, puzzle: str, selection: str | None = None) -> None:
        """The table of `puzzle` (its table's name) at `path`; `selection` is what
        `ninebase build` is given to build it (by default `--only PUZZLE`)."""
        self.path = Path(path)
        self.puzzle = puzzle
        self.selection = selection or f"--only {puzzle}"
        self._h5: h5py.File | None = None
        try:
            status = self.path.stat()
        except FileNotFoundError:
            command = build_command(self.selection, self.path.parent)
            raise MissingTableError(f"no {puzzle} table at {self.path}; build it with: {command}", puzzle) from None
        except OSError as error:
            raise self._damaged(f"cannot be read ({error.strerror})") from None
        if not stat.S_ISREG(status.st_mode):  # a directory, or a FIFO that would block the read forever
            kind = "a directory" if stat.S_ISDIR(status.st_mode) else "not a regular file"
            raise TableError(
                f"table file {self.path} is {kind}; remove it, then build the table with: "
                f"{build_command(self.selection, self.path.parent)}",
                puzzle,
            )
        self.signature = signature_of(status)
        with self._reading("cannot be read as a table"):
            # Tables never change once renamed into place, so no HDF5 file lock
            # is needed; taking one would fail in a read-only directory.
            self._h5 = h5py.File(self.path, "r", locking=False)
            attrs = dict(self._h5.attrs)
            version = attrs.get("format_version")
            if version != FORMAT_VERSION:
                raise self._damaged(f"has format version {version}, this ninebase reads version {FORMAT_VERSION}")
            owner = attrs.get("puzzle")
            if owner != puzzle:
                raise self._damaged(f"is a table of {owner!r}, not of {puzzle!r}")
            if attrs.get(DIGEST_ATTRIBUTE) != attributes_digest(self._h5):
                raise self._damaged("fails the checksum of its attributes")
            self.attrs = attrs

    def _damaged(self, what: str) -> TableError:
        return TableError(
            f"table file {self.path} {what}; rebuild it with: {build_command(self.selection, self.path.parent, True)}",
            self.puzzle,
        )

    @contextmanager
    def _reading(self, what: str) -> Iterator[None]:
        """Any failure inside becomes a TableError naming the file (and the file is closed)."""
        try:
            yield
        except TableError:
            self.close()
            raise
        except Exception as error:  # h5py and NumPy report damage in many ways
            self.close()
            raise self._damaged(f"{what} ({flat_message(error)})") from None

    def __enter__(self) -> TableFile:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _file(self) -> h5py.File:
        if self._h5 is None:
            raise self._damaged("was closed")
        return self._h5

    def layout(self) -> dict[str, list[str]]:
        """The file's groups and the names of their datasets."""
        with self._reading("has an unreadable layout"):
            h5 = self._file()
            return {group: list(h5[group]) for group in h5}

    def group_attrs(self, group: str) -> dict[str, Any]:
        with self._reading(f"has no readable group {group!r}"):
            return dict(self._file()[group].attrs)

    def read(self, group: str, name: str) -> np.ndarray:
        """One dataset, unpacked, after checking its checksum."""
        return self.read_packed(group, name).values

    def read_packed(self, group: str, name: str) -> Packed:
        """One dataset's values (unpacked, checksum checked) and its packing width."""
        with self._reading(f"has an unreadable dataset {group}/{name}"):
            dataset = self._file()[group][name]
            data = dataset[()]
            bits, count, expected = (dataset.attrs[key] for key in ("bits", "count", "sha256"))
            if digest(data) != expected:
                raise self._damaged(f"fails the checksum of dataset {group}/{name}")
            if bits in WHOLE_WIDTHS:
                if data.dtype != np.dtype(f"uint{bits}") or data.size != count:
                    raise self._damaged(f"has {data.size} values of {data.dtype} in {group}/{name}, not {bits}-bit")
                return Packed(data, int(bits))
            return Packed(unpack(data, int(bits), int(count)), int(bits))

    def close(self) -> None:
        if self._h5 is not None:
            with suppress(Exception):  # closing a damaged file can fail too; it is released either way
                self._h5.close()
            self._h5 = None
