# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""A pattern table's 0-1 search, compiled: the levels of
`pattern_tables.pattern_table`'s search in C, over placements numbered by rank (`placements.rank`), as the
NumPy one in `pattern_tables` does it over cell << 4i numbers (the tests
hold the two to the same tables). Seven tiles take about 30 s of CPU here
and 440 MB, where the NumPy search took 130 s and 1.3 GB. One thread: a
level's placements shared among two threads took 28 s wall for a seven-tile
table but 56 s of CPU, the next level's marks made with an atomic OR (44 s
alone), where CI's two test processes each build the tables at once.

Per placement, `seen` holds the empty cell's places settled so far; each
level is one pass over every placement: those whose newly reached places are
not all seen are spread through the free cells (moves of other tiles cost
nothing), settled at this level, and each tile next to a settled place moves
into it (a move of the group's tiles costs 1), its new placement's rank the
old one plus what that move changes (as the search's kernel works it out),
the place it left reached for the next level.
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
    cdef int64_t placement, rest, digit, change, settled = 0
    cdef int tile, other, cell, to, way, passed
    cdef int cells[16]
    cdef int tile_at[16]
    cdef unsigned new, taken, free, places
    for placement in range(size):
        new = reached[placement]
        if new == 0:
            continue
        reached[placement] = 0
        new &= ~seen[placement]
        if new == 0:
            continue
        settled += 1
        taken = 0
        for cell in range(16):
            tile_at[cell] = -1
        rest = placement
        for tile in range(tiles):  # the tile's digit counts the cells not taken: skip that many of them
            digit = (rest // weight[tile]) % (16 - tile)
            free = ~taken & 0xFFFF
            while digit > 0:
                free &= free - 1
                digit -= 1
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
