"""The packed layout of tables/FORMAT.md, read back as the format describes
it (not through `unpack`), and `pack`/`unpack` as a round trip."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ninebase.lookup.tablefile import pack, unpack

widths = st.sampled_from([2, 4])


@st.composite
def values_of_a_width(draw: st.DrawFn) -> tuple[np.ndarray, int]:
    bits = draw(widths)
    values = draw(st.lists(st.integers(0, (1 << bits) - 1), max_size=300))
    return np.array(values, dtype=np.uint8), bits


@given(values_of_a_width())
def test_unpack_inverts_pack(case: tuple[np.ndarray, int]) -> None:
    values, bits = case
    assert unpack(pack(values, bits), bits, values.size).tolist() == values.tolist()


@given(values_of_a_width())
def test_the_bytes_are_laid_out_as_the_format_says(case: tuple[np.ndarray, int]) -> None:
    """FORMAT.md: planes of L bytes, L the fewest whole 8-byte words that hold
    count / (8 / bits) values; value i sits in byte i mod L at bits
    (i div L) * bits and up; the rest is zero."""
    values, bits = case
    per_byte = 8 // bits
    length = -(-values.size // per_byte)
    length += -length % 8
    packed = pack(values, bits)
    assert packed.dtype == np.uint8 and packed.size == length
    read = [(int(packed[i % length]) >> (i // length * bits)) & ((1 << bits) - 1) for i in range(values.size)]
    assert read == values.tolist()
    padding = [
        (int(packed[i % length]) >> (i // length * bits)) & ((1 << bits) - 1)
        for i in range(values.size, length * per_byte)
    ]
    assert not any(padding)


def test_a_packed_dataset_of_the_wrong_size_is_refused() -> None:
    packed = pack(np.arange(4, dtype=np.uint8), 2)
    for wrong in (packed[:-1], np.concatenate([packed, packed])):
        with pytest.raises(ValueError, match="are not 4 values of 2 bits packed"):
            unpack(wrong, 2, 4)
