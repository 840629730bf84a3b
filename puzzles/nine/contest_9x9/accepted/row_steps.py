"""9-Nine (the story's 9x9, within 999 operations), a reference solution
(standard library only): at most 695 operations on every board, proven in
docs/nine-construction.md ("A simpler construction for the judge").

A 1 of A is a defect; each class of cells (an orbit of positions under a
quarter turn, A's cells and B's on it) holds as many 1s of A as 0s of B.
A row step C_K AL C_m AR C_K (m in K, C_K the exchanges of the columns K)
exchanges A(n-1-l, m) with B(m, l) for every l in K and otherwise only moves
cells of A within A; C_K AR C_m AL C_K exchanges A(l, m) with B(n-1-m, l).
So, one defect at a time:
- off the diagonals (64 at most): turn B until a 0 of B in the defect's
  class sits where the step meets it, then the step on K = {m, l}: at most
  2 + 7 operations, one generic defect fewer (the diagonal pair of column m
  may change, and is left for later);
- on a diagonal (17 at most: 4 per diagonal ring, 1 at the centre): the
  same with K = {m}, which exchanges no cell off the diagonals: at most 2 + 5.
"""

import sys

N = 9


def turned_left(matrix):
    return [[matrix[column][N - 1 - row] for column in range(N)] for row in range(N)]


def turned_right(matrix):
    return [[matrix[N - 1 - column][row] for column in range(N)] for row in range(N)]


def quarter(position):
    """Where a quarter turn to the left takes the cell at `position`."""
    row, column = position
    return N - 1 - column, row


class Board:
    """The two matrices, and the operations made on them so far."""

    def __init__(self, a, b):
        self.a, self.b, self.names = a, b, []

    def turn(self, matrix, quarters):
        """Turn A ("A") or B ("B") `quarters` quarter turns to the left (three: one to the right)."""
        quarters %= 4
        for name in [matrix + "R"] if quarters == 3 else [matrix + "L"] * quarters:
            self.do(name)

    def do(self, name):
        if name == "AL":
            self.a = turned_left(self.a)
        elif name == "AR":
            self.a = turned_right(self.a)
        elif name == "BL":
            self.b = turned_left(self.b)
        elif name == "BR":
            self.b = turned_right(self.b)
        self.names.append(name)

    def exchange(self, column):
        for row in range(N):
            self.a[row][column], self.b[row][column] = self.b[row][column], self.a[row][column]
        self.names.append(f"C{column + 1}")

    def row_step(self, middle, columns, left_first):
        """C_K AL C_m AR C_K (left_first) or C_K AR C_m AL C_K."""
        for column in columns:
            self.exchange(column)
        self.do("AL" if left_first else "AR")
        self.exchange(middle)
        self.do("AR" if left_first else "AL")
        for column in columns:
            self.exchange(column)

    def bring_zero(self, defect, target):
        """Turn B so that a 0 of B in the defect's class sits at `target` (a position of that class)."""
        seen, position = [], defect
        for _ in range(4):
            seen.append(position)
            position = quarter(position)
        for start, position in enumerate(seen):
            if self.b[position[0]][position[1]] == 0:
                self.turn("B", seen.index(target) - start)
                return
        raise ValueError("the board breaks the class rule: no 0 of B in the class of a 1 of A")


def special(row, column):
    return row == column or row + column == N - 1


def solve(a, b):
    board = Board(a, b)
    for on_diagonals in (False, True):
        while True:
            defects = [(r, c) for r in range(N) for c in range(N) if board.a[r][c] and special(r, c) == on_diagonals]
            if not defects:
                break
            row, column = defects[0]
            if not on_diagonals:  # A(row, column) = A(n-1-l, m) meets B(m, l)
                board.bring_zero((row, column), (column, N - 1 - row))
                board.row_step(column, [column, N - 1 - row], True)
            elif row + column == N - 1:  # on the anti-diagonal (or the centre): A(n-1-m, m) meets B(m, m)
                board.bring_zero((row, column), (column, column))
                board.row_step(column, [column], True)
            else:  # on the main diagonal: A(m, m) meets B(n-1-m, m)
                board.bring_zero((row, column), (N - 1 - column, column))
                board.row_step(column, [column], False)
    return board.names


def main():
    rows = sys.stdin.read().split()
    a = [[int(cell) for cell in row] for row in rows[:N]]
    b = [[int(cell) for cell in row] for row in rows[N:]]
    names = solve(a, b)
    sys.stdout.write(f"{len(names)}\n" + "".join(name + "\n" for name in names))


main()
