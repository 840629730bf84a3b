"""9-Nine (the story's 9x9): accept (exit 42) exactly 18 lines of nine
characters 0/1, A's rows then B's, every line ending in a newline, for
matrices that can reach the goal (the statement promises it). A quarter turn
takes the cell at (r, c) to (8 - c, r) and a column exchange keeps every
cell at its position, so the cells of A and B on one orbit of positions
under the turn (four positions, or the centre alone) keep their number of
1s: like the goal, each must hold 4 ones (1 at the centre). Boards with
those counts are exactly the solvable ones."""

import re
import sys

N = 9
data = sys.stdin.buffer.read()
if not re.fullmatch(rb"([01]{9}\n){18}", data):
    sys.exit("expected 18 lines of nine characters 0/1")
cells = data.replace(b"\n", b"").decode()
seen = set()
for row in range(N):
    for column in range(N):
        if (row, column) in seen:
            continue
        orbit = [(row, column)]
        while (N - 1 - orbit[-1][1], orbit[-1][0]) != orbit[0]:
            orbit.append((N - 1 - orbit[-1][1], orbit[-1][0]))
        seen.update(orbit)
        ones = sum(int(cells[r * N + c]) + int(cells[N * N + r * N + c]) for r, c in orbit)
        if ones != len(orbit):
            where = ", ".join(f"({r + 1},{c + 1})" for r, c in orbit)
            sys.exit(f"the cells of A and B at {where} hold {ones} ones, the goal {len(orbit)}: it cannot be reached")
sys.exit(42)
