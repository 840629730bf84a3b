# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The 4x4 search, compiled: IDA* over the board guided by the pattern
tables, as `fifteen_reference` does it in plain Python (the tests hold the
two to the same answers). Each move updates the two tables' indices it
touches (the board as given and transposed) by one addition each, so a node costs six
table reads and no ranking; a C recursion walks the tree without the
interpreter (some 10 to 20 million nodes a second).

Arguments as `fifteen.search_arguments` makes them (see `fifteen_reference`).
"""

from libc.stdint cimport int8_t, int64_t, uint8_t, uintptr_t
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

import numpy as np

cdef enum:
    FOUND = -1
    DEEPEST = 96  # the longest optimal solution is 80 moves

cdef int[16][4] TARGETS
cdef int[5] OPPOSITE
MOVES = "UDLR"


cdef struct Search:
    int tile_at[16]
    int number[16]
    int shift[16]
    int reflected_number[16]
    int reflected_shift[16]
    int flip[16]
    int index[3]
    int reflected[3]
    int value[3]  # each table's value at its index: a move reads the one table it changes
    int reflected_value[3]
    int own  # the sum of `value`
    int other  # the sum of `reflected_value`
    const uint8_t* tables[3]
    const uint8_t* reflected_tables[3]
    int path[DEEPEST]
    int length
    int64_t nodes
    # counting: every solution of `length` moves is visited instead of the first
    int every
    int64_t count  # the solutions visited so far (one leaf each: no 64-bit overflow within any budget)
    int64_t skip  # solutions passed over before any is kept
    int64_t limit  # solutions kept at most (then the search stops)
    int64_t kept
    int8_t* out  # `limit` rows of DEEPEST move numbers
    double deadline  # CLOCK_MONOTONIC seconds
    int expired


cdef void _targets():
    cdef int cell, row, column
    for cell in range(16):
        row, column = cell // 4, cell % 4
        TARGETS[cell][0] = cell - 4 if row > 0 else -1
        TARGETS[cell][1] = cell + 4 if row < 3 else -1
        TARGETS[cell][2] = cell - 1 if column > 0 else -1
        TARGETS[cell][3] = cell + 1 if column < 3 else -1
    OPPOSITE[0], OPPOSITE[1], OPPOSITE[2], OPPOSITE[3], OPPOSITE[4] = 1, 0, 3, 2, -1


_targets()


cdef inline double now() noexcept nogil:
    cdef timespec clock
    clock_gettime(CLOCK_MONOTONIC, &clock)
    return clock.tv_sec + clock.tv_nsec * 1e-9


cdef int dfs(Search* s, int empty, int cost, int bound, int last) noexcept nogil:
    """FOUND with the moves in s.path, else the least f above `bound`. A
    child's own sum is read first (one table); the transposed view's only
    when that one does not cut it off."""
    cdef int move, target, tile, table, step, old, reflected_table, flipped, reflected_old, below, found
    cdef int least = 1 << 30
    if s.own == 0 and s.other == 0:
        s.length = cost
        if not s.every:
            return FOUND
        s.count += 1
        if s.count > s.skip:
            for move in range(cost):
                s.out[s.kept * DEEPEST + move] = s.path[move]
            s.kept += 1
            if s.kept == s.limit:
                return FOUND
        return 1 << 30
    s.nodes += 1
    if s.every and (s.nodes & 0xFFF) == 0 and now() > s.deadline:
        s.expired = 1
        return FOUND
    for move in range(4):
        target = TARGETS[empty][move]
        if target < 0 or move == OPPOSITE[last]:
            continue
        tile = s.tile_at[target]
        table = s.number[tile]
        step = (empty - target) << s.shift[tile]
        old = s.value[table]
        s.index[table] += step
        s.value[table] = s.tables[table][s.index[table]]
        s.own += s.value[table] - old
        if cost + 1 + s.own > bound:
            found = cost + 1 + s.own
        else:
            reflected_table = s.reflected_number[tile]
            flipped = (s.flip[empty] - s.flip[target]) << s.reflected_shift[tile]
            reflected_old = s.reflected_value[reflected_table]
            s.reflected[reflected_table] += flipped
            s.reflected_value[reflected_table] = s.reflected_tables[reflected_table][s.reflected[reflected_table]]
            s.other += s.reflected_value[reflected_table] - reflected_old
            below = s.own if s.own > s.other else s.other
            if cost + 1 + below > bound:
                found = cost + 1 + below
            else:
                s.tile_at[empty] = tile
                s.tile_at[target] = -1
                s.path[cost] = move
                found = dfs(s, target, cost + 1, bound, move)
                if found == FOUND:
                    return FOUND
                s.tile_at[target] = tile
                s.tile_at[empty] = -1
            s.other += reflected_old - s.reflected_value[reflected_table]
            s.reflected_value[reflected_table] = reflected_old
            s.reflected[reflected_table] -= flipped
        s.own += old - s.value[table]
        s.value[table] = old
        s.index[table] -= step
        if found < least:
            least = found
    return least


cdef const uint8_t* table_of(object table, int64_t size) except NULL:
    """A table's first byte, once it is checked to be `size` bytes or more of
    contiguous uint8 (the caller holds it through the search). Raw pointers,
    not typed memoryviews: Cython's memoryview code made the C file 1.3 MB
    and the package's install 12 s of CPU slower."""
    if table.dtype != np.uint8 or not table.flags.c_contiguous or table.size < size:
        raise ValueError(f"a table of {table.size} {table.dtype} values, not {size} contiguous bytes or more")
    return <const uint8_t*><uintptr_t>table.ctypes.data


cdef int setup(Search* s, tuple arguments) except -1:
    """The board and the tables into `s` (`arguments` as `fifteen.search_arguments` makes them); returns the empty cell."""
    cdef int tile, cell, table, home = int(arguments[1][0])
    cells, second_view, number, shift = ([int(value) for value in arguments[at]] for at in (0, 2, 3, 4))
    reflected_number, reflected_shift = ([int(value) for value in arguments[at]] for at in (8, 9))
    s.nodes = 0
    s.every = 0
    for table in range(3):  # each table holds 16 ** (its group's size) bytes: every index its tiles can make
        s.tables[table] = table_of(
            arguments[5 + table], max([16 << shift[t] for t in range(16) if t != home and number[t] == table])
        )
        s.reflected_tables[table] = table_of(
            arguments[10 + table],
            max([16 << reflected_shift[t] for t in range(16) if t != home and reflected_number[t] == table]),
        )
    for tile in range(3):
        s.index[tile] = 0
        s.reflected[tile] = 0
    for tile in range(16):
        s.tile_at[tile] = -1
        s.flip[tile] = <int>second_view[tile]
        s.number[tile] = <int>number[tile]
        s.shift[tile] = <int>shift[tile]
        s.reflected_number[tile] = <int>reflected_number[tile]
        s.reflected_shift[tile] = <int>reflected_shift[tile]
    for tile in range(16):
        if tile != home:
            cell = <int>cells[tile]
            s.tile_at[cell] = tile
            s.index[s.number[tile]] += cell << s.shift[tile]
            s.reflected[s.reflected_number[tile]] += s.flip[cell] << s.reflected_shift[tile]
    s.own = s.other = 0
    for tile in range(3):
        s.value[tile] = s.tables[tile][s.index[tile]]
        s.reflected_value[tile] = s.reflected_tables[tile][s.reflected[tile]]
        s.own += s.value[tile]
        s.other += s.reflected_value[tile]
    return <int>cells[home]


def search(*arguments):
    """One optimal solution (move letters) of a solvable board, and the nodes expanded."""
    cdef Search s
    cdef int home = <int>arguments[1][0], bound, found, parity
    cdef int cell = setup(&s, tuple(arguments))
    parity = (abs(cell // 4 - home // 4) + abs(cell % 4 - home % 4)) % 2  # every solution's length has it
    bound = s.own if s.own > s.other else s.other
    with nogil:
        while True:
            found = dfs(&s, cell, 0, bound, 4)
            if found == FOUND or found > DEEPEST:
                break
            bound = found + (found - parity) % 2  # a bound of the other parity would find nothing new
    if found != FOUND:
        raise ValueError(f"no solution within {DEEPEST} moves: the board is unsolvable")
    return "".join(MOVES[s.path[move]] for move in range(s.length)), s.nodes


def every(arguments, int length, int64_t skip, int64_t limit, double seconds):
    """The optimal solutions of `length` moves in the search's order: how
    many were visited, and the move letters of those after the first `skip`,
    `limit` at most (the search stops at the last of them; a `skip` past
    every solution counts them all). One depth-first pass bounded by
    `length`, as IDA*'s last iteration; None for the count when `seconds`
    ran out first (never a partial number)."""
    cdef Search s
    cdef int cell = setup(&s, tuple(arguments))
    kept = np.zeros((max(limit, 1), DEEPEST), dtype=np.int8)
    s.every, s.count, s.skip, s.limit, s.kept, s.expired = 1, 0, skip, limit, 0, 0
    s.out = <int8_t*><uintptr_t>kept.ctypes.data
    s.deadline = now() + seconds
    with nogil:
        dfs(&s, cell, 0, length, 4)
    if s.expired:
        return None, [], s.nodes
    solutions = ["".join(MOVES[move] for move in kept[row, :length]) for row in range(s.kept)]
    return s.count, solutions, s.nodes


def solve(*arguments):
    """One optimal solution (move letters) of a solvable board."""
    return search(*arguments)[0]
