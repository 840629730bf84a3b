"""Reading the table format: one HDF5 file per puzzle (see tables/FORMAT.md).

Opening checks the format version, the checksum (XXH3-128) of the file's
attributes (kept as one JSON text, read at once) and the puzzle's name; each
dataset's own checksum is checked when it is first read. Whatever goes
wrong while reading — h5py reports damage as OSError, KeyError,
RuntimeError or ValueError depending on where it is found, and unpacking
can fail too — becomes one `TableError` naming the file and the command
that rebuilds it; a damaged file is never answered from.
"""

from __future__ import annotations

import mmap
import os
import shlex
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import h5py
import numpy as np

from ninebase.puzzles.storage import WHOLE_WIDTHS, Packed

FORMAT_VERSION = 4
SUFFIX = ".h5"
HUGE_PAGE = 2 << 20
"""Where the kernel has transparent huge pages, memory aligned to them comes 2 MiB at a time."""
ATTRIBUTES = "attributes"
"""Root attribute: JSON text of every attribute of the file, its groups and datasets (tables/FORMAT.md)."""
DIGEST_ATTRIBUTE = "attributes_xxh3_128"
"""Root attribute: `checksum` of the UTF-8 bytes of `ATTRIBUTES`."""


class TableError(Exception):
    """A table file is missing, damaged, or not what it claims to be; `puzzle`
    names whose table it is, where known, and `selection` what `ninebase
    build` is given to build it (for messages that must not name paths)."""

    def __init__(self, message: str, puzzle: str | None = None, selection: str | None = None) -> None:
        super().__init__(message)
        self.puzzle = puzzle
        self.selection = selection


class MissingTableError(TableError):
    """A puzzle's table file has not been built."""


def table_path(directory: Path, puzzle: str) -> Path:
    return Path(directory) / f"{puzzle}{SUFFIX}"


def build_command(selection: str, directory: Path | str, force: bool = False) -> str:
    """The command that builds tables, as every message gives it for the
    user to run as printed: the one writer of it. `selection` is what
    `ninebase build` is given for one table (`Storage.build_selection`:
    `--only PUZZLE` and the rule options that choose it, `--only nine --size
    4`), or empty for every plain table; `force` rebuilds one in place.
    `directory` is a path, quoted where a shell needs it, or words that stand
    for one (a server names none of its paths to a client)."""
    where = shlex.quote(str(directory)) if isinstance(directory, Path) else directory
    return " ".join(["ninebase build", *selection.split(), *(["--force"] if force else []), "--tables", where])


def new_bytes(size: int) -> np.ndarray:
    """`size` bytes of fresh memory; from one huge page up, asked to come in
    huge pages where the kernel has them: a query's first touch of 7 MB in
    4 KiB pages (1,800 page faults) cost 3 ms of its start-up, in 2 MiB
    pages 0.5 ms. Smaller sizes take small pages, so that no table holds a
    2 MiB page for a few kilobytes."""
    if size < HUGE_PAGE:
        return np.empty(size, dtype=np.uint8)
    memory = mmap.mmap(-1, size + HUGE_PAGE, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    with suppress(AttributeError, OSError):  # no huge pages here: the same memory, in small pages
        memory.madvise(mmap.MADV_HUGEPAGE)
    whole = np.frombuffer(memory, dtype=np.uint8)
    start = -whole.ctypes.data % HUGE_PAGE
    return whole[start : start + size]


def planes(count: int, bits: int) -> int:
    """The bytes `count` values of `bits` bits are packed into: one plane of
    values per bit position in a byte, each a whole number of 8-byte words."""
    return -(-count // (8 // bits) // 8) * 8


def pack(values: np.ndarray, bits: int) -> np.ndarray:
    """Pack uint8 values below 2**bits into bytes, in planes: value
    `plane * length + j` sits in byte j at bits `plane * bits` and up."""
    length = planes(values.size, bits)
    padded = np.zeros(length * (8 // bits), dtype=np.uint8)
    padded[: values.size] = values
    packed = np.zeros(length, dtype=np.uint8)
    for plane, part in enumerate(padded.reshape(8 // bits, -1)):
        packed |= part << np.uint8(plane * bits)
    return packed


def unpack(packed: np.ndarray, bits: int, count: int) -> np.ndarray:
    """Inverse of `pack` for `count` values: each plane is a shift and a
    mask of the bytes read as 64-bit words, written to one stretch."""
    length = planes(count, bits)
    if packed.dtype != np.uint8 or packed.shape != (length,):
        raise ValueError(f"{packed.size} bytes of {packed.dtype} are not {count} values of {bits} bits packed")
    words = packed.view(np.uint64)
    mask = np.uint64(int.from_bytes(bytes([(1 << bits) - 1]) * 8, "little"))
    values = new_bytes(length * (8 // bits))
    for plane, part in enumerate(values.view(np.uint64).reshape(8 // bits, -1)):
        np.bitwise_and(words >> np.uint64(plane * bits), mask, out=part)
    return values[:count]


def checksum(data: np.ndarray | bytes) -> str:
    """XXH3-128 of the bytes (an array's are not copied), in hex. It finds
    damage, which is what befalls a table (a disk, a copy cut short, a
    flipped byte), missing one in 2**128; it hashes eight's 7.3 MB in
    0.2 ms where SHA-256 took 3.5 (and 2 ms more to load OpenSSL), and
    CRC-32 1.1 ms with 32 bits."""
    import xxhash  # here, not at the top: `import ninebase` opens no table

    if isinstance(data, np.ndarray):
        data = memoryview(np.ascontiguousarray(data)).cast("B")
    return xxhash.xxh3_128_hexdigest(data)


def plain(value: Any) -> Any:
    """An attribute's value as JSON holds it: NumPy arrays and numbers as lists and numbers, bytes as text."""
    if isinstance(value, np.ndarray):
        return [plain(item) for item in value.tolist()]
    if isinstance(value, (np.generic, bytes)):
        return plain(value.item() if isinstance(value, np.generic) else value.decode())
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


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

    def __init__(self, path: Path, puzzle: str, selection: str, encoding: str | None = None) -> None:
        """The table of `puzzle` (its table's name) at `path`; `selection` is what
        `ninebase build` is given to build it (`Storage.build_selection`), never
        guessed from the table's name: nine-4's is `--only nine --size 4`.
        With `encoding` (`Storage.encoding`), a table whose states are numbered
        otherwise (built by another version of ninebase) is refused too: read
        with this version's numbers, it would answer wrongly."""
        self.path = Path(path)
        self.puzzle = puzzle
        self.selection = selection
        self._h5: h5py.File | None = None
        try:
            status = self.path.stat()
        except FileNotFoundError:
            command = build_command(self.selection, self.path.parent)
            raise MissingTableError(
                f"no {puzzle} table at {self.path}; build it with: {command}", puzzle, selection
            ) from None
        except OSError as error:
            raise self._damaged(f"cannot be read ({error.strerror})") from None
        if not stat.S_ISREG(status.st_mode):  # a directory, or a FIFO that would block the read forever
            kind = "a directory" if stat.S_ISDIR(status.st_mode) else "not a regular file"
            raise TableError(
                f"table file {self.path} is {kind}; remove it, then build the table with: "
                f"{build_command(self.selection, self.path.parent)}",
                puzzle,
                selection,
            )
        self.signature = signature_of(status)
        with self._reading("cannot be read as a table"):
            # Tables never change once renamed into place, so no HDF5 file lock
            # is needed; taking one would fail in a read-only directory.
            self._h5 = h5py.File(self.path, "r", locking=False)
            stored = dict(self._h5.attrs)  # three attributes: reading each costs as much as parsing them all
            version = stored.get("format_version")
            if version != FORMAT_VERSION:
                raise self._damaged(f"has format version {version}, this ninebase reads version {FORMAT_VERSION}")
            text, stated = stored.get(ATTRIBUTES), stored.get(DIGEST_ATTRIBUTE)
            if not isinstance(text, str) or checksum(text.encode()) != stated:
                raise self._damaged("fails the checksum of its attributes")
            import json  # here, not at the top: `import ninebase` opens no table

            described = json.loads(text)
            self.attrs: dict[str, Any] = {"format_version": int(version), **described["file"]}
            self.attributes_checksum = str(stated)  # names this build of the table: a server's ETag is made of it
            self._groups: dict[str, dict[str, Any]] = described["groups"]
            self._datasets: dict[str, dict[str, Any]] = described["datasets"]
            owner = self.attrs.get("puzzle")
            if owner != puzzle:
                raise self._damaged(f"is a table of {owner!r}, not of {puzzle!r}")
            if encoding is not None and self.attrs.get("encoding") != encoding:
                raise self._damaged("was built by another version of ninebase, which numbered its states otherwise")

    def _damaged(self, what: str) -> TableError:
        return TableError(
            f"table file {self.path} {what}; rebuild it with: {build_command(self.selection, self.path.parent, True)}",
            self.puzzle,
            self.selection,
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

    def __exit__(self, *_exc_info: object) -> None:
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
            self._file()
            return dict(self._groups[group])

    def read(self, group: str, name: str) -> np.ndarray:
        """One dataset, unpacked, after checking its checksum."""
        return self.read_packed(group, name).values

    def read_packed(self, group: str, name: str) -> Packed:
        """One dataset's values (unpacked, checksum checked) and its packing width."""
        with self._reading(f"has an unreadable dataset {group}/{name}"):
            dataset = self._file()[group][name]
            data = self._stored(dataset)
            bits, count, expected = (self._datasets[f"{group}/{name}"][key] for key in ("bits", "count", "xxh3_128"))
            if checksum(data) != expected:
                raise self._damaged(f"fails the checksum of dataset {group}/{name}")
            if bits in WHOLE_WIDTHS:
                if data.dtype != np.dtype(f"uint{bits}") or data.size != count:
                    raise self._damaged(f"has {data.size} values of {data.dtype} in {group}/{name}, not {bits}-bit")
                return Packed(data, int(bits))
            return Packed(unpack(data, int(bits), int(count)), int(bits))

    def _stored(self, dataset: h5py.Dataset) -> np.ndarray:
        """A dataset's stored values, in memory of this process's own. A
        contiguous one is read straight into `new_bytes`: eight's three
        datasets (7.3 MB) load in 0.9 ms, where h5py's read took 3.5. A copy,
        not a map of the file: a table copied over in place while it is open
        (as `cp` does) can neither change an answer nor fault the process."""
        offset = dataset.id.get_offset()
        if offset is None or dataset.chunks is not None:
            return dataset[()]
        size = dataset.size * dataset.dtype.itemsize
        data = new_bytes(size)
        with open(self.path, "rb", buffering=0) as handle:
            done = 0
            while done < size:
                read = os.preadv(handle.fileno(), [data[done:]], offset + done)
                if read == 0:
                    raise ValueError(f"the file ends {size - done:,} bytes before the end of the dataset")
                done += read
        return data.view(dataset.dtype)

    def close(self) -> None:
        if self._h5 is not None:
            with suppress(Exception):  # closing a damaged file can fail too; it is released either way
                self._h5.close()
            self._h5 = None
