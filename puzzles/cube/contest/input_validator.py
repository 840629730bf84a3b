"""Cubic Eight-Puzzle: accept (exit 42) one to fifteen datasets and then the
line `0 0`: a dataset is a line `x y` (each 1, 2 or 3) and three lines of
three letters W, B, R or E separated by single spaces, exactly one E; every
line ends in a newline and nothing follows `0 0`."""

import re
import sys

data = sys.stdin.buffer.read()
dataset = rb"[1-3] [1-3]\n(?:[WBRE] [WBRE] [WBRE]\n){3}"
if not re.fullmatch(rb"(?:%s){1,15}0 0\n" % dataset, data):
    sys.exit("expected 1 to 15 datasets (a line 'x y', three rows of W B R E) and then a line '0 0'")
for number, match in enumerate(re.finditer(dataset, data), 1):
    if match.group().count(b"E") != 1:
        sys.exit(f"dataset {number}: the pattern must have exactly one E")
sys.exit(42)
