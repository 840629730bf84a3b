"""Writing the table format (see tables/FORMAT.md; the reader is lookup.tablefile).

A table goes to a temporary file in the same directory that is renamed into
place only when complete, so a reader never sees a half-written table.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import h5py
import numpy as np

from ninebase.lookup.tablefile import ATTRIBUTES, DIGEST_ATTRIBUTE, FORMAT_VERSION, checksum, pack, plain
from ninebase.puzzles.storage import WHOLE_WIDTHS, Packed

PARTIAL_GLOB = ".*.partial"
_CHUNK_BYTES = 1 << 18
COMPRESSION = 1
"""gzip level: 1 writes the cube's counts five times quicker than 6, for files a tenth larger."""
LARGEST_UNCOMPRESSED = 1 << 22
"""Datasets up to 4 MiB are stored as they are: a query that loads them (a
single `solve` reads three) spends no time inflating them (eight's three
load in 7 ms instead of 28); larger ones (the cube's, nine-4's) are compressed."""


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
            described: dict[str, dict[str, Any]] = {"file": plain(dict(attrs)), "groups": {}, "datasets": {}}
            for group_name, (group_attrs, datasets) in groups.items():
                group = h5.create_group(group_name, track_order=True)
                described["groups"][group_name] = plain(dict(group_attrs))
                for name, packed in datasets.items():
                    described["datasets"][f"{group_name}/{name}"] = _write_dataset(group, name, packed)
            text = json.dumps(described, sort_keys=True)
            h5.attrs["format_version"] = FORMAT_VERSION
            h5.attrs[ATTRIBUTES] = text
            h5.attrs[DIGEST_ATTRIBUTE] = checksum(text.encode())
        with open(temporary, "rb") as written:
            os.fsync(written.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path.stat().st_size


def _write_dataset(group: h5py.Group, name: str, packed: Packed) -> dict[str, int]:
    """Store one dataset; return its attributes (see tables/FORMAT.md)."""
    values = np.ascontiguousarray(packed.values)
    if packed.bits in WHOLE_WIDTHS:
        if values.size and int(values.max()) >> packed.bits:
            raise ValueError(f"dataset {name} holds a value of more than {packed.bits} bits")
        data = values.astype(f"uint{packed.bits}")
    else:
        data = pack(values.astype(np.uint8), packed.bits)
    if data.nbytes > LARGEST_UNCOMPRESSED and packed.compressed:  # chunked, gzip'd and Fletcher-32'd by HDF5
        chunks = (min(data.size, _CHUNK_BYTES // data.itemsize),)
        stored = {"chunks": chunks, "fletcher32": True, "compression": "gzip", "compression_opts": COMPRESSION}
    else:  # contiguous, read straight into memory: the checksum below is its check
        stored = {}
    group.create_dataset(name, data=data, **stored)
    return {"bits": packed.bits, "count": values.size, "xxh3_128": checksum(data)}
