# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""A pattern table's 0-1 search, compiled: the levels of
`pattern_tables.pattern_table`'s search in C, over placements numbered by
rank (`placements.rank`), as the NumPy one in `pattern_tables` does it over
cell << 4i numbers (the tests hold the two to the same tables). Seven tiles
take about 26 s of CPU and 440 MB, where the NumPy search took 130 s and
1.3 GB.

Per placement, `seen` holds the empty cell's places settled so far. Each
level is one pass over every placement in order, its digits counted up with
it (reading them by division took a quarter of the time): those whose newly
reached places are not all seen are spread through the free cells (moves of
other tiles cost nothing), settled at this level, and each tile next to a
settled place moves into it (a move of the group's tiles costs 1), its new
placement's rank the old one plus what that move changes (as the search's
kernel works it out), the place it left reached for the next level.

A level runs on one thread, the GIL let go, so that several tables can be
built at once (`pattern_tables.all_pattern_tables`). One table's levels
shared among two threads took 28 s wall for seven tiles but 56 s of CPU:
the marks for the next level then need an atomic OR, which alone made one
thread take 44 s, where CI's two test processes each build the tables at
once. Prefetching each mark's byte a few dozen marks ahead took 36 s
against 32.
"""

from libc.stdint cimport int64_t, uint8_t, uint16_t, uintptr_t

from ninebase.puzzles.storage import UNREACHABLE

cdef extern from *:
    int lowest_bit "__builtin_ctz"(unsigned int) nogil

cdef uint8_t UNSET = UNREACHABLE
cdef int[4] STEP
STEP[0], STEP[1], STEP[2], STEP[3] = -4, 4, -1, 1


cdef inline unsigned spread(unsigned places, unsigned free) noexcept nogil:
    """`places` (a bit per cell) grown through `free` cells as far as the empty cell can go."""
    cdef unsigned grown
    while True:
        grown = places | (places >> 4) | (places << 4) | ((places >> 1) & 0x7777) | ((places << 1) & 0xEEEE)
        grown = (grown & free) | places
        if grown == places:
            return places
        places = grown


cdef int64_t level(
    int tiles, const int64_t* weight, int64_t size, int distance,
    uint8_t* distances, uint16_t* seen, uint16_t* reached, uint16_t* following,
) noexcept nogil:
    """Settle the placements `reached` at `distance` and mark what their
    tiles' moves reach in `following`; return how many were settled."""
    cdef int64_t placement = 0, change, settled = 0
    cdef int tile, other, cell, to, way, passed, last, skip, carry
    cdef int cells[16]
    cdef int tile_at[16]
    cdef int digits[16]  # the placement's digits, counted up with it: no division to read them
    cdef unsigned new, taken, free, places
    for tile in range(16):
        digits[tile] = 0
    while placement < size:
        for last in range(17 - tiles):  # the last digit's every value, then a carry into the others
            digits[tiles - 1] = last
            new = reached[placement]
            if new == 0:
                placement += 1
                continue
            reached[placement] = 0
            new &= ~seen[placement]
            if new == 0:
                placement += 1
                continue
            settled += 1
            taken = 0
            for cell in range(16):
                tile_at[cell] = -1
            for tile in range(tiles):  # the tile's digit counts the cells not taken: skip that many of them
                free = ~taken & 0xFFFF
                for skip in range(digits[tile]):
                    free &= free - 1
                cells[tile] = lowest_bit(free)
                taken |= 1u << cells[tile]
                tile_at[cells[tile]] = tile
            places = spread(new, ~taken & ~seen[placement] & 0xFFFF)
            seen[placement] |= places
            if distances[placement] == UNSET:
                distances[placement] = distance
            for tile in range(tiles):
                cell = cells[tile]
                for way in range(4):
                    to = cell + STEP[way]
                    if to < 0 or to > 15 or (way >= 2 and (to >> 2) != (cell >> 2)) or not ((places >> to) & 1):
                        continue
                    if way >= 2:  # a step along a row passes no cell: only the tile's own digit changes
                        change = STEP[way] * weight[tile]
                    else:  # down a row (up: the opposite) past three cells: an earlier tile there takes one
                        change = 4 * weight[tile]  # from this tile's digit, a later one's digit gains one
                        for passed in range(1, 4):
                            other = tile_at[cell + passed] if way == 1 else tile_at[cell - passed]
                            if other >= 0:
                                change += -weight[tile] if other < tile else weight[other]
                        if way == 0:
                            change = -change
                    following[placement + change] |= 1u << cell
            placement += 1
        carry = tiles - 2
        while carry >= 0:
            digits[carry] += 1
            if digits[carry] < 16 - carry:
                break
            digits[carry] = 0
            carry -= 1
    return settled


def settle(int tiles, tuple weights, int distance, distances, seen, reached, following):
    """`level`, the GIL let go; the arrays as `pattern_tables.pattern_table`
    makes them. How many placements it settled."""
    cdef int64_t weight[16]
    cdef int tile
    for tile in range(tiles):
        weight[tile] = weights[tile]
    cdef uint8_t* distances_at = <uint8_t*><uintptr_t>distances.ctypes.data
    cdef uint16_t* seen_at = <uint16_t*><uintptr_t>seen.ctypes.data
    cdef uint16_t* reached_at = <uint16_t*><uintptr_t>reached.ctypes.data
    cdef uint16_t* following_at = <uint16_t*><uintptr_t>following.ctypes.data
    cdef int64_t settled, size = distances.size
    with nogil:
        settled = level(tiles, weight, size, distance, distances_at, seen_at, reached_at, following_at)
    return settled
