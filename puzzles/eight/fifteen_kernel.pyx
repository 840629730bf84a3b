# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The 4x4 search, compiled: IDA* over the board guided by the pattern
tables, as `fifteen_reference` does it in plain Python (the tests hold the
two to the same answers). A table is indexed by its placement's rank
(`placements.rank`); a move changes one tile's digit, and a move up or down
also the digits of its group's tiles it passes (the three cells between
where it was and where it goes), so a child's rank is the parent's plus a
few additions read from small per-tile tables: no ranking from scratch. A
child reads both views' tables at once and is cut off on the larger sum
(the branch is on one comparison, not two); a C recursion walks the tree
without the interpreter.

Arguments as `fifteen.search_arguments` makes them (see `fifteen_reference`).
"""

from libc.stdint cimport int8_t, int64_t, uint8_t, uintptr_t
from libc.string cimport memcpy
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

import numpy as np

from ninebase.puzzles.eight.placements import view

cdef enum:
    FOUND = -1
    DEEPEST = 96  # the longest optimal solution is 80 moves
    OFF = 16  # a cell beyond the board: no tile of any group is there
    DONE = -1  # ends a list of moves

cdef int[16][4] TARGETS
cdef int[5] OPPOSITE
cdef int[16][5][4] MOVES_FROM  # per empty cell and last move: the moves to try (DONE after the last)
MOVES = "UDLR"


cdef struct View:
    # One way of looking up the tables: the board as given, or transposed. Indexed by tile (its home on the
    # board as given); OFF stands for no tile and adds nothing.
    const uint8_t* table[17]  # the tile's group's table, as stored: half of each distance (`placements.halved`)
    int group[17]
    int step[17][4]  # per move: the change of the group's rank when no other tile of the group is passed
    int passed[17][4][17]  # per move and other tile: what passing that tile adds to the change
    int between[16][4][3]  # per empty cell and move: the three cells passed (as given), OFF where none
    int index[3]
    int value[3]  # a move of the group's tiles flips its parity: the bit the table's halves leave out


cdef struct Search:
    int tile_at[17]
    View own
    View other
    int own_sum
    int other_sum
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
    cdef int cell, row, column, last, count, move
    for cell in range(16):
        row, column = cell // 4, cell % 4
        TARGETS[cell][0] = cell - 4 if row > 0 else -1
        TARGETS[cell][1] = cell + 4 if row < 3 else -1
        TARGETS[cell][2] = cell - 1 if column > 0 else -1
        TARGETS[cell][3] = cell + 1 if column < 3 else -1
    OPPOSITE[0], OPPOSITE[1], OPPOSITE[2], OPPOSITE[3], OPPOSITE[4] = 1, 0, 3, 2, -1
    for cell in range(16):
        for last in range(5):
            count = 0
            for move in range(4):
                if TARGETS[cell][move] >= 0 and move != OPPOSITE[last]:
                    MOVES_FROM[cell][last][count] = move
                    count += 1
            for move in range(count, 4):
                MOVES_FROM[cell][last][move] = DONE


_targets()


cdef inline double now() noexcept nogil:
    cdef timespec clock
    clock_gettime(CLOCK_MONOTONIC, &clock)
    return clock.tv_sec + clock.tv_nsec * 1e-9


cdef inline int moved(View* view, const int* tile_at, int empty, int move, int tile) noexcept nogil:
    """The rank of `tile`'s group once the tile moves into `empty`."""
    cdef const int* cells = view.between[empty][move]
    cdef const int* passed = view.passed[tile][move]
    return (
        view.index[view.group[tile]] + view.step[tile][move]
        + passed[tile_at[cells[0]]] + passed[tile_at[cells[1]]] + passed[tile_at[cells[2]]]
    )


cdef int dfs(Search* s, int empty, int cost, int bound, int last) noexcept nogil:
    """FOUND with the moves in s.path, else the least f above `bound`."""
    cdef int at, move, target, tile, group, other_group, index, other_index, value, other_value
    cdef int old, other_old, old_index, other_old_index, own, other, found
    cdef int least = 1 << 30
    cdef const int* moves = MOVES_FROM[empty][last]
    if s.own_sum == 0:
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
    for at in range(4):
        move = moves[at]
        if move == DONE:
            break
        target = TARGETS[empty][move]
        tile = s.tile_at[target]
        group = s.own.group[tile]
        index = moved(&s.own, s.tile_at, empty, move, tile)
        old = s.own.value[group]
        value = (s.own.table[tile][index] << 1) | ((old & 1) ^ 1)
        own = s.own_sum + value - old
        other_group = s.other.group[tile]
        other_index = moved(&s.other, s.tile_at, empty, move, tile)
        other_old = s.other.value[other_group]
        other_value = (s.other.table[tile][other_index] << 1) | ((other_old & 1) ^ 1)
        other = s.other_sum + other_value - other_old
        found = cost + 1 + (own if own > other else other)
        if found <= bound:
            old_index, other_old_index = s.own.index[group], s.other.index[other_group]
            s.own.index[group], s.own.value[group], s.own_sum = index, value, own
            s.other.index[other_group], s.other.value[other_group], s.other_sum = other_index, other_value, other
            s.tile_at[empty], s.tile_at[target] = tile, OFF
            s.path[cost] = move
            found = dfs(s, target, cost + 1, bound, move)
            if found == FOUND:
                return FOUND
            s.tile_at[target], s.tile_at[empty] = tile, OFF
            s.own.index[group], s.own.value[group], s.own_sum = old_index, old, own - value + old
            s.other.index[other_group], s.other.value[other_group] = other_old_index, other_old
            s.other_sum = other - other_value + other_old
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


cdef int copied(int* into, object values, int count) except -1:
    """`count` int32 values of a contiguous array into a C array."""
    if values.dtype != np.int32 or not values.flags.c_contiguous or values.size != count:
        raise ValueError(f"{values.size} values of {values.dtype}, not {count} contiguous int32")
    memcpy(into, <const int*><uintptr_t>values.ctypes.data, count * sizeof(int))
    return 0


cdef int view_setup(View* view, object prepared, tuple tables, int home) except -1:
    """One view of the board as `placements.view` works it out, the tables read through raw pointers."""
    cdef int tile
    copied(view.group, prepared.group, 17)
    copied(&view.step[0][0], prepared.step, 17 * 4)
    copied(&view.passed[0][0][0], prepared.passed, 17 * 4 * 17)
    copied(&view.between[0][0][0], prepared.between, 16 * 4 * 3)
    copied(view.index, prepared.index, 3)
    copied(view.value, prepared.value, 3)
    for tile in range(17):
        view.table[tile] = NULL if tile == home or tile == OFF else table_of(tables[view.group[tile]], prepared.lengths[view.group[tile]])
    return 0


cdef int setup(Search* s, tuple arguments) except -1:
    """The board and the tables into `s` (`arguments` as `fifteen.search_arguments` makes them); returns the empty cell."""
    cdef int tile, home = int(arguments[1][0])
    cells, seen_as = list(arguments[0]), list(arguments[2])
    own_tables, other_tables = tuple(arguments[5:8]), tuple(arguments[10:13])
    view_setup(&s.own, view(arguments[3], arguments[4], list(range(16)), home, cells, own_tables), own_tables, home)
    view_setup(&s.other, view(arguments[8], arguments[9], seen_as, home, cells, other_tables), other_tables, home)
    for tile in range(17):
        s.tile_at[tile] = OFF
    for tile in range(16):
        if tile != home:
            s.tile_at[cells[tile]] = tile
    s.own_sum = s.own.value[0] + s.own.value[1] + s.own.value[2]
    s.other_sum = s.other.value[0] + s.other.value[1] + s.other.value[2]
    s.nodes = 0
    s.every = 0
    return cells[home]


def search(*arguments):
    """One optimal solution (move letters) of a solvable board, and the nodes expanded."""
    cdef Search s
    cdef int home = <int>arguments[1][0], bound, found, parity
    cdef int cell = setup(&s, tuple(arguments))
    parity = (abs(cell // 4 - home // 4) + abs(cell % 4 - home % 4)) % 2  # every solution's length has it
    bound = s.own_sum if s.own_sum > s.other_sum else s.other_sum
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
