"""9-Nine (3x3): accept (exit 42) exactly six lines of three characters 0/1,
A's rows then B's, every line ending in a newline, for matrices that can
reach the goal (the original promises it): rotations and column exchanges
keep corner cells on corners, edge cells on edges and centres on centres,
so A and B together must hold, like the goal, four 1s on corner cells, four
on edge cells and one on the centres; boards with those counts are exactly
the solvable ones."""

import re
import sys

data = sys.stdin.buffer.read()
if not re.fullmatch(rb"([01]{3}\n){6}", data):
    sys.exit("expected six lines of three characters 0/1")
cells = data.replace(b"\n", b"").decode()
kinds = {"corner": (0, 2, 6, 8), "edge": (1, 3, 5, 7), "centre": (4,)}
goal = {"corner": 4, "edge": 4, "centre": 1}
for kind, spots in kinds.items():
    ones = sum(cells[spot] == "1" for spot in spots) + sum(cells[9 + spot] == "1" for spot in spots)
    if ones != goal[kind]:
        sys.exit(f"the matrices hold {ones} ones on {kind} cells, so the goal cannot be reached")
sys.exit(42)
